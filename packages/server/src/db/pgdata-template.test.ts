import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite } from './client.js';
import {
  buildTemplate,
  currentMigrations,
  MIGRATIONS_FOLDER,
  templateFor,
  templateIsCurrent,
} from './pgdata-template.js';
import { startPgliteWorker } from './pglite-worker.js';
import { PLANNER_SETUP } from './planner.js';

// PGlite only: PostgreSQL has no data directory of ours.
const embedded = process.env.TEST_DB !== 'pg';

let temp: string;
/** Today's migrations but the last: a template made by an earlier build. */
let older: string;
let templateDir: string;
beforeAll(async () => {
  if (!embedded) return;
  temp = fs.mkdtempSync(path.join(os.tmpdir(), 'sc-template-'));
  older = path.join(temp, 'migrations');
  fs.cpSync(MIGRATIONS_FOLDER, older, { recursive: true });
  const journalFile = path.join(older, 'meta/_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as { entries: unknown[] };
  journal.entries.pop();
  fs.writeFileSync(journalFile, JSON.stringify(journal));
  templateDir = path.join(temp, 'template');
  // Opened as the build opens it, migrated with the older migrations.
  const open = async (dataDir: string) => {
    const database = await openPglite(dataDir, { thread: 'main', template: null });
    return {
      migrate: () => migrate(database.db as unknown as PgliteDatabase, { migrationsFolder: older }),
      close: () => database.close(),
    };
  };
  await buildTemplate(open, templateDir, older);
}, 180_000);
afterAll(() => {
  if (temp) fs.rmSync(temp, { recursive: true, force: true });
});

describe.runIf(embedded)('the template data directory', () => {
  it('serves a new data directory when its migrations are the first of today’s, and only then', () => {
    expect(templateIsCurrent(templateDir, older)).toBe(true);
    expect(templateIsCurrent(templateDir, MIGRATIONS_FOLDER)).toBe(false);
    const fresh = path.join(temp, 'fresh');
    expect(templateFor(fresh, templateDir, MIGRATIONS_FOLDER)).toBe(path.join(templateDir, 'pgdata'));
    // A migration it holds changed since (or was replaced by another of the same number): not used.
    const changed = path.join(temp, 'changed');
    fs.cpSync(MIGRATIONS_FOLDER, changed, { recursive: true });
    fs.appendFileSync(path.join(changed, '0000_init.sql'), '\n-- changed\n');
    expect(templateFor(fresh, templateDir, changed)).toBeNull();
    // No template, or a data directory that holds a database already: not used.
    expect(templateFor(fresh, path.join(temp, 'none'), MIGRATIONS_FOLDER)).toBeNull();
    const existing = path.join(temp, 'existing');
    fs.mkdirSync(existing);
    fs.writeFileSync(path.join(existing, 'PG_VERSION'), '17\n');
    expect(templateFor(existing, templateDir, MIGRATIONS_FOLDER)).toBeNull();
  });

  it('starts a server’s database from it and migrates forward only what is newer', async () => {
    const dataDir = path.join(temp, 'data');
    fs.mkdirSync(dataDir);
    const template = templateFor(dataDir, templateDir, MIGRATIONS_FOLDER);
    expect(template).not.toBeNull();
    const worker = startPgliteWorker(dataDir, PLANNER_SETUP, template);
    const database = await openPglite(dataDir, { worker });
    try {
      // Before migrating: the template's migrations are there, today's last one is not yet.
      const before = await worker.query('SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations');
      expect(before.rows).toEqual([{ n: currentMigrations().length - 1 }]);
      await database.migrate();
      const after = await worker.query('SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations');
      expect(after.rows).toEqual([{ n: currentMigrations().length }]);
      const users = await worker.query('SELECT count(*)::int AS n FROM users');
      expect(users.rows).toEqual([{ n: 0 }]);
    } finally {
      await database.close();
    }
    expect(fs.existsSync(path.join(dataDir, 'PG_VERSION'))).toBe(true);
  }, 120_000);
});
