import { HELD_KEY } from '@sc/contract/families/kit';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.js';
import { openTestDatabase } from '../test/test-database.js';
import { createInstances, defaultInstanceUrl, INSTANCE_ID_LENGTH } from './instances.js';
import { createInstancesRepository } from './instances.repository.js';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

describe('server instances', () => {
  it("makes keys that start with the instance's id and tells another instance's keys from its own", () => {
    const a = createInstances(createInstancesRepository(database.db));
    const b = createInstances(createInstancesRepository(database.db));
    const key = a.key(32);
    expect(key).toMatch(HELD_KEY);
    expect(key.slice(0, INSTANCE_ID_LENGTH)).toBe(a.id);
    expect(new Set(Array.from({ length: 50 }, () => a.key(32))).size).toBe(50);
    expect(a.otherOwner(key)).toBeNull();
    expect(b.otherOwner(key)).toBe(a.id);
    expect(b.otherOwner('short')).toBeNull();
  });

  it('finds another instance once it listens, no longer once it stopped or went quiet', async () => {
    const repo = createInstancesRepository(database.db);
    const a = createInstances(repo, { url: 'http://10.0.0.11:8080' });
    const b = createInstances(repo);
    expect(await b.urlOf(a.id)).toBeNull();
    await a.start({ address: '0.0.0.0', port: 8080 }, () => undefined);
    // Remembered a few seconds: a fresh lookup sees it.
    expect(await createInstances(repo).urlOf(a.id)).toBe('http://10.0.0.11:8080');
    await a.stop();
    expect(await createInstances(repo).urlOf(a.id)).toBeNull();

    const c = createInstances(repo, { url: 'http://10.0.0.12:8080' });
    await c.start({ address: '0.0.0.0', port: 8080 }, () => undefined);
    await database.db.execute(
      sql`update server_instances set seen_at = now() - interval '5 minutes' where id = ${c.id}`,
    );
    expect(await createInstances(repo).urlOf(c.id)).toBeNull();
    await c.stop();
  });

  it('is reached at the address it listens on, or its own IPv4 when it listens on every address', () => {
    expect(defaultInstanceUrl({ address: '127.0.0.1', port: 4000 })).toBe('http://127.0.0.1:4000');
    expect(defaultInstanceUrl({ address: '::1', port: 4000 })).toBe('http://[::1]:4000');
    expect(defaultInstanceUrl({ address: '0.0.0.0', port: 4000 })).toMatch(/^http:\/\/\d+\.\d+\.\d+\.\d+:4000$/);
  });
});
