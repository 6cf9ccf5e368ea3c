import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type Database, openPglite, openPostgres } from '../db/client.js';
import { ensurePgliteTemplate, ensurePostgresTemplate } from './template-database.js';

/**
 * A fresh, migrated database for one test file: in-memory PGlite, or (TEST_DB=pg) a new database
 * in the PostgreSQL cluster of TEST_DATABASE_URL, dropped again on close. Each is a copy of a template
 * migrated once (template-database.ts): the same database as a new one plus every migration, and
 * migrate() on it applies nothing. `fromScratch`: a new database and every migration instead (the
 * tests of the migrations themselves).
 */
export async function openTestDatabase(options: { fromScratch?: boolean } = {}): Promise<Database> {
  if (process.env.TEST_DB !== 'pg') {
    if (options.fromScratch) {
      const database = await openPglite(null);
      await database.migrate();
      return database;
    }
    return openPglite(null, { dump: await ensurePgliteTemplate() });
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DB=pg needs TEST_DATABASE_URL');
  const name = `sc_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    if (options.fromScratch) await admin.query(`CREATE DATABASE ${name}`);
    else await admin.query(`CREATE DATABASE ${name} TEMPLATE ${await ensurePostgresTemplate(admin, adminUrl)}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openPostgres(url.toString(), 5);
  if (options.fromScratch) await database.migrate();
  return {
    ...database,
    async close() {
      await database.close();
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}
