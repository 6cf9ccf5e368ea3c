import { sql } from 'drizzle-orm';
import type { Db } from './client.js';

/** How many migrations the database has applied (0 before the first: drizzle's table is not there yet). */
async function appliedCount(db: Db): Promise<number> {
  try {
    const result = (await db.execute(sql`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`)) as unknown as {
      rows: { n: number }[];
    };
    return result.rows[0]?.n ?? 0;
  } catch {
    return 0;
  }
}

/**
 * Runs `apply` (drizzle's migrator), then, when it applied something, refreshes the planner's
 * statistics of the whole database. Migrations are bulk writes too (0009 and 0016 copied and backfilled
 * every family's readings into partitions and the latest-values table), and PGlite has no autovacuum:
 * without this the planner keeps the row counts of before (issue 11, statistics after bulk writes).
 * Nothing applied, nothing done: an ordinary start pays one count; a new database (nothing applied
 * before) holds no rows to misjudge, so it skips it too.
 */
export async function migrateWithStatistics(db: Db, apply: () => Promise<void>): Promise<boolean> {
  const before = await appliedCount(db);
  await apply();
  const applied = (await appliedCount(db)) > before;
  if (applied && before > 0) await db.execute(sql`ANALYZE`);
  return applied;
}
