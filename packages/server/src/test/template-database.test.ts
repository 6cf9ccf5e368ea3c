import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.js';
import { currentMigrations, MIGRATIONS_FOLDER } from '../db/pgdata-template.js';
import { queryRows } from './factories.js';
import { migrationsKey } from './template-database.js';
import { openTestDatabase } from './test-database.js';

const applied = async (database: Database) =>
  (await queryRows<{ n: number }>(database.db, sql`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`))[0]!.n;

let a: Database;
let b: Database;
beforeAll(async () => {
  [a, b] = await Promise.all([openTestDatabase(), openTestDatabase()]);
});
afterAll(async () => {
  await Promise.all([a?.close(), b?.close()]);
});

describe('the test files’ databases, copies of a migrated template', () => {
  it('hold every migration, and migrate() applies nothing more', async () => {
    const all = currentMigrations().length;
    expect(await applied(a)).toBe(all);
    await a.migrate();
    expect(await applied(a)).toBe(all);
    // The extensions the migrations create work (the device search's trigrams).
    const [row] = await queryRows<{ ok: boolean }>(a.db, sql`SELECT similarity('lamp-001', 'lamp-002') > 0 AS ok`);
    expect(row!.ok).toBe(true);
  });

  it('are each the test file’s own', async () => {
    await a.db.execute(sql`CREATE TABLE only_in_a (id int)`);
    await a.db.execute(sql`INSERT INTO only_in_a VALUES (1)`);
    const [row] = await queryRows<{ t: string | null }>(b.db, sql`SELECT to_regclass('only_in_a')::text AS t`);
    expect(row!.t).toBeNull();
  });

  it('come from a template named by the migrations: a changed migration makes another', () => {
    const temp = fs.mkdtempSync(path.join(os.tmpdir(), 'sc-template-key-'));
    try {
      fs.cpSync(MIGRATIONS_FOLDER, temp, { recursive: true });
      expect(migrationsKey(temp)).toBe(migrationsKey());
      const [last] = currentMigrations(temp).slice(-1)[0]!.split(' ');
      fs.appendFileSync(path.join(temp, `${last}.sql`), '\n-- changed\n');
      expect(migrationsKey(temp)).not.toBe(migrationsKey());
    } finally {
      fs.rmSync(temp, { recursive: true, force: true });
    }
  });

  it('come from another template when a migration is generated again with the same SQL but a later time', () => {
    // drizzle applies a migration newer than the last one applied: a template holding the earlier one
    // would have it run again (its CREATE TABLE failing).
    const temp = fs.mkdtempSync(path.join(os.tmpdir(), 'sc-template-key-'));
    try {
      fs.cpSync(MIGRATIONS_FOLDER, temp, { recursive: true });
      const journalFile = path.join(temp, 'meta/_journal.json');
      const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as { entries: { when: number }[] };
      journal.entries[journal.entries.length - 1]!.when += 60_000;
      fs.writeFileSync(journalFile, JSON.stringify(journal));
      expect(migrationsKey(temp)).not.toBe(migrationsKey());
    } finally {
      fs.rmSync(temp, { recursive: true, force: true });
    }
  });
});
