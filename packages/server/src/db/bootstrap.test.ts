import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../platform/passwords.js';
import { queryRows } from '../test/factories.js';
import { openTestDatabase } from '../test/test-database.js';
import { bootstrap } from './bootstrap.js';
import type { Database } from './client.js';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

describe('bootstrap', () => {
  it('creates the root project, the administrator role and admin with a generated password, once', async () => {
    const first = await bootstrap(database.db, null);
    expect(first.created).toBe(true);
    expect(first.generatedPassword).toMatch(/^[A-Za-z0-9]{14}$/);
    const [admin] = await queryRows<{ name: string; password_hash: string; path: string; admin: boolean }>(
      database.db,
      (await import('drizzle-orm'))
        .sql`select u.name, u.password_hash, p.path, r.admin from users u join roles r on r.id = u.role_id join projects p on p.id = r.project_id`,
    );
    expect(admin).toMatchObject({ name: 'admin', admin: true });
    expect(admin!.path).toMatch(/^\/\d+\/$/);
    expect(await verifyPassword(admin!.password_hash, first.generatedPassword!)).toBe(true);
    const second = await bootstrap(database.db, 'Other123');
    expect(second).toEqual({ created: false, generatedPassword: null });
    expect(await verifyPassword(admin!.password_hash, 'Other123')).toBe(false);
  });
});
