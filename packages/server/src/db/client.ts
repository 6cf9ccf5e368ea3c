import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { startPgliteWorker } from './pglite-worker.js';
import * as schema from './schema/index.js';

export type Schema = typeof schema;
/** One database type for both drivers: services and repositories never know which one runs. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Applies pending migrations; on PostgreSQL under an advisory lock so instances do not race. */
  migrate(): Promise<void>;
  close(): Promise<void>;
}

const migrationsFolder = path.join(import.meta.dirname, 'migrations');

/**
 * Joins are planned in the order the queries write them: a record, then the lookups it refers to.
 * Searching every order of a device with its seven lookups cost 40-75 ms of planning for 0.6 ms of
 * execution per list page (docs/performance.md).
 */
const PLANNER_SETTINGS = { join_collapse_limit: 1, from_collapse_limit: 1 };
const PLANNER_OPTIONS = Object.entries(PLANNER_SETTINGS)
  .map(([k, v]) => `-c ${k}=${v}`)
  .join(' ');
const MIGRATION_LOCK = 727_001;

export async function openPostgres(url: string, poolMax = 10): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolMax, options: PLANNER_OPTIONS });
  // An idle connection the server drops (restart, failover, admin termination) must not take the
  // process down: the pool replaces it on the next query.
  pool.on('error', (error) => console.warn(`PostgreSQL connection lost: ${error.message}`));
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    async migrate() {
      const client = await pool.connect();
      try {
        await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
        await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
      } finally {
        await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

/**
 * PGlite in `dataDir`, or in memory when dataDir is null (tests). By default in a worker thread
 * (pglite-worker.ts): a long query does not stop the server (docs/performance.md); `thread: 'main'`
 * runs it in this thread (the offline seed, the benchmark's comparison).
 */
export async function openPglite(
  dataDir: string | null,
  options: { thread?: 'worker' | 'main' } = {},
): Promise<Database> {
  if (dataDir) fs.mkdirSync(dataDir, { recursive: true });
  // One connection: its session settings hold for every query.
  const setup = Object.entries(PLANNER_SETTINGS)
    .map(([k, v]) => `SET ${k} = ${v};`)
    .join(' ');
  if (options.thread !== 'main') {
    const client = await startPgliteWorker(dataDir, setup);
    // Drizzle's pglite driver calls query, exec and transaction only: the worker's client has them.
    const db = drizzlePglite(client as unknown as PGlite, { schema });
    return {
      db: db as unknown as Db,
      kind: 'pglite',
      migrate: () => migratePglite(db, { migrationsFolder }),
      close: () => client.close(),
    };
  }
  // pg_trgm serves the device search (migration 0005); PostgreSQL ships it in its contrib.
  const client = await PGlite.create(dataDir ?? undefined, { extensions: { pg_trgm } });
  await client.exec(setup);
  const db = drizzlePglite(client, { schema });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder }),
    close: () => client.close(),
  };
}
