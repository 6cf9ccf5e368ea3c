import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envTelemetry } from '../../db/schema/index.js';
import { createIotDevice, queryRows } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createBatchWriter } from '../batch-writer.js';
import { ENV_TABLE } from '../families/envmonitor/env.handler.js';
import { dayOrigin } from './rollups.js';
import { readingSeries, resolutionFor } from './series.js';

let t: TestApp;
let token: string;
let a: { id: number };
let b: { id: number };
const HOUR = 3600_000;
const start = new Date('2026-06-01T00:00:00Z').getTime();
const end = start + 60 * 24 * HOUR;

beforeAll(async () => {
  t = await createTestApp();
  token = await t.token();
  a = await createIotDevice(t.database.db, { type: 'envmonitor', modelNo: 'envrs485' });
  b = await createIotDevice(t.database.db, { type: 'envmonitor', modelNo: 'envrs485' });
  // Two monitors over 60 days, every 2 hours (a: with gaps in humidity), written through the batch
  // writer in several flushes, the last one late (older readings after newer ones).
  const writer = createBatchWriter(t.database.db, { maxRows: 100, dayOffsetHours: () => 8 });
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
    const csv = await t.app.inject({
      method: 'GET',
      url: `/api/pjts/1/iot/envmonitor/${a.id}/reports.do/export?from=${new Date(start).toISOString()}&to=${new Date(start + 365 * 24 * HOUR).toISOString()}&token=${token}`,
    });
    const lines = csv.body.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^\uFEFFtime \(daily average\),temperature/);
    expect(lines).toHaveLength(62);
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
});
