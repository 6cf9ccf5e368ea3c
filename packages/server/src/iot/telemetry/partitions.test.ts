import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.js';
import type { SettingsService } from '../../modules/system/settings.service.js';
import { queryRows } from '../../test/factories.js';
import { openTestDatabase } from '../../test/test-database.js';
import { envTelemetry } from '../families/envmonitor/env.tables.js';
import { createIotJobs } from '../jobs.js';
import type { RealtimeHub } from '../realtime/hub.js';
import { DEVICE_EVENTS_PARTITIONS } from './events.js';
import { unitNext, unitStart } from './partitions.js';

let database: Database;
const settings: Record<string, number> = { envRetentionDays: 10, gatewayRetentionDays: 20, mtcEventRetentionDays: 7 };
let clock = new Date('2030-01-10T12:00:00Z');
const jobs = () =>
  createIotJobs({
    db: database.db,
    settings: { all: async () => ({ ...settings }) } as unknown as SettingsService,
    hub: { publish() {} } as unknown as RealtimeHub,
    onOffline: async () => {},
    telemetry: [DEVICE_EVENTS_PARTITIONS, ...envTelemetry.partitioned],
    now: () => clock,
  });

const partitionsOf = async (parent: string) =>
  (
    await queryRows<{ name: string }>(
      database.db,
      sql`SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
          WHERE i.inhparent = to_regclass(${parent}) ORDER BY 1`,
    )
  ).map((r) => r.name);
const count = async (table: string) =>
  (await queryRows<{ n: number }>(database.db, sql`SELECT count(*)::int AS n FROM ${sql.raw(table)}`))[0]!.n;
const reading = (deviceId: number, at: string, temperature: number) =>
  database.db.execute(
    sql`INSERT INTO env_readings (device_id, project_id, at, temperature) VALUES (${deviceId}, 1, ${at}, ${temperature})`,
  );

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

describe('time partitions', () => {
  it('computes partition periods in UTC: days, weeks from Monday, months', () => {
    const t = new Date('2030-01-10T23:59:00Z'); // a Thursday
    expect(unitStart(t, 'day').toISOString()).toBe('2030-01-10T00:00:00.000Z');
    expect(unitStart(t, 'week').toISOString()).toBe('2030-01-07T00:00:00.000Z');
    expect(unitStart(t, 'month').toISOString()).toBe('2030-01-01T00:00:00.000Z');
    expect(unitNext(new Date('2030-12-01T00:00:00Z'), 'month').toISOString()).toBe('2031-01-01T00:00:00.000Z');
  });

  it('creates partitions ahead, moves stray rows out of the default partition, and drops whole partitions past retention', async () => {
    // Written before any partition exists: the rows wait in the default partition.
    await reading(1, '2030-01-09T08:00:00Z', 1);
    await reading(1, '2030-01-10T08:00:00Z', 2);
    const first = await jobs().retention();
    expect(first).not.toBeNull();
    expect(await partitionsOf('env_readings')).toEqual([
      'env_readings_default',
      'env_readings_p20300109',
      'env_readings_p20300110',
      'env_readings_p20300111',
      'env_readings_p20300112',
      'env_readings_p20300113',
    ]);
    expect(await count('env_readings_default')).toBe(0);
    expect(await count('env_readings_p20300109')).toBe(1);
    expect(await partitionsOf('env_readings_hourly')).toEqual([
      'env_readings_hourly_default',
      'env_readings_hourly_p20300101',
      'env_readings_hourly_p20300201',
      'env_readings_hourly_p20300301',
    ]);
    // Rollup partitions leave room on their pages for the writer's updates (HOT); raw readings do not.
    const options = await queryRows<{ name: string; options: string | null }>(
      database.db,
      sql`SELECT relname AS name, array_to_string(reloptions, ',') AS options FROM pg_class
          WHERE relname IN ('env_readings_hourly_p20300101', 'env_readings_daily_p20300201', 'env_readings_p20300110')
          ORDER BY 1`,
    );
    expect(options).toEqual([
      { name: 'env_readings_daily_p20300201', options: 'fillfactor=50' },
      { name: 'env_readings_hourly_p20300101', options: 'fillfactor=70' },
      { name: 'env_readings_p20300110', options: null },
    ]);
    expect(await partitionsOf('device_events_gateway')).toEqual([
      'device_events_gateway_default',
      'device_events_gateway_p20300107',
      'device_events_gateway_p20300114',
      'device_events_gateway_p20300121',
    ]);

    // Eleven days on, 10 days of retention: the partition of the 9th (ends on the 10th) goes, the 10th stays.
    clock = new Date('2030-01-20T06:00:00Z');
    const later = await jobs().retention();
    expect(later!.dropped).toContain('env_readings_p20300109');
    expect(later!.dropped).not.toContain('env_readings_p20300110');
    expect(later!.created).toContain('env_readings_p20300123');
    const left = await queryRows<{ temperature: number }>(database.db, sql`SELECT temperature FROM env_readings`);
    expect(left).toEqual([{ temperature: 2 }]);
  });

  it('takes a retention changed at run time at the next run', async () => {
    settings.envRetentionDays = 3;
    const report = await jobs().retention();
    expect(report!.dropped).toEqual(
      expect.arrayContaining(['env_readings_p20300110', 'env_readings_p20300111', 'env_readings_p20300112']),
    );
    expect(report!.dropped).not.toContain('env_readings_p20300117');
    expect(await count('env_readings')).toBe(0);
  });

  it('keeps each family its own event retention', async () => {
    clock = new Date('2030-02-09T06:00:00Z');
    await jobs().retention();
    const insert = (type: string, at: string) =>
      database.db.execute(
        sql`INSERT INTO device_events (device_id, project_id, type, at, code, event_type, level)
            VALUES (1, 1, ${type}, ${at}, 'X', 'occur', 'alarm')`,
      );
    await insert('gateway', '2030-02-09T00:00:00Z'); // 11 days old: gateway keeps 20
    await insert('mtc', '2030-02-09T00:00:00Z'); // mtc keeps 7
    await insert('camera', '2030-02-09T00:00:00Z'); // no setting: a year
    clock = new Date('2030-02-20T06:00:00Z');
    const report = await jobs().retention();
    expect(report!.dropped).toContain('device_events_mtc_p20300204');
    expect(report!.dropped).not.toContain('device_events_gateway_p20300204');
    const types = await queryRows<{ type: string }>(database.db, sql`SELECT type FROM device_events ORDER BY type`);
    expect(types.map((r) => r.type)).toEqual(['camera', 'gateway']);
  });

  it('lets one of two instances run the job at a time', async () => {
    clock = new Date('2030-06-15T06:00:00Z');
    const [a, b] = await Promise.all([jobs().retention(), jobs().retention()]);
    const created = [...(a?.created ?? []), ...(b?.created ?? [])];
    expect(created).toContain('env_readings_p20300615');
    expect(new Set(created).size).toBe(created.length); // nothing attempted twice
    if (database.kind === 'postgres') {
      // Another instance holds the lock: this one skips the run.
      const { db } = database;
      let skipped: unknown = 'not run';
      await db.transaction(async (tx) => {
        await tx.execute(sql`SELECT pg_advisory_xact_lock(727011)`);
        skipped = await jobs().retention();
      });
      expect(skipped).toBeNull();
    }
  });
});
