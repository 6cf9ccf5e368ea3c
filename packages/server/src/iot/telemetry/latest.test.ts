import { sql } from 'drizzle-orm';
import { integer } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.js';
import { createIotDevice, queryRows } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { type BatchTable, createBatchWriter } from '../batch-writer.js';
import { ENV_TABLE } from '../families/envmonitor/env.handler.js';
import { envTelemetry } from '../families/envmonitor/env.tables.js';
import { latestStateTable } from '../families/kit/family-tables.js';
import { stateBatchTable } from '../families/kit/readings.js';
import { createReadingsRepository } from '../families/kit/readings.repository.js';
import { pruneLatest } from './latest.js';
import { maintainPartitions } from './partitions.js';
import { PROJECT_DAILY_PARTITIONS, projectTotals } from './project-rollups.js';
import { dayOrigin, foldNow, rollupTarget } from './rollups.js';
import { readingsTables } from './tables.js';

/**
 * The latest-values table and the per-project daily totals the batch writer keeps beside every
 * family's readings (a family with an energy reading is declared here as whm's will be).
 */
let t: TestApp;
let database: Database;
let monitor: { id: number };
const HOUR = 3600_000;
const DAY = 24 * HOUR;

const METER_READINGS = [
  { key: 'energy', sum: true },
  { key: 'activePower' },
  { key: 'reverseEnergy', sum: true },
] as const;
const meter = readingsTables('test_meter_readings', METER_READINGS, 'testMeterRetentionDays');
const METER_TABLE: BatchTable = {
  name: meter.name,
  columns: [
    { name: 'device_id', type: 'int4' },
    { name: 'project_id', type: 'int4' },
    { name: 'at', type: 'timestamptz' },
    { name: 'energy', type: 'float4' },
    { name: 'active_power', type: 'float4' },
    { name: 'reverse_energy', type: 'float4' },
  ],
  rollups: rollupTarget(meter),
};
const rollupDdl = (name: string) =>
  `CREATE TABLE ${name} (device_id integer NOT NULL, project_id integer NOT NULL, bucket timestamptz NOT NULL, n integer NOT NULL,
     ${['energy', 'active_power', 'reverse_energy'].map((c) => `${c}_min real, ${c}_max real, ${c}_sum double precision, ${c}_n integer`).join(', ')});
   CREATE UNIQUE INDEX ${name}_device_bucket_idx ON ${name} (device_id, bucket)`;

const rows = <T = Record<string, unknown>>(query: ReturnType<typeof sql>) => queryRows<T>(database.db, query);

beforeAll(async () => {
  t = await createTestApp();
  database = t.database;
  monitor = await createIotDevice(database.db, { type: 'envmonitor', modelNo: 'envrs485' });
  // As drizzle-kit creates a family's tables (plain); the job partitions them.
  for (const ddl of [
    `CREATE TABLE test_meter_readings (id bigserial NOT NULL, device_id integer NOT NULL, project_id integer NOT NULL,
       at timestamptz NOT NULL, energy real, active_power real, reverse_energy real)`,
    rollupDdl('test_meter_readings_hourly'),
    rollupDdl('test_meter_readings_daily'),
  ])
    for (const statement of ddl.split(';')) await database.db.execute(sql.raw(statement));
  await database.db.transaction((tx) =>
    maintainPartitions(tx, [...meter.partitioned, PROJECT_DAILY_PARTITIONS], {}, new Date('2026-06-01T00:00:00Z')),
  );
}, 120_000);
afterAll(() => t.close());

