import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PgliteLike, startPgliteWorker } from './pglite-worker.js';

/**
 * PGlite has one connection: the API's statements go before device traffic's (`lowPriority`), which
 * never runs inside an open transaction.
 */
let client: PgliteLike;
// A new in-memory database runs initdb in the worker first: slow beside other suites.
beforeAll(async () => {
  client = startPgliteWorker(null, '');
  await client.query('SELECT 1');
}, 120_000);
afterAll(() => client.close());

describe('statements of device traffic on the embedded database', () => {
  it('wait while the API has statements to run', async () => {
    const low = client.lowPriority!();
    await client.query('SELECT 1');
    const order: string[] = [];
    const lows = Array.from({ length: 5 }, (_, i) =>
      low.query(`SELECT pg_sleep(0.02), ${i} AS n`).then(() => order.push(`low${i}`)),
    );
    const api = client.query('SELECT 1').then(() => order.push('api'));
    await Promise.all([...lows, api]);
    // At most the one already running goes before it.
    expect(order.indexOf('api')).toBeLessThanOrEqual(1);
    expect(order.filter((o) => o !== 'api')).toEqual(['low0', 'low1', 'low2', 'low3', 'low4']);
  });

  it('never run inside an open transaction', async () => {
    const low = client.lowPriority!();
    let lowDone = false;
    let doneInside: boolean | null = null;
    let pending: Promise<unknown> | null = null;
    await client.transaction(async (tx) => {
      await tx.query('CREATE TEMP TABLE t_priority (n int)');
      pending = low.query('SELECT count(*)::int AS n FROM pg_class').then(() => {
        lowDone = true;
      });
      for (let i = 0; i < 5; i++) await tx.query('INSERT INTO t_priority VALUES (1)');
      for (let i = 0; i < 20; i++) await new Promise((r) => setImmediate(r));
      doneInside = lowDone;
    });
    await pending;
    expect(doneInside).toBe(false);
    expect(lowDone).toBe(true);
  });
});
