import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIotDevice, createProject, createRole, createUser } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';

let t: TestApp;
let admin: string;
let monitor: Awaited<ReturnType<typeof createIotDevice>>;
let hidden: Awaited<ReturnType<typeof createIotDevice>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.token();
  monitor = await createIotDevice(t.database.db, { type: 'envmonitor', modelNo: 'envrs485', props: { public: true } });
  hidden = await createIotDevice(t.database.db, { type: 'envmonitor', modelNo: 'envrs485' });
  // 48 hourly readings of the public monitor, one of the other.
  await t.database.db.execute(sql`
    insert into env_readings (device_id, project_id, at, temperature, humidity, pm25)
    select ${monitor.id}, 1, now() - (h || ' hours')::interval, 20 + h % 5, 50, 30 + h from generate_series(0, 47) h`);
  await t.database.db.execute(
    sql`insert into env_readings (device_id, project_id, at, temperature) values (${hidden.id}, 1, now(), 15)`,
  );
});
afterAll(() => t.close());

const get = (url: string, token: string | null = admin) =>
  t.app.inject({ method: 'GET', url: token ? `${url}${url.includes('?') ? '&' : '?'}token=${token}` : url });

describe('environment reports', () => {
  it('answers every monitor of the project with its last n readings', async () => {
    const res = await get('/api/pjts/1/iot/envmonitor/reports.do/family/attempts/last/3');
    expect(res.statusCode).toBe(200);
    const mine = res.json().find((x: { device: { id: number } }) => x.device.id === monitor.id);
    expect(mine.device).toMatchObject({ name: monitor.name, public: true });
    expect(mine.readings).toHaveLength(3);
    expect(mine.readings[0]).toMatchObject({ temperature: 20, pm25: 30 });
    expect((await get('/api/pjts/1/iot/envmonitor/reports.do/family/attempts/last/500')).statusCode).toBe(400);
  });

  it('pages the history of a period, newest first', async () => {
    const from = new Date(Date.now() - 10.5 * 3600_000).toISOString();
    const page = (await get(`/api/pjts/1/iot/envmonitor/${monitor.id}/reports.do?from=${from}&pageSize=25`)).json();
    expect(page).toMatchObject({ total: 11, page: 1, pageSize: 25 });
    expect(page.list[0].pm25).toBe(30);
  });

  it('averages a long period into at most 500 points for the chart', async () => {
    const from = new Date(Date.now() - 48 * 3600_000).toISOString();
    const res = await get(`/api/pjts/1/iot/envmonitor/${monitor.id}/reports.do/series?from=${from}`);
    expect(res.statusCode, res.body).toBe(200);
    const series = res.json();
    expect(series.bucketSeconds).toBe(346);
    expect(series.points.length).toBeGreaterThan(40);
    expect(series.points.length).toBeLessThanOrEqual(500);
  });

  it('exports every reading when no period is given (env.export.test.ts says how)', async () => {
    const res = await get(`/api/pjts/1/iot/envmonitor/${monitor.id}/reports.do/export`);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body.split('\r\n').filter(Boolean);
    expect(lines[0]).toMatch(/^\uFEFF采集时间,温度 \(°C\),/);
    expect(lines).toHaveLength(49);
  });

  it('refuses another family and another project', async () => {
    const gw = await createIotDevice(t.database.db, { type: 'gateway', modelNo: 'gws' });
    expect((await get(`/api/pjts/1/iot/envmonitor/${gw.id}/reports.do`)).statusCode).toBe(400);
    const other = await createProject(t.database.db, 1, ['env']);
    const outsider = await createUser(
      t.database.db,
      (await createRole(t.database.db, other.id, { pjtdeviceenvdatahistory: 1 })).id,
    );
    const token = await t.token(outsider.name, outsider.password);
    expect((await get(`/api/pjts/1/iot/envmonitor/${monitor.id}/reports.do`, token)).statusCode).toBe(404);
    expect((await get(`/api/pjts/${other.id}/iot/envmonitor/reports.do/family/attempts/last/1`, token)).json()).toEqual(
      [],
    );
  });
});

describe('public environment display', () => {
  it('shows only monitors marked public, without sign-in', async () => {
    const list = (await get('/api/pub/iot/env/devices.do', null)).json();
    expect(list.map((d: { id: number }) => d.id)).toEqual([monitor.id]);
    const last = await get(`/api/pub/iot/env/${monitor.id}/reports.do/last/2`, null);
    expect(last.json().readings).toHaveLength(2);
    expect((await get(`/api/pub/iot/env/${hidden.id}/reports.do/last/2`, null)).statusCode).toBe(404);
  });
});
