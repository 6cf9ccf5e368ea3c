import { sql } from 'drizzle-orm';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.js';
import type { SettingsService } from '../../modules/system/settings.service.js';
import { queryRows } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { openTestDatabase } from '../../test/test-database.js';
import { type BatchTable, createBatchWriter } from '../batch-writer.js';
import { FAMILY_HANDLERS } from '../families/index.js';
import { createIotJobs } from '../jobs.js';
import type { RealtimeHub } from '../realtime/hub.js';
import { DEVICE_EVENTS_PARTITIONS } from './events.js';
import { PROJECT_DAILY_PARTITIONS } from './project-rollups.js';

/**
 * Issue 15's "telemetry batch lost" at the first flush after a start: the log now says why (the
 * database's code and message), a deadlock's victim is written on a second try, and the first
 * retention run after a start (every partition ahead created) no longer deadlocks with telemetry.
 */
describe('a lost telemetry batch', () => {
  const lines: string[] = [];
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(
      {},
      { logger: { level: 'info', stream: { write: (line: string) => void lines.push(line) } } },
    );
  });
  afterAll(() => t.close());

  it("is logged with the database's code and message, never the readings", async () => {
    const missing: BatchTable = {
      name: 'no_such_readings',
      columns: [
        { name: 'device_id', type: 'int4' },
        { name: 'note', type: 'text' },
      ],
    };
    t.app.iot.writer.push(missing, [1, 'password=Hunter22 and the readings']);
    await t.app.iot.writer.flush();
    const line = lines.find((l) => l.includes('telemetry batch lost'));
    expect(line).toBeDefined();
    const logged = JSON.parse(line!);
    expect(logged).toMatchObject({ table: 'no_such_readings', rows: 1, reason: { code: '42P01' } });
    expect(logged.reason.message).toMatch(/no_such_readings.*does not exist/);
    expect(lines.join('')).not.toContain('Hunter22');
    expect(lines.join('')).not.toContain('and the readings');
    expect(lines.join('')).not.toContain('INSERT INTO');
  });
});

describe('the batch writer', () => {
  it("writes a batch again once when the database chose it as a deadlock's victim", async () => {
    let calls = 0;
    const deadlock = Object.assign(new Error('deadlock detected'), { code: '40P01' });
    const db = {
      execute: async () => {
        calls++;
        if (calls === 1) throw new DrizzleQueryError('INSERT …', [], deadlock);
        return { rows: [] };
      },
    } as unknown as Db;
    const errors: unknown[] = [];
    const writer = createBatchWriter(db, { onError: (e) => errors.push(e) });
    writer.push({ name: 'x', columns: [{ name: 'device_id', type: 'int4' }] }, [1]);
    await writer.flush();
    expect(errors).toEqual([]);
    expect(writer.stats).toMatchObject({ written: 1, failed: 0, retried: 1 });
    expect(calls).toBe(2);
  });
});

describe.skipIf(process.env.TEST_DB !== 'pg')('the first retention run after a start (PostgreSQL)', () => {
  it('creates the partitions ahead without deadlocking with a telemetry statement on several tables', async () => {
    const database = await openTestDatabase();
    try {
      const { db } = database;
      const jobs = createIotJobs({
        db,
        settings: { all: async () => ({}) } as unknown as SettingsService,
        hub: { publish() {} } as unknown as RealtimeHub,
        onOffline: async () => {},
        telemetry: [
          DEVICE_EVENTS_PARTITIONS,
          PROJECT_DAILY_PARTITIONS,
          ...FAMILY_HANDLERS.flatMap((f) => f.telemetryTables ?? []),
        ],
        // A day no partition exists for yet: every table gets its partitions ahead.
        now: () => new Date('2031-03-10T06:00:00Z'),
      });
      let retention: Promise<unknown> | null = null;
      // What the writer's statement does: the cabinets' readings first, then the project's daily totals.
      await db.transaction(async (tx) => {
        await tx.execute(sql`SET LOCAL lock_timeout = '20s'`);
        await tx.execute(sql`LOCK TABLE mtc_readings IN ROW EXCLUSIVE MODE`);
        retention = jobs.retention();
        retention.catch(() => {});
        // The retention run reaches the cabinets' readings and waits for this transaction.
        const until = Date.now() + 20_000;
        while (Date.now() < until) {
          const waiting = await queryRows(
            db,
            sql`SELECT 1 FROM pg_locks WHERE relation = 'mtc_readings'::regclass AND NOT granted`,
          );
          if (waiting.length) break;
          await new Promise((r) => setTimeout(r, 50));
        }
        await tx.execute(sql`LOCK TABLE readings_project_daily IN ROW EXCLUSIVE MODE`);
      });
      const report = (await retention) as { created: string[] } | null;
      expect(report?.created).toEqual(
        expect.arrayContaining(['readings_project_daily_p20310301', 'mtc_readings_p20310310']),
      );
    } finally {
      await database.close();
    }
  }, 60_000);
});
