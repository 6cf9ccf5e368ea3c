import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { type Availability, createAvailability } from './availability.js';
import { migrateWithStatistics } from './migrations-applied.js';
import { copyTemplate, templateFor } from './pgdata-template.js';
import { type PgliteLike, startPgliteWorker } from './pglite-worker.js';
import { PGLITE_CONF, PLANNER_OPTIONS, PLANNER_SETUP } from './planner.js';
import * as schema from './schema/index.js';

export type Schema = typeof schema;
/** One database type for both drivers: services and repositories never know which one runs. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/** Rows an `execute`d INSERT, UPDATE or DELETE touched: node-postgres says `rowCount`, PGlite `affectedRows`. */
export function rowsAffected(result: unknown): number {
  const r = result as { rowCount?: number | null; affectedRows?: number };
  return r.rowCount ?? r.affectedRows ?? 0;
}

export interface Database {
  db: Db;
  /**
   * What device traffic and its jobs use (iot/runtime.ts). On PostgreSQL a pool of its own beside the
   * API's (`ingestShare`), so that a flood of devices never holds the connections the API needs; on
   * PGlite (one connection) the same database whose statements wait while the API's wait
   * (pglite-worker.ts), and ingest yields the event loop between slices.
   */
  ingestDb: Db;
  kind: 'pglite' | 'postgres';
  /** Whether the database answers (availability.ts): an outage is answered 503 and logged once. */
  availability: Availability;
  /** Applies pending migrations; on PostgreSQL under an advisory lock so instances do not race. */
  migrate(): Promise<void>;
  close(): Promise<void>;
}

const migrationsFolder = path.join(import.meta.dirname, 'migrations');

const MIGRATION_LOCK = 727_001;

/**
 * The connections device traffic may hold besides the API's `poolMax` (PG_POOL_MAX): a third as many,
 * at least one. The writer and the device directory each run one statement at a time, the jobs one.
 */
export function ingestShare(poolMax: number): { api: number; ingest: number } {
  return { api: poolMax, ingest: Math.max(1, Math.floor(poolMax / 3)) };
}

export async function openPostgres(url: string, poolMax = 10): Promise<Database> {
  // Loaded only for PostgreSQL: the embedded default does not pay for the driver at start.
  const [{ default: pg }, { drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
    import('drizzle-orm/node-postgres/migrator'),
  ]);
  const share = ingestShare(poolMax);
  const availability = createAvailability();
  const makePool = (max: number) => {
    const pool = new pg.Pool({ connectionString: url, max, options: PLANNER_OPTIONS });
    // An idle connection the server drops (restart, failover, admin termination) must not take the
    // process down: the pool replaces it on the next query.
    pool.on('error', (error) => console.warn(`PostgreSQL connection lost: ${error.message}`));
    // A new connection made is the end of an outage (the pool makes them only when asked to).
    pool.on('connect', () => availability.recovered());
    return pool;
  };
  const pool = makePool(share.api);
  // Made only when device traffic asks for one: a server without devices opens none.
  const ingestPool = makePool(share.ingest);
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    db,
    ingestDb: drizzlePg(ingestPool, { schema }) as unknown as Db,
    kind: 'postgres',
    availability,
    async migrate() {
      const client = await pool.connect();
      try {
        await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
        const locked = drizzlePg(client, { schema }) as unknown as Db;
        await migrateWithStatistics(locked, () => migratePg(locked as never, { migrationsFolder }));
      } finally {
        await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
        client.release();
      }
    },
    close: async () => {
      await Promise.all([pool.end(), ingestPool.end()]);
    },
  };
}

/**
 * Drizzle's pglite driver drops the name of a statement prepared with `.prepare(name)`: the worker's
 * client is told its SQL instead, and runs it as a named statement, parsed once (pglite-worker.ts).
 */
function keepStatementNames<T extends object>(db: T, client: PgliteLike): T {
  const session = (db as unknown as { session: { prepareQuery: (...args: unknown[]) => unknown } }).session;
  const prepareQuery = session.prepareQuery.bind(session);
  session.prepareQuery = (query: unknown, fields: unknown, name: unknown, ...rest: unknown[]) => {
    if (name) client.nameStatement?.((query as { sql: string }).sql);
    return prepareQuery(query, fields, name, ...rest);
  };
  return db;
}

/**
 * PGlite in `dataDir`, or in memory when dataDir is null (tests). By default in a worker thread
 * (pglite-worker.ts): a long query does not stop the server (docs/performance.md); `thread: 'main'`
 * runs it in this thread (the offline seed, the benchmark's comparison). A new data directory starts
 * from the build's template (pgdata-template.ts) instead of initdb. The worker's database opens while
 * this thread goes on (the server builds its routes meanwhile); the first query waits for it, and an
 * error opening it rejects that query (the migration step, at start). `worker`: one started already
 * (main.ts starts it before loading the rest of the server); `template`: the data folder a new dataDir
 * starts from (default: the build's, when it can serve; null: none); `dump`: a tarball written by PGlite's
 * dumpDataDir() the database starts from instead of initdb (the tests' migrated template, test-database.ts).
 */
export async function openPglite(
  dataDir: string | null,
  options: { thread?: 'worker' | 'main'; worker?: PgliteLike; template?: string | null; dump?: string } = {},
): Promise<Database> {
  if (dataDir) fs.mkdirSync(dataDir, { recursive: true });
  const template =
    dataDir && !options.worker ? (options.template === undefined ? templateFor(dataDir) : options.template) : null;
  const setup = PLANNER_SETUP;
  if (options.thread !== 'main') {
    const client = options.worker ?? startPgliteWorker(dataDir, setup, template, options.dump ?? null);
    // Drizzle's pglite driver calls query, exec and transaction only: the worker's client has them.
    const db = keepStatementNames(drizzlePglite(client as unknown as PGlite, { schema }), client);
    const low = client.lowPriority?.();
    return {
      db: db as unknown as Db,
      ingestDb: (low
        ? keepStatementNames(drizzlePglite(low as unknown as PGlite, { schema }), client)
        : db) as unknown as Db,
      kind: 'pglite',
      availability: createAvailability(),
      migrate: () =>
        migrateWithStatistics(db as unknown as Db, () => migratePglite(db, { migrationsFolder })).then(() => {}),
      close: () => client.close(),
    };
  }
  if (dataDir && template) copyTemplate(template, dataDir);
  // pg_trgm serves the device search (migration 0005); PostgreSQL ships it in its contrib.
  const loadDataDir = options.dump ? new Blob([fs.readFileSync(options.dump)]) : undefined;
  const client = await PGlite.create(dataDir ?? undefined, {
    extensions: { pg_trgm },
    loadDataDir,
    postgresqlconf: PGLITE_CONF,
  });
  await client.exec(setup);
  const db = drizzlePglite(client, { schema });
  return {
    db: db as unknown as Db,
    ingestDb: db as unknown as Db,
    kind: 'pglite',
    availability: createAvailability(),
    migrate: () =>
      migrateWithStatistics(db as unknown as Db, () => migratePglite(db, { migrationsFolder })).then(() => {}),
    close: () => client.close(),
  };
}
