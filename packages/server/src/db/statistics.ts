import { getTableName, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client.js';

/**
 * Every bulk write (production CSV import and auto-create, demo seed) calls this on the tables it
 * filled, once its rows are committed. The planner otherwise keeps the statistics of before: after a
 * 94,000-row import into a table it believed held 485 rows, a production search picked a plan that took
 * 20-53 s and held PGlite's one connection throughout (issue 11). PGlite has no autovacuum at all;
 * PostgreSQL's comes up to a minute later. Also merges what waits in the tables' GIN pending lists
 * (the trigram search indexes), which every search would otherwise read in full.
 *
 * `vacuum` (outside any transaction only) also reclaims dead rows and sets the visibility map, so that
 * counts can read the indexes alone: for loads that run on their own, like the demo seed.
 */
export async function refreshStatistics(db: Db, tables: PgTable[], options: { vacuum?: boolean } = {}): Promise<void> {
  if (!tables.length) return;
  const names = tables.map((t) => getTableName(t));
  const gin = (await db.execute(sql`
    SELECT i.indexrelid::int AS oid
    FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_am am ON am.oid = c.relam
    WHERE am.amname = 'gin' AND i.indrelid = ANY(${sql.param(names)}::regclass[])`)) as unknown as {
    rows: { oid: number }[];
  };
  // One index per statement: each a short hold of PGlite's one connection.
  for (const { oid } of gin.rows) await db.execute(sql`SELECT gin_clean_pending_list(${oid}::oid::regclass)`);
  const list = sql.join(
    names.map((n) => sql.identifier(n)),
    sql`, `,
  );
  if (!options.vacuum) {
    await db.execute(sql`ANALYZE ${list}`);
    return;
  }
  // On PGlite a statement waits for the transaction a job holds (its one connection), so VACUUM never
  // lands inside one (db/pglite-worker.ts; PGlite's own lock in-process).
  await db.execute(sql`VACUUM ANALYZE ${list}`);
}
