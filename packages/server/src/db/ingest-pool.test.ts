import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/test-database.js';
import { type Database, ingestShare } from './client.js';

/**
 * Device traffic has connections of its own on PostgreSQL: however many of them it holds, the API's
 * statements do not wait for them.
 */
describe('the ingest share of the connections', () => {
  it('is a third of the API pool beside it, at least one', () => {
    expect(ingestShare(10)).toEqual({ api: 10, ingest: 3 });
    expect(ingestShare(2)).toEqual({ api: 2, ingest: 1 });
  });

  describe.runIf(process.env.TEST_DB === 'pg')('on PostgreSQL', () => {
    let database: Database;
    beforeAll(async () => {
      database = await openTestDatabase();
    });
    afterAll(() => database?.close());

    it('answers the API while every ingest connection is held', async () => {
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      try {
        await admin.query('SELECT pg_advisory_lock(727042)');
        // Each waits for the lock on an ingest connection, holding it (test-database.ts: pool of 5, ingest 1).
        const held = Array.from({ length: 3 }, () =>
          database.ingestDb.execute(sql`SELECT pg_advisory_lock(727042), pg_advisory_unlock(727042)`),
        );
        const answer = await database.db.execute(sql`SELECT 1 AS one`);
        expect((answer as unknown as { rows: { one: number }[] }).rows[0]!.one).toBe(1);
        await admin.query('SELECT pg_advisory_unlock(727042)');
        await Promise.all(held);
      } finally {
        await admin.end();
      }
    });
  });
});