describe('latest values', () => {
  it("keep a device's newest state: an older row, in the same batch or a later one, replaces nothing", async () => {
    await database.db.execute(
      sql`CREATE TABLE test_state (device_id int4 PRIMARY KEY, project_id int4 NOT NULL, at timestamptz NOT NULL, level int4)`,
    );
    const table = stateBatchTable(latestStateTable('test_state', { level: integer('level') }));
    expect(table.newerBy).toBe('at');
    const writer = createBatchWriter(database.db, { maxRows: 1000 });
    const state = (device: number, at: string, level: number) => writer.push(table, [device, 1, new Date(at), level]);
    state(1, '2026-06-01T10:00:00Z', 80); // live
    state(1, '2026-05-20T10:00:00Z', 10); // back-filled after it, same batch
    state(2, '2026-06-01T10:00:00Z', 60);
    await writer.flush();
    state(2, '2026-05-20T10:00:00Z', 5); // back-filled, a later batch
    state(1, '2026-06-01T10:05:00Z', 90); // live again
    await writer.stop();
    expect(await rows(sql`SELECT device_id, level FROM test_state ORDER BY device_id`)).toEqual([
      { device_id: 1, level: 90 },
      { device_id: 2, level: 60 },
    ]);
  });

  it('are upserted by the writer with the readings, and an older reading never replaces a newer one', async () => {
    const writer = createBatchWriter(database.db, { maxRows: 1000 });
    const env = (device: number, at: string, temperature: number | null, humidity: number | null) =>
      writer.push(ENV_TABLE, [device, 7, new Date(at), temperature, humidity, ...Array(9).fill(null)]);
    // One batch holding several readings of device 101: the newest wins.
    env(101, '2026-06-01T10:00:00Z', 20, 50);
    env(101, '2026-06-01T10:10:00Z', 21, null);
    env(101, '2026-06-01T10:05:00Z', 19, 49);
    env(102, '2026-06-01T09:00:00Z', 5, 80);
    await writer.flush();
    // A late batch: older for 101 (ignored), newer for 102 (taken).
    env(101, '2026-06-01T09:00:00Z', -3, 10);
    env(102, '2026-06-01T11:00:00Z', 6, null);
    await writer.stop();
    expect(writer.stats.failed).toBe(0);

    expect(
      await rows(sql`SELECT device_id, source, project_id, at, "values" FROM readings_latest ORDER BY device_id`),
    ).toEqual([
      {
        device_id: 101,
        source: 'env_readings',
        project_id: 7,
        at: expect.anything(),
        values: { temperature: 21 },
      },
      { device_id: 102, source: 'env_readings', project_id: 7, at: expect.anything(), values: { temperature: 6 } },
    ]);
    const readings = createReadingsRepository(database.db, envTelemetry);
    const latest = await readings.latest([101, 102, 103]);
    expect(latest.map((s) => [s.id, s.at.toISOString(), s.values.temperature, s.values.humidity])).toEqual([
      [101, '2026-06-01T10:10:00.000Z', 21, null],
      [102, '2026-06-01T11:00:00.000Z', 6, null],
    ]);
    expect(Object.keys(latest[0]!.values)).toEqual(envTelemetry.readings.map((r) => r.key));
    expect((await readings.latestOfProject(7)).map((s) => s.id)).toEqual([101, 102]);
    expect(await readings.latestOfProject(8)).toEqual([]);
    // The family list's last reading comes from the same table; more than one from the history.
    const last = await readings.lastOf([101, 102, 103], 1);
    expect(last.get(101)).toEqual([expect.objectContaining({ at: new Date('2026-06-01T10:10:00Z'), temperature: 21 })]);
    expect(last.has(103)).toBe(false);
    const two = await readings.lastOf([101], 2);
    expect(two.get(101)!.map((r) => r.temperature)).toEqual([21, 19]);
  });

  it("move their row once an hour (or on a project change) and still show each device's newest reading", async () => {
    const meters = createReadingsRepository(database.db, meter);
    const a = createBatchWriter(database.db);
    const b = createBatchWriter(database.db); // another instance: its own memory of the rows it wrote
    const push = (writer: typeof a, project: number, at: string, energy: number) =>
      writer.push(METER_TABLE, [201, project, new Date(at), energy, 100, null]);
    const stored = async () =>
      (
        await rows<{ at: Date; project_id: number }>(
          sql`SELECT at, project_id FROM readings_latest WHERE device_id = 201 AND source = ${meter.name}`,
        )
      ).map((r) => [new Date(r.at).toISOString(), r.project_id]);
    const shown = async (project: number) =>
      (await meters.latestOfProject(project))
        .filter((s) => s.id === 201)
        .map((s) => [s.at.toISOString(), s.values.energy]);

    for (const [at, energy] of [
      ['2026-06-01T10:00:00Z', 1],
      ['2026-06-01T10:05:00Z', 2],
      ['2026-06-01T10:10:00Z', 3],
    ] as const) {
      push(a, 7, at, energy);
      await a.flush();
    }
    // The row stays at the hour's first reading; readers find the newest in the readings.
    expect(await stored()).toEqual([['2026-06-01T10:00:00.000Z', 7]]);
    expect(await shown(7)).toEqual([['2026-06-01T10:10:00.000Z', 3]]);
    expect((await meters.latest([201])).map((s) => s.values.energy)).toEqual([3]);

    push(a, 7, '2026-06-01T11:02:00Z', 4);
    await a.flush();
    expect(await stored()).toEqual([['2026-06-01T11:02:00.000Z', 7]]);
    // Moved to project 8 within the hour: the row follows at once.
    push(a, 8, '2026-06-01T11:07:00Z', 5);
    await a.flush();
    expect(await stored()).toEqual([['2026-06-01T11:07:00.000Z', 8]]);
    expect(await shown(7)).toEqual([]);
    expect(await shown(8)).toEqual([['2026-06-01T11:07:00.000Z', 5]]);

    // The other instance writes a newer hour; the first, remembering 11:00, a reading of that hour:
    // the statement leaves the newer row, and readers show the newest reading.
    push(b, 8, '2026-06-01T12:01:00Z', 6);
    await b.flush();
    push(a, 8, '2026-06-01T11:59:00Z', 7);
    push(b, 8, '2026-06-01T11:30:00Z', 8); // late, on the instance that wrote 12:01
    await Promise.all([a.flush(), b.flush()]);
    expect(await stored()).toEqual([['2026-06-01T12:01:00.000Z', 8]]);
    push(a, 8, '2026-06-01T12:20:00Z', 9);
    await a.stop();
    await b.stop();
    expect(await stored()).toEqual([['2026-06-01T12:01:00.000Z', 8]]);
    expect(await shown(8)).toEqual([['2026-06-01T12:20:00.000Z', 9]]);
    expect(a.stats.failed + b.stats.failed).toBe(0);
    // Out of the way of the tests below (they count the rows and the projects' energy).
    await database.db.execute(sql`DELETE FROM test_meter_readings WHERE device_id = 201`);
    await database.db.execute(sql`DELETE FROM readings_latest WHERE device_id = 201`);
  });

  it('keep one row per device and family, each family its own', async () => {
    const writer = createBatchWriter(database.db);
    writer.push(METER_TABLE, [101, 7, new Date('2026-06-01T12:00:00Z'), 1.5, 300, null]);
    await writer.stop();
    const meters = createReadingsRepository(database.db, meter);
    expect(await meters.latest([101])).toEqual([
      { id: 101, at: new Date('2026-06-01T12:00:00Z'), values: { energy: 1.5, activePower: 300, reverseEnergy: null } },
    ]);
    expect(await rows(sql`SELECT source FROM readings_latest WHERE device_id = 101 ORDER BY source`)).toEqual([
      { source: 'env_readings' },
      { source: 'test_meter_readings' },
    ]);
  });

  it('are removed past their readings retention, and with their device', async () => {
    await database.db.execute(
      sql`INSERT INTO readings_latest (device_id, source, project_id, at, "values") VALUES
        (${monitor.id}, 'env_readings', 1, '2026-05-01T00:00:00Z', '{}'),
        (${monitor.id}, 'test_meter_readings', 1, '2026-05-01T00:00:00Z', '{}')`,
    );
    const specs = [...envTelemetry.partitioned, ...meter.partitioned];
    const now = new Date('2026-06-02T00:00:00Z');
    // env readings kept 10 days: the monitor's env row (a month old) goes; 101 and 102 have no device (deleted).
    const removed = await pruneLatest(database.db, specs, { envRetentionDays: 10, testMeterRetentionDays: 365 }, now);
    expect(removed).toBe(4);
    expect(await rows(sql`SELECT device_id, source FROM readings_latest`)).toEqual([
      { device_id: monitor.id, source: 'test_meter_readings' },
    ]);
  });
});

