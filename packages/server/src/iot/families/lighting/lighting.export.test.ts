import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIotDevice } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';

let t: TestApp;
let admin: string;
let lamp: Awaited<ReturnType<typeof createIotDevice>>;
const newest = new Date(Date.UTC(2026, 10, 27, 12, 0, 0));

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.token();
  lamp = await createIotDevice(t.database.db, { type: 'lighting', modelNo: 'lcunb' });
  await t.database.db.execute(sql`
    insert into lighting_readings (device_id, project_id, at, "on", level, run_status, power_factor, voltage)
    values (${lamp.id}, 1, ${newest.toISOString()}::timestamptz, 1, 80, 2, 0.9567, 220.04),
           (${lamp.id}, 1, ${newest.toISOString()}::timestamptz - interval '5 minutes', 0, 0, 0, 0.9, 219.96)`);
});
afterAll(() => t?.close());

const exportLines = async (lang: string) => {
  const from = new Date(newest.getTime() - 86_400_000).toISOString();
  const to = new Date(newest.getTime() + 60_000).toISOString();
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/pjts/1/iot/lighting/${lamp.id}/reports.do/export?from=${from}&to=${to}&lang=${lang}&token=${admin}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  const lines = res.body
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');
  const header = lines[0]!.split(',');
  const cell = (line: number, title: string) => lines[line]!.split(',')[header.indexOf(title)];
  return { header, cell };
};

describe('lamp history export, nothing raw', () => {
  it('writes power and run status in words and the power factor to two decimals, in the caller’s language', async () => {
    const zh = await exportLines('zh_CN');
    expect(zh.cell(1, '开关状态')).toBe('开');
    expect(zh.cell(1, '运行状态')).toBe('故障');
    expect(zh.cell(1, '功率因数')).toBe('0.96');
    expect(zh.cell(2, '开关状态')).toBe('关');
    expect(zh.cell(2, '运行状态')).toBe('正常');
    expect(zh.cell(2, '功率因数')).toBe('0.9');
    expect(zh.cell(1, '电压 (V)')).toBe('220');
    const en = await exportLines('en_US');
    expect(en.cell(1, 'Run status')).toBe('Error');
    expect(en.cell(2, 'Run status')).toBe('Normal');
  });
});
