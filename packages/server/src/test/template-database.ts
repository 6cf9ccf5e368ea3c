import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { type Db, openPostgres } from '../db/client.js';
import { migrateWithStatistics } from '../db/migrations-applied.js';
import { currentMigrations, MIGRATIONS_FOLDER, pgliteVersion } from '../db/pgdata-template.js';
import { PLANNER_SETUP } from '../db/planner.js';

/**
 * The migrated database every test file starts from (test-database.ts), made once and kept: a new
 * database plus every migration cost each server test file 3-6 s of CPU on PGlite. Named by a hash of
 * today's migrations (tag and SQL of each), so a changed or added migration makes a new template and
 * an old one is never used. Made by the suites' global setup (vitest.config.ts) before the test files
 * start, or by the first test file that misses it.
 */

/** Bumped when the way a template is made changes: the templates made before are then not used. */
const FORMAT = 1;

export function migrationsKey(migrationsFolder = MIGRATIONS_FOLDER): string {
  return createHash('sha256')
    .update(`${FORMAT}\n${currentMigrations(migrationsFolder).join('\n')}`)
    .digest('hex')
    .slice(0, 16);
}

/**
 * PGlite: a migrated in-memory database dumped with dumpDataDir() into a tarball in the system's
 * temporary folder (shared by every checkout on the machine; the PGlite version is in its name too).
 * A test file's in-memory database loads it instead of running initdb and the migrations.
 */
export const PGLITE_TEMPLATES = path.join(os.tmpdir(), 'sc-test-templates');

export function pgliteTemplateFile(): string {
  return path.join(PGLITE_TEMPLATES, `pglite-${pgliteVersion()}-${migrationsKey()}.tar`);
}

export async function ensurePgliteTemplate(made?: (what: string) => void): Promise<string> {
  const file = pgliteTemplateFile();
  if (fs.existsSync(file)) return file;
  fs.mkdirSync(PGLITE_TEMPLATES, { recursive: true });
  // What openPglite(null) and migrate() do for a test file, in this thread.
  const client = await PGlite.create(undefined, { extensions: { pg_trgm } });
  try {
    await client.exec(PLANNER_SETUP);
    const db = drizzle(client);
    await migrateWithStatistics(db as unknown as Db, () => migrate(db, { migrationsFolder: MIGRATIONS_FOLDER }));
    const dump = await client.dumpDataDir('none');
    // Written beside and renamed: a test file never loads a half-written one (two files that both
    // missed it each write their own; the last rename wins, and both are the same).
    const staging = `${file}.${process.pid}-${randomBytes(4).toString('hex')}`;
    fs.writeFileSync(staging, Buffer.from(await dump.arrayBuffer()));
    fs.renameSync(staging, file);
  } finally {
    await client.close();
  }
  made?.(file);
  return file;
}

/**
 * PostgreSQL: a migrated database in the test cluster, marked as a template that accepts no
 * connections (CREATE DATABASE … TEMPLATE fails while anyone is connected to it), built under an
 * advisory lock by one test run at a time and renamed into place once complete.
 */
const TEMPLATE_LOCK = 727_002;

export function postgresTemplateName(): string {
  return `sc_tpl_${migrationsKey()}`;
}

async function templateReady(admin: pg.Client, name: string): Promise<boolean> {
  const result = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1 AND datistemplate', [name]);
  return result.rowCount === 1;
}

/** The template's name, made first when missing; `admin` is connected to the cluster's maintenance database. */
export async function ensurePostgresTemplate(
  admin: pg.Client,
  adminUrl: string,
  made?: (what: string) => void,
): Promise<string> {
  const name = postgresTemplateName();
  if (await templateReady(admin, name)) return name;
  await admin.query('SELECT pg_advisory_lock($1)', [TEMPLATE_LOCK]);
  try {
    if (await templateReady(admin, name)) return name;
    const building = `${name}_build`;
    await admin.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${building}`);
    const url = new URL(adminUrl);
    url.pathname = `/${building}`;
    const database = await openPostgres(url.toString(), 1);
    try {
      await database.migrate();
    } finally {
      await database.close();
    }
    await admin.query(`ALTER DATABASE ${building} WITH ALLOW_CONNECTIONS false IS_TEMPLATE true`);
    await admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
    made?.(name);
  } finally {
    await admin.query('SELECT pg_advisory_unlock($1)', [TEMPLATE_LOCK]);
  }
  return name;
}

/**
 * Makes the template of the database the suites run on when it is missing (the global setup of the
 * server projects); answers what it made, or null when the template was there.
 */
export async function ensureTemplate(testDb: string | undefined, adminUrl: string | undefined): Promise<string | null> {
  let made: string | null = null;
  const record = (what: string) => {
    made = what;
  };
  if (testDb !== 'pg') {
    await ensurePgliteTemplate(record);
    return made;
  }
  if (!adminUrl) throw new Error('TEST_DB=pg needs TEST_DATABASE_URL');
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await ensurePostgresTemplate(admin, adminUrl, record);
  } finally {
    await admin.end();
  }
  return made;
}
