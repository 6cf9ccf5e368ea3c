import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { Db } from '../db/client.js';

/** The project's migrations folder. */
export const MIGRATIONS = path.join(import.meta.dirname, '../db/migrations');

/** A folder of the migrations up to (not including) the one whose tag ends with `suffix`. */
export function migrationsBefore(suffix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sc-mig-'));
  fs.mkdirSync(path.join(dir, 'meta'));
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS, 'meta/_journal.json'), 'utf8'));
  const upTo = journal.entries.findIndex((e: { tag: string }) => e.tag.endsWith(suffix));
  if (upTo < 0) throw new Error(`no migration ending with ${suffix}`);
  journal.entries = journal.entries.slice(0, upTo);
  fs.writeFileSync(path.join(dir, 'meta/_journal.json'), JSON.stringify(journal));
  for (const e of journal.entries)
    fs.copyFileSync(path.join(MIGRATIONS, `${e.tag}.sql`), path.join(dir, `${e.tag}.sql`));
  return dir;
}

/**
 * An empty database of the suite's kind (PGlite in memory, or a new database of TEST_DATABASE_URL's
 * cluster when TEST_DB=pg) that migrates from a folder at a time; `close` ends and drops it.
 */
export async function emptyDatabase(): Promise<{
  db: Db;
  migrate: (dir: string) => Promise<void>;
  close: () => Promise<void>;
}> {
  if (process.env.TEST_DB !== 'pg') {
    const client = await PGlite.create(undefined, { extensions: { pg_trgm } });
    const db = drizzlePglite(client);
    return {
      db: db as unknown as Db,
      migrate: (dir) => migratePglite(db, { migrationsFolder: dir }),
      close: () => client.close(),
    };
  }
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `sc_test_mig_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
  const db = drizzlePg(pool);
  return {
    db: db as unknown as Db,
    migrate: (dir) => migratePg(db, { migrationsFolder: dir }),
    async close() {
      await pool.end();
      // pool.end() resolves before its connections have closed: dropping WITH (FORCE) meanwhile ends one
      // with an error nobody listens to (an unhandled error for vitest). Wait for them to go first.
      for (let i = 0; i < 50; i++) {
        const { rows } = await admin.query('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1', [
          name,
        ]);
        if (rows[0].n === 0) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}
