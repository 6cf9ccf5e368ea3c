import { monitorEventLoopDelay } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { extraRoutes: (app) => app.get('/test/trivial', async () => ({ ok: true })) });
});
afterAll(() => t.close());

/** The limit of issue 12: no event-loop delay, and no trivial call, over 100 ms. */
const LIMIT_MS = 100;

describe('the embedded database', () => {
  it('runs a long query without delaying a concurrent trivial call', async () => {
    await t.app.inject({ method: 'GET', url: '/test/trivial' });
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    const started = performance.now();
    let done = false;
    // About a second of work for the database (more under load), and never under 400 ms (a quiet
    // machine on PostgreSQL counted in 280 ms).
    const long = t.database.db
      .execute(
        sql`SELECT (SELECT count(*) FROM generate_series(1, 2000000) x WHERE x % 7 = 3) AS n, pg_sleep(0.4) IS NULL AS slept`,
      )
      .finally(() => {
        done = true;
      });
    const calls: number[] = [];
    while (!done) {
      const t0 = performance.now();
      const res = await t.app.inject({ method: 'GET', url: '/test/trivial' });
      calls.push(performance.now() - t0);
      expect(res.statusCode).toBe(200);
      await sleep(10);
    }
    const result = (await long) as unknown as { rows: { n: number | string }[] };
    const queryMs = performance.now() - started;
    delay.disable();
    expect(Number(result.rows[0]!.n)).toBe(285714);
    // The query was long, the calls beside it were not.
    expect(queryMs).toBeGreaterThan(3 * LIMIT_MS);
    expect(calls.length).toBeGreaterThan(3);
    // On the server's thread the query would hold every call, and the event loop, for its whole
    // length. Off it, nearly every call stays far under the limit; the worst call and the worst
    // event-loop delay stay under the limit too unless the machine itself is starved (CI runs many
    // suites on two cores), and even then far below the query's length.
    calls.sort((a, b) => a - b);
    const p95 = calls[Math.floor(calls.length * 0.95)]!;
    console.log(
      `long query ${Math.round(queryMs)} ms; ${calls.length} trivial calls p95 ${p95.toFixed(1)} ms, max ${calls.at(-1)!.toFixed(1)} ms; event-loop delay p99 ${(delay.percentile(99) / 1e6).toFixed(1)} ms, max ${(delay.max / 1e6).toFixed(1)} ms`,
    );
    expect(p95).toBeLessThan(LIMIT_MS);
    const bound = Math.max(LIMIT_MS, queryMs / 4);
    expect(calls.at(-1)!).toBeLessThan(bound);
    expect(delay.max / 1e6).toBeLessThan(bound);
  });

  it('keeps 64 MB of shared buffers, so a burst does not grow its heap by 128 MB', async () => {
    const shown = (await t.database.db.execute(sql`SHOW shared_buffers`)) as unknown as {
      rows: { shared_buffers: string }[];
    };
    expect(shown.rows[0]!.shared_buffers).toBe('64MB');
  });

  it('keeps transactions, errors and binary values as in-process PGlite does', async () => {
    const db = t.database.db;
    await db.execute(sql`CREATE TABLE worker_probe (id int PRIMARY KEY, data bytea)`);
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`INSERT INTO worker_probe VALUES (1, '\\x0102')`);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    await db.transaction(async (tx) => {
      await tx.execute(sql`INSERT INTO worker_probe VALUES (2, '\\x0304')`);
    });
    const rows = (await db.execute(sql`SELECT id, data FROM worker_probe`)) as unknown as {
      rows: { id: number; data: Uint8Array }[];
    };
    expect(rows.rows.map((r) => r.id)).toEqual([2]);
    expect([...rows.rows[0]!.data]).toEqual([3, 4]);
    const conflict = await db.execute(sql`INSERT INTO worker_probe VALUES (2, NULL)`).catch((e: Error) => e);
    expect((conflict as { cause?: { code?: string } }).cause?.code).toBe('23505');
  });
});

describe('a statement outside a transaction', () => {
  it('waits for an open transaction instead of running inside it', async () => {
    const db = t.database.db;
    await db.execute(sql`CREATE TABLE worker_outside (id int PRIMARY KEY)`);
    let entered!: () => void;
    const inTransaction = new Promise<void>((resolve) => {
      entered = resolve;
    });
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    // A job's transaction, open while a request writes, then rolled back.
    const job = db
      .transaction(async (tx) => {
        await tx.execute(sql`INSERT INTO worker_outside VALUES (1)`);
        entered();
        await held;
        throw new Error('the job failed');
      })
      .catch((error: Error) => error.message);
    await inTransaction;
    // Drizzle's queries start when awaited: started now, as a request's would be.
    const request = Promise.resolve(db.execute(sql`INSERT INTO worker_outside VALUES (2)`));
    // A VACUUM would be refused inside a transaction block (and abort it): it waits too.
    const vacuum = Promise.resolve(db.execute(sql`VACUUM worker_outside`));
    await sleep(50);
    release();
    expect(await job).toBe('the job failed');
    await request;
    await vacuum;
    const rows = (await db.execute(sql`SELECT id FROM worker_outside ORDER BY id`)) as unknown as {
      rows: { id: number }[];
    };
    // The request's row stays; the job's is rolled back alone.
    expect(rows.rows.map((r) => r.id)).toEqual([2]);
  });
});
