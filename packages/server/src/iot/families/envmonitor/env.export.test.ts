import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIotDevice } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';

let t: TestApp;
let admin: string;
let monitor: Awaited<ReturnType<typeof createIotDevice>>;
/** The newest reading's time: 42 readings 4 minutes apart end there (under 3 hours: 3 hourly buckets). */
const newest = new Date(Date.UTC(2026, 10, 27, 15, 30, 0));
const TIMEZONE = 5;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.token();
  // The system timezone, through the settings (their cache forgets on a change).
  const set = await t.app.inject({
    method: 'PUT',
    url: `/api/webparams.do/timezone?token=${admin}`,
    payload: { value: String(TIMEZONE) },
  });
  expect(set.statusCode, set.body).toBe(200);
  monitor = await createIotDevice(t.database.db, { type: 'envmonitor', modelNo: 'envrs485' });
  await t.database.db.execute(sql`update devices set name = '南门监测点' where id = ${monitor.id}`);
  await t.database.db.execute(sql`
    insert into env_readings (device_id, project_id, at, temperature, humidity, pm25, soil_temperature, noise)
    select ${monitor.id}, 1, ${newest.toISOString()}::timestamptz - (i * 4 || ' minutes')::interval,
      9.176190376281738 + i, 50, 30 + i, case when i % 2 = 0 then 12.25 end, 40.04
    from generate_series(0, 41) i`);
});
afterAll(() => t.close());

const get = (url: string) =>
  t.app.inject({ method: 'GET', url: `${url}${url.includes('?') ? '&' : '?'}token=${admin}` });
const base = () => `/api/pjts/1/iot/envmonitor/${monitor.id}/reports.do`;
/** A 30-day period ending after the newest reading: the chart averages it hourly, the table lists every row. */
const period = `from=${new Date(newest.getTime() - 30 * 86_400_000).toISOString()}&to=${new Date(newest.getTime() + 60_000).toISOString()}`;

const csvLines = (body: string) =>
  body
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');

describe('environment history export, nothing raw', () => {
  it('has the rows of the history table, localised headers with units, system-timezone times and rounded values', async () => {
    const table = (await get(`${base()}?${period}&pageSize=100`)).json();
    expect(table.total).toBe(42);

    const res = await get(`${base()}/export?${period}&lang=zh_CN`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(decodeURIComponent(String(res.headers['content-disposition']))).toContain('南门监测点-env.csv');
    expect([...res.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = csvLines(res.body);
    expect(lines[0]).toBe(
      '采集时间,温度 (°C),湿度 (%RH),PM2.5 (μg/m³),PM10 (μg/m³),土壤温度 (°C),土壤湿度 (%),二氧化碳 (ppm),可燃气体 (ppm),光照 (lux),气压 (kPa),噪声 (dB)',
    );
    // Exactly the table's rows, in its order (newest first).
    expect(lines).toHaveLength(1 + table.total);
    // The newest at the system timezone (UTC+5), as the console shows it; values rounded as on screen.
    expect(lines[1]).toBe('2026-11-27 20:30:00,9.2,50,30,,12.3,,,,,,40');
    expect(lines[2]).toBe('2026-11-27 20:26:00,10.2,50,31,,,,,,,,40');
    expect(lines.at(-1)).toBe('2026-11-27 17:46:00,50.2,50,71,,,,,,,,40');
    for (const line of lines.slice(1)) expect(line).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,/);
    expect(res.body).not.toMatch(/\d\.\d\d/);
  });

  it('titles the columns in the caller’s language', async () => {
    const res = await get(`${base()}/export?${period}&lang=en_US`);
    expect(csvLines(res.body)[0]).toBe(
      'Pick time,Temperature (°C),Humidity (%RH),PM2.5 (μg/m³),PM10 (μg/m³),Soil temperature (°C),Soil humidity (%),CO₂ (ppm),Gas (ppm),Light (lux),Air pressure (kPa),Noise (dB)',
    );
  });

  it('has as many rows as the table for a day too', async () => {
    const from = new Date(newest.getTime() - 3600_000).toISOString();
    const to = newest.toISOString();
    const table = (await get(`${base()}?from=${from}&to=${to}&pageSize=25`)).json();
    const lines = csvLines((await get(`${base()}/export?from=${from}&to=${to}`)).body);
    expect(table.total).toBe(16);
    expect(lines).toHaveLength(1 + table.total);
  });

  it('writes the same table as an Excel workbook that reads back with Chinese intact', async () => {
    const res = await get(`${base()}/export?${period}&format=xlsx&lang=zh_CN`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(decodeURIComponent(String(res.headers['content-disposition']))).toContain('南门监测点-env.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.name).toBe('南门监测点');
    expect(sheet.rowCount).toBe(43);
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual([
      '采集时间',
      '温度 (°C)',
      '湿度 (%RH)',
      'PM2.5 (μg/m³)',
      'PM10 (μg/m³)',
      '土壤温度 (°C)',
      '土壤湿度 (%)',
      '二氧化碳 (ppm)',
      '可燃气体 (ppm)',
      '光照 (lux)',
      '气压 (kPa)',
      '噪声 (dB)',
    ]);
    const first = sheet.getRow(2);
    // A date cell whose wall clock is the system timezone's, shown as yyyy-MM-dd HH:mm:ss.
    expect(first.getCell(1).value).toEqual(new Date(Date.UTC(2026, 10, 27, 20, 30, 0)));
    expect(first.getCell(1).numFmt).toBe('yyyy-mm-dd hh:mm:ss');
    expect(first.getCell(2).value).toBe(9.2);
    expect(first.getCell(4).value).toBe(30);
    expect(first.getCell(5).value).toBeNull();
    expect(first.getCell(6).value).toBe(12.3);
    expect(sheet.getRow(43).getCell(2).value).toBe(50.2);
  });

  it('refuses an unknown format', async () => {
    expect((await get(`${base()}/export?format=pdf`)).statusCode).toBe(400);
  });
});
