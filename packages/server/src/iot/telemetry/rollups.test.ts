import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SettingsService } from '../../modules/system/settings.service.js';
import { createIotDevice, queryRows } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createBatchWriter } from '../batch-writer.js';
import { ENV_TABLE } from '../families/envmonitor/env.handler.js';
import { envTelemetry } from '../families/envmonitor/env.tables.js';
import { createIotJobs } from '../jobs.js';
import type { RealtimeHub } from '../realtime/hub.js';
import { dayOrigin } from './rollups.js';
import { readingSeries, resolutionFor } from './series.js';

let t: TestApp;
let token: string;
let a: { id: number };
let b: { id: number };
const HOUR = 3600_000;
const start = new Date('2026-06-01T00:00:00Z').getTime();
const end = start + 60 * 24 * HOUR;
/** The rollup job of one instance, days beginning at midnight UTC+8, its clock moved by the test. */
let clock = new Date(end);
const jobs = () =>
  createIotJobs({
    db: t.database.db,
    settings: { all: async () => ({ timezone: 8 }) } as unknown as SettingsService,
    hub: { publish() {} } as unknown as RealtimeHub,
    onOffline: async () => {},
    telemetry: envTelemetry.partitioned,
    now: () => clock,
  });

beforeAll(async () => {
  t = await createTestApp();
  token = await t.token();
  a = await createIotDevice(t.database.db, { type: 'envmonitor', modelNo: 'envrs485' });
  b = await createIotDevice(t.database.db, { type: 'envmonitor', modelNo: 'envrs485' });
  // Two monitors over 60 days, every 2 hours (a: with gaps in humidity), written through the batch
  // writer in several flushes, the last one late (older readings after newer ones).
  const writer = createBatchWriter(t.database.db, { maxRows: 100 });
  const row = (device: number, at: number, i: number) => [
    device,
    1,
    new Date(at),
    (i % 37) - 10 + device / 10,
    i % 3 === 0 ? null : 40 + (i % 50),
    ...Array(9).fill(null),
  ];
  let i = 0;
  for (let at = start + 20 * 24 * HOUR; at < end; at += 2 * HOUR, i++) {
    writer.push(ENV_TABLE, row(a.id, at, i));
    writer.push(ENV_TABLE, row(b.id, at + 30 * 60_000, i * 7));
  }
  await writer.flush();
  for (let at = start; at < start + 20 * 24 * HOUR; at += 2 * HOUR, i++) {
    writer.push(ENV_TABLE, row(a.id, at, i));
    writer.push(ENV_TABLE, row(b.id, at + 30 * 60_000, i * 7));
  }
  await writer.stop();
  expect(writer.stats.failed).toBe(0);
  // The job folds every closed hour (its clock: the end of the readings).
  const report = await jobs().rollups();
  expect(report?.[0]).toMatchObject({ source: 'env_readings', hours: 60 * 12 });
}, 120_000);
afterAll(() => t.close());

/** The same aggregates computed from the raw readings. */
const fromRaw = (bucket: string) =>
  queryRows(
    t.database.db,
    sql`SELECT device_id, ${sql.raw(bucket)} AS bucket, count(*)::int AS n,
          min(temperature) AS t_min, max(temperature) AS t_max, round(sum(temperature::float8)::numeric, 3)::float8 AS t_sum,
          count(temperature)::int AS t_n, min(humidity) AS h_min, max(humidity) AS h_max,
          round(sum(humidity::float8)::numeric, 3)::float8 AS h_sum, count(humidity)::int AS h_n, count(pm25)::int AS p_n,
          round(sum(pm25::float8)::numeric, 3)::float8 AS p_sum
        FROM env_readings GROUP BY 1, 2 ORDER BY 1, 2`,
  );
const fromRollup = (table: string) =>
  queryRows(
    t.database.db,
    sql`SELECT device_id, bucket, n, temperature_min AS t_min, temperature_max AS t_max,
          round(temperature_sum::numeric, 3)::float8 AS t_sum, temperature_n AS t_n, humidity_min AS h_min,
          humidity_max AS h_max, round(humidity_sum::numeric, 3)::float8 AS h_sum, humidity_n AS h_n,
          pm25_n AS p_n, round(pm25_sum::numeric, 3)::float8 AS p_sum
        FROM ${sql.raw(table)} ORDER BY 1, 2`,
  );