describe('per-project daily totals', () => {
  const start = new Date('2026-06-01T00:00:00Z').getTime();
  beforeAll(async () => {
    // Three meters over 70 days every 2 hours (the third in another project), in flushes of 500 rows,
    // one batch late, days beginning at midnight UTC+8.
    const writer = createBatchWriter(database.db, { maxRows: 500 });
    const push = (at: number, i: number) => {
      for (const [device, project] of [
        [201, 1],
        [202, 1],
        [203, 2],
      ] as const)
        writer.push(METER_TABLE, [
          device,
          project,
          new Date(at),
          ((i + device) % 5) * 0.25,
          100 + (i % 7),
          i % 4 === 0 ? null : 0.125,
        ]);
    };
    let i = 0;
    for (let at = start + 10 * DAY; at < start + 70 * DAY; at += 2 * HOUR) push(at, i++);
    await writer.flush();
    for (let at = start; at < start + 10 * DAY; at += 2 * HOUR) push(at, i++);
    await writer.stop();
    expect(writer.stats.failed).toBe(0);
    // The rollup job folds the closed hours (days beginning at midnight UTC+8), its clock at their end.
    await foldNow(database.db, [meter], 8, new Date(start + 70 * DAY));
  }, 120_000);

  it('equal the sums computed from the raw readings', async () => {
    const day = `date_bin('1 day', at, timestamptz '${dayOrigin(8)}')`;
    const raw = await rows(sql`
      SELECT project_id, reading, bucket, round(sum::numeric, 4)::float8 AS sum, n FROM (
        SELECT project_id, 'energy' AS reading, ${sql.raw(day)} AS bucket, sum(energy::float8) AS sum, count(energy)::int AS n
          FROM test_meter_readings WHERE project_id IN (1, 2) GROUP BY 1, 3
        UNION ALL
        SELECT project_id, 'reverseEnergy', ${sql.raw(day)}, sum(reverse_energy::float8), count(reverse_energy)::int
          FROM test_meter_readings WHERE project_id IN (1, 2) GROUP BY 1, 3) x
      ORDER BY 1, 2, 3`);
    const rollup = await rows(sql`
      SELECT project_id, reading, bucket, round(sum::numeric, 4)::float8 AS sum, n FROM readings_project_daily
      WHERE source = 'test_meter_readings' AND project_id IN (1, 2) ORDER BY 1, 2, 3`);
    expect(rollup.length).toBe(2 * 2 * 71); // 2 projects × 2 energy readings × 71 local days
    expect(rollup).toEqual(raw);
    // Only energy-like readings: power is not added up.
    expect(await rows(sql`SELECT DISTINCT reading FROM readings_project_daily ORDER BY 1`)).toEqual([
      { reading: 'energy' },
      { reading: 'reverseEnergy' },
    ]);
  });

  it('answer a project energy by day, month and year', async () => {
    const meters = createReadingsRepository(database.db, meter);
    const from = new Date(start - 8 * HOUR); // local midnight of 1 June (UTC+8)
    const to = new Date(start + 80 * DAY);
    const total = (
      await rows<{ energy: number; reverse: number }>(
        sql`SELECT sum(energy::float8) AS energy, sum(reverse_energy::float8) AS reverse FROM test_meter_readings WHERE project_id = 1`,
      )
    )[0]!;
    const days = await meters.totals(1, from, to, 'day', 8);
    expect(days).toHaveLength(71);
    expect(days[0]!.at.toISOString()).toBe('2026-05-31T16:00:00.000Z');
    const months = await meters.totals(1, from, to, 'month', 8);
    expect(months.map((m) => m.at.toISOString())).toEqual([
      '2026-05-31T16:00:00.000Z',
      '2026-06-30T16:00:00.000Z',
      '2026-07-31T16:00:00.000Z',
    ]);
    const years = await meters.totals(1, from, to, 'year', 8);
    expect(years.map((y) => y.at.toISOString())).toEqual(['2025-12-31T16:00:00.000Z']);
    for (const points of [days, months, years]) {
      expect(points.reduce((s, p) => s + (p.energy as number), 0)).toBeCloseTo(Number(total.energy), 3);
      expect(points.reduce((s, p) => s + (p.reverseEnergy as number), 0)).toBeCloseTo(Number(total.reverse), 3);
    }
    // Another project's meter is not counted; a family without energy readings has no totals.
    expect((await meters.totals(2, from, to, 'year', 8))[0]!.energy).toBeLessThan(Number(total.energy));
    expect(await projectTotals(database.db, envTelemetry, 1, from, to, 'day', 8)).toEqual([]);
  });

  it('is partitioned by month, created ahead and dropped past the daily rollups retention', async () => {
    const partitions = async () =>
      (
        await rows<{ name: string }>(
          sql`SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
              WHERE i.inhparent = 'readings_project_daily'::regclass ORDER BY 1`,
        )
      ).map((r) => r.name);
    const now = new Date('2026-08-20T00:00:00Z');
    await database.db.transaction((tx) => maintainPartitions(tx, [PROJECT_DAILY_PARTITIONS], {}, now));
    expect(await partitions()).toEqual([
      'readings_project_daily_default',
      'readings_project_daily_p20260501',
      'readings_project_daily_p20260601',
      'readings_project_daily_p20260701',
      'readings_project_daily_p20260801',
      'readings_project_daily_p20260901',
      'readings_project_daily_p20261001',
    ]);
    expect((await rows(sql`SELECT 1 FROM readings_project_daily_default`)).length).toBe(0);
    // Daily rollups kept 45 days: May and June go whole (a local day's bucket lies in its UTC month), July stays.
    const report = await database.db.transaction((tx) =>
      maintainPartitions(tx, [PROJECT_DAILY_PARTITIONS], { rollupDailyRetentionDays: 45 }, now),
    );
    expect(report.dropped.sort()).toEqual(['readings_project_daily_p20260501', 'readings_project_daily_p20260601']);
    const left = await rows<{ first: string }>(sql`SELECT min(bucket) AS first FROM readings_project_daily`);
    expect(new Date(left[0]!.first).toISOString()).toBe('2026-07-01T16:00:00.000Z');
  });

  it("include today's hours the rollup job has not folded yet, and count them once folded", async () => {
    const meters = createReadingsRepository(database.db, meter);
    const now = Date.now();
    const writer = createBatchWriter(database.db);
    // Meter 201 over the last 3 hours (the current one included), one reading late for an old day.
    for (let at = now - 3 * HOUR; at <= now; at += 15 * 60_000)
      writer.push(METER_TABLE, [201, 1, new Date(at), 0.5, 100, 0.25]);
    await writer.stop();
    const from = new Date(now - 2 * DAY);
    const to = new Date(now + DAY);
    const raw = async () =>
      (
        await rows<{ energy: number }>(
          sql`SELECT sum(energy::float8) AS energy FROM test_meter_readings WHERE project_id = 1 AND at > ${new Date(now - 4 * DAY).toISOString()}::timestamptz`,
        )
      )[0]!.energy;
    const total = async () =>
      (await meters.totals(1, from, to, 'day', 8)).reduce((s, p) => s + (p.energy as number), 0);
    expect(Number(await raw())).toBeCloseTo(13 * 0.5, 5);
    expect(await total()).toBeCloseTo(13 * 0.5, 5);
    // Folded up to the current hour, then past it: the same totals.
    await foldNow(database.db, [meter], 8, new Date(now));
    expect(await total()).toBeCloseTo(13 * 0.5, 5);
    await foldNow(database.db, [meter], 8, new Date(now + 2 * HOUR));
    expect(await total()).toBeCloseTo(13 * 0.5, 5);
  });
});
