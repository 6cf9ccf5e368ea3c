import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/test-database.js';
import type { Database } from './client.js';
import { devices } from './schema/index.js';
import { refreshStatistics } from './statistics.js';

describe('refreshStatistics', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it('vacuums after a bulk load even while a job holds a transaction (PGlite: one connection)', async () => {
    // A job's transaction open for a moment, as the silence or rollup jobs are while a demo is seeded.
    const job = database.db
      .transaction(async (tx) => {
        await tx.execute(sql`SELECT 1`);
        await new Promise((resolve) => setTimeout(resolve, 300));
        await tx.execute(sql`SELECT 1`);
      })
      .catch(() => 'rolled back'); // on PGlite the refused VACUUM aborts it: the job runs again later
    await new Promise((resolve) => setTimeout(resolve, 50));
    await expect(refreshStatistics(database.db, [devices], { vacuum: true })).resolves.toBeUndefined();
    await job;
    // The statistics are there: the planner knows the table was analysed.
    const analysed = (await database.db.execute(
      sql`SELECT coalesce(last_analyze, last_autoanalyze) IS NOT NULL AS done FROM pg_stat_user_tables WHERE relname = 'devices'`,
    )) as unknown as { rows: { done: boolean }[] };
    expect(analysed.rows[0]?.done).toBe(true);
  });
});