describe('rollups', () => {
  it('keeps hourly and daily aggregates equal to those computed from the readings', async () => {
    const hourly = await fromRollup('env_readings_hourly');
    expect(hourly).toHaveLength(2 * 60 * 12);
    expect(hourly).toEqual(await fromRaw(`date_bin('1 hour', at, timestamptz '2000-01-01T00:00:00Z')`));
    // Days begin at midnight of the system timezone (UTC+8 here).
    const daily = await fromRollup('env_readings_daily');
    expect(daily).toEqual(await fromRaw(`date_bin('1 day', at, timestamptz '${dayOrigin(8)}')`));
    expect(daily.length).toBe(2 * 61);
    expect(new Date(daily[0]!.bucket as string).toISOString()).toBe('2026-05-31T16:00:00.000Z');
  });

  it('chooses the resolution by period: readings up to a week, hourly up to 35 days, daily beyond', async () => {
    const at = (days: number) => new Date(start + days * 24 * HOUR);
    expect(resolutionFor(at(0), at(1))).toBe('raw');
    expect(resolutionFor(at(0), at(30))).toBe('hour');
    expect(resolutionFor(at(0), at(365))).toBe('day');

    const month = await readingSeries(t.database.db, envTelemetry, { deviceId: a.id }, at(10), at(40));
    expect(month).toMatchObject({ resolution: 'hour', bucketSeconds: 3600 });
    expect(month.points).toHaveLength(30 * 12 + 1); // every reading's hour, the closing one included
    const day = await readingSeries(t.database.db, envTelemetry, { deviceId: a.id }, at(10), at(11));
    expect(day.resolution).toBe('raw');
    // Hourly points carry the same averages the readings give.
    const raw = await readingSeries(t.database.db, envTelemetry, { deviceId: a.id }, at(10), at(11), {
      resolution: 'raw',
      maxPoints: 24,
    });
    const hourly = await readingSeries(t.database.db, envTelemetry, { deviceId: a.id }, at(10), at(11), {
      resolution: 'hour',
    });
    expect(hourly.points.map((p) => [p.at.toISOString(), p.temperature])).toEqual(
      raw.points.map((p) => [p.at.toISOString(), p.temperature]),
    );
  });

  it('answers the chart at the resolution of the period and says which', async () => {
    const get = (days: number) =>
      t.app.inject({
        method: 'GET',
        url: `/api/pjts/1/iot/envmonitor/${a.id}/reports.do/series?from=${new Date(start).toISOString()}&to=${new Date(start + days * 24 * HOUR).toISOString()}&token=${token}`,
      });
    const short = (await get(2)).json();
    expect(short).toMatchObject({ resolution: 'raw' });
    const month = (await get(31)).json();
    expect(month).toMatchObject({ resolution: 'hour', bucketSeconds: 3600 });
    const year = (await get(365)).json();
    expect(year).toMatchObject({ resolution: 'day', bucketSeconds: 86_400 });
    expect(year.points).toHaveLength(61); // 60 days of readings, days from UTC+8 midnight
    // The export has the history table's rows (every reading), whatever the chart averages.
    const period = `from=${new Date(start).toISOString()}&to=${new Date(start + 365 * 24 * HOUR).toISOString()}&token=${token}`;
    const table = await t.app.inject({ method: 'GET', url: `/api/pjts/1/iot/envmonitor/${a.id}/reports.do?${period}` });
    const csv = await t.app.inject({
      method: 'GET',
      url: `/api/pjts/1/iot/envmonitor/${a.id}/reports.do/export?${period}`,
    });
    const lines = csv.body.trimEnd().split('\r\n');
    expect(lines[0]).toMatch(/^\uFEFF采集时间,温度 \(°C\)/);
    expect(lines).toHaveLength(1 + table.json().total);
  });

  it('finds the latest readings of devices silent for longer than the recent partitions', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/pjts/1/iot/envmonitor/reports.do/family/attempts/last/2?token=${token}`,
    });
    const mine = res.json().find((x: { device: { id: number } }) => x.device.id === a.id);
    expect(mine.readings.map((r: { at: string }) => r.at)).toEqual([
      new Date(end - 2 * HOUR).toISOString(),
      new Date(end - 4 * HOUR).toISOString(),
    ]);
  });

  it('folds late readings of an already folded hour at the next run, straddling local midnight, counting nothing twice', async () => {
    const writer = createBatchWriter(t.database.db);
    // Late: a reading for an hour folded long ago, and two around local midnight (UTC+8) of 10 June.
    const late = [
      [a.id, start + 5 * 24 * HOUR + 15 * 60_000, 99],
      [b.id, start + 8 * 24 * HOUR + 15 * HOUR + 59 * 60_000, -50], // 23:59 local, 9 June
      [b.id, start + 8 * 24 * HOUR + 16 * HOUR, 35], // 00:00 local, 10 June
    ] as const;
    for (const [device, at, temperature] of late)
      writer.push(ENV_TABLE, [device, 1, new Date(at), temperature, null, ...Array(9).fill(null)]);
    await writer.stop();
    const dirty = await queryRows(t.database.db, sql`SELECT bucket FROM rollup_dirty ORDER BY 1`);
    expect(dirty).toHaveLength(3);
    // Until the job runs, the rollups keep what they had: the charts lag, they never count twice.
    expect(await fromRollup('env_readings_hourly')).not.toEqual(
      await fromRaw(`date_bin('1 hour', at, timestamptz '2000-01-01T00:00:00Z')`),
    );
    const report = await jobs().rollups();
    expect(report?.[0]).toMatchObject({ hours: 3, days: 3 });
    expect(await fromRollup('env_readings_hourly')).toEqual(
      await fromRaw(`date_bin('1 hour', at, timestamptz '2000-01-01T00:00:00Z')`),
    );
    const daily = await fromRollup('env_readings_daily');
    expect(daily).toEqual(await fromRaw(`date_bin('1 day', at, timestamptz '${dayOrigin(8)}')`));
    const ofB = (day: string) =>
      daily.find((d) => d.device_id === b.id && new Date(d.bucket as string).toISOString() === day);
    expect(ofB('2026-06-09T16:00:00.000Z')?.t_max).toBe(35);
    expect(ofB('2026-06-08T16:00:00.000Z')?.t_min).toBe(-50);
    expect(await queryRows(t.database.db, sql`SELECT * FROM rollup_dirty`)).toEqual([]);
    // A run with nothing dirty changes nothing.
    expect((await jobs().rollups())?.[0]).toMatchObject({ hours: 0, days: 0 });
    expect(await fromRollup('env_readings_daily')).toEqual(daily);
  });

  it('draws the hours not folded yet from the readings: a chart is current up to the last reading', async () => {
    const c = await createIotDevice(t.database.db, { type: 'envmonitor', modelNo: 'envrs485' });
    const now = Date.now();
    const hourStart = Math.floor(now / HOUR) * HOUR;
    const writer = createBatchWriter(t.database.db);
    // Every 10 minutes over the last 3 hours (the current one included).
    let i = 0;
    for (let at = hourStart - 3 * HOUR; at <= now; at += 10 * 60_000, i++)
      writer.push(ENV_TABLE, [c.id, 1, new Date(at), 10 + (i % 7), null, ...Array(9).fill(null)]);
    await writer.stop();
    const expected = async (bucket: string) =>
      (
        await queryRows<{ at: string; v: number }>(
          t.database.db,
          sql`SELECT ${sql.raw(bucket)} AS at, avg(temperature)::float8 AS v FROM env_readings WHERE device_id = ${c.id} GROUP BY 1 ORDER BY 1`,
        )
      ).map((r) => [new Date(r.at).toISOString(), r.v]);
    const hourly = (at: Date) =>
      readingSeries(t.database.db, envTelemetry, { deviceId: c.id }, new Date(hourStart - 24 * HOUR), at, {
        resolution: 'hour',
      });
    const daily = () =>
      readingSeries(
        t.database.db,
        envTelemetry,
        { deviceId: c.id },
        new Date(hourStart - 48 * HOUR),
        new Date(now + HOUR),
        {
          resolution: 'day',
          dayOffsetHours: 8,
        },
      );
    const byHour = await expected(`date_bin('1 hour', at, timestamptz '2000-01-01T00:00:00Z')`);
    const byDay = await expected(`date_bin('1 day', at, timestamptz '${dayOrigin(8)}')`);
    const check = async () => {
      const h = await hourly(new Date(now + HOUR));
      expect(h.points.map((p) => [p.at.toISOString(), p.temperature])).toEqual(byHour);
      const d = await daily();
      expect(d.points.map((p) => [p.at.toISOString(), p.temperature])).toEqual(byDay);
    };
    // Before the job has folded any of it (all four hours from the readings) …
    await check();
    // … after it folded the closed hours (the current one still from the readings) …
    clock = new Date(now);
    expect((await jobs().rollups())?.[0]).toMatchObject({ hours: 3 });
    const [mark] = await queryRows<{ rolled_to: string }>(t.database.db, sql`SELECT rolled_to FROM rollup_watermarks`);
    expect(new Date(mark!.rolled_to).getTime()).toBe(hourStart);
    await check();
    // … and once the current hour is closed and folded too: the same points, nothing counted twice.
    clock = new Date(hourStart + HOUR + 60_000);
    expect((await jobs().rollups())?.[0]).toMatchObject({ hours: 1 });
    await check();
    clock = new Date(end);
  });

  it('lets one of two instances run the job at a time, rollups staying exact', async () => {
    const writer = createBatchWriter(t.database.db);
    for (let k = 0; k < 20; k++)
      writer.push(ENV_TABLE, [
        a.id,
        1,
        new Date(start + k * 24 * HOUR + 45 * 60_000),
        20 + k,
        null,
        ...Array(9).fill(null),
      ]);
    await writer.stop();
    const [x, y] = await Promise.all([jobs().rollups(), jobs().rollups()]);
    // The one that ran folded the 20 hours; the other skipped, or ran after it with nothing left.
    const runs = [x, y].filter((r) => r !== null);
    expect(runs.length).toBeGreaterThanOrEqual(1);
    expect(runs.reduce((n, r) => n + r![0]!.hours, 0)).toBe(20);
    expect(await fromRollup('env_readings_hourly')).toEqual(
      await fromRaw(`date_bin('1 hour', at, timestamptz '2000-01-01T00:00:00Z')`),
    );
    expect(await fromRollup('env_readings_daily')).toEqual(
      await fromRaw(`date_bin('1 day', at, timestamptz '${dayOrigin(8)}')`),
    );
    if (t.database.kind === 'postgres') {
      // Another instance holds the lock: this one skips the run.
      let skipped: unknown = 'not run';
      await t.database.db.transaction(async (tx) => {
        await tx.execute(sql`SELECT pg_advisory_xact_lock(727012)`);
        skipped = await jobs().rollups();
      });
      expect(skipped).toBeNull();
    }
  });
});
