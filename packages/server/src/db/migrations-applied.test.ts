import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../test/factories.js';
import { openTestDatabase } from '../test/test-database.js';
import type { Database } from './client.js';
import { migrateWithStatistics } from './migrations-applied.js';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase({ fromScratch: true });
});
afterAll(() => database.close());

async function plannerRows(table: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    database.db,
    sql`SELECT reltuples::int AS n FROM pg_class WHERE relname = ${table}`,
  );
  return row!.n;
}

describe('statistics after migrations', () => {
  it('refreshes the planner statistics when an upgrade applied a migration that wrote rows', async () => {
    const db = database.db;
    await db.execute(sql`CREATE TABLE backfill_probe (id int)`);
    const applied = await migrateWithStatistics(db, async () => {
      // What a backfilling migration does: many rows, and its entry in drizzle's table.
      await db.execute(sql`INSERT INTO backfill_probe SELECT generate_series(1, 5000)`);
      await db.execute(sql`INSERT INTO drizzle.__drizzle_migrations (hash, created_at) VALUES ('probe', 0)`);
    });
    expect(applied).toBe(true);
    expect(await plannerRows('backfill_probe')).toBe(5000);
    await db.execute(sql`DELETE FROM drizzle.__drizzle_migrations WHERE hash = 'probe'`);
    await db.execute(sql`DROP TABLE backfill_probe`);
  });

  it('does nothing when there was nothing to apply', async () => {
    expect(await migrateWithStatistics(database.db, async () => {})).toBe(false);
  });
});
