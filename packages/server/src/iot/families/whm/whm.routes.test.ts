import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { signInWith } from '../../../test/caller.js';
import { createIotDevice, createProject, queryRows } from '../../../test/factories.js';
import { connectTestDevice, eventually } from '../../test-device.js';
import { familySuite, listOf, type TestDevice } from '../kit/test-fixtures.js';

const suite = familySuite({ mqtt: true, params: { httpTimeout: '5', commandAttempts: '5' } });
const { call } = suite;
let meter: TestDevice;
let idle: TestDevice;
const base = '/api/pjts/1/iot/whm';

beforeAll(async () => {
  meter = await createIotDevice(suite.t.database.db, {
    type: 'watthourmeter',
    modelNo: 'whmrs485',
    props: { peripheralIndex: 3, pickInterval: 600 },
  });
  idle = await createIotDevice(suite.t.database.db, {
    type: 'watthourmeter',
    modelNo: 'whmrs485',
    props: { inUse: false },
  });
  // 48 hourly readings: the register grows by 2 kWh an hour, 2 kWh in each interval.
  await suite.t.database.db.execute(sql`
    insert into whm_readings (device_id, project_id, at, reading, energy, power, voltage, current, power_factor)
    select ${meter.id}, 1, now() - (h || ' hours')::interval, 1000 + (47 - h) * 2, 2, 2, 230, 9.15, 0.95
    from generate_series(0, 47) h`);
});

describe('meter list', () => {
  it('pages the meters with their latest reading and pick time', async () => {
    const list = await listOf(call, `${base}/pages?pageSize=100`);
    const mine = list.find((m) => m.id === meter.id)!;
    expect(mine).toMatchObject({ name: meter.name, peripheralIndex: 3, inUse: true, reading: 1094, power: 2 });
    expect(Date.now() - Date.parse(mine.pickedAt as string)).toBeLessThan(60_000);
    expect(list.find((m) => m.id === idle.id)).toMatchObject({
      inUse: false,
      reading: null,
      pickedAt: null,
    });
  });

  it('searches by no and filters by the in-use flag', async () => {
    const byNo = (await call('GET', `${base}/pages?keyword=${meter.no}`)).json();
    expect(byNo.list.map((m: { id: number }) => m.id)).toEqual([meter.id]);
    const out = (await call('GET', `${base}/pages?inUse=false&pageSize=100`)).json();
    expect(out.list.map((m: { id: number }) => m.id)).toContain(idle.id);
    expect(out.list.map((m: { id: number }) => m.id)).not.toContain(meter.id);
  });

  it('answers bad paging in the caller’s language', async () => {
    const zh = await call('GET', `${base}/pages?pageSize=0`, undefined, suite.admin, 'zh_CN');
    expect(zh.statusCode).toBe(400);
    expect(zh.json().message).toContain('允许的取值范围');
    const en = await call('GET', `${base}/pages?inUse=maybe`, undefined, suite.admin, 'en_US');
    expect(en.statusCode).toBe(400);
    expect(en.json().message).toContain('A valid parameter is required');
  });
});

describe('config and in-use flag', () => {
  it('reads and saves the config; an offline meter is told later', async () => {
    expect((await call('GET', `${base}/${meter.id}/config`)).json()).toEqual({
      id: meter.id,
      peripheralIndex: 3,
      pickInterval: 600,
    });
    const res = await call('PUT', `${base}/${meter.id}/config`, { peripheralIndex: '7', pickInterval: '300' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ id: meter.id, peripheralIndex: 7, pickInterval: 300, delivered: false });
    const [row] = await queryRows(suite.t.database.db, sql`select props from devices where id = ${meter.id}`);
    expect(row!.props).toMatchObject({ peripheralIndex: 7, pickInterval: 300 });
    const [log] = await queryRows(
      suite.t.database.db,
      sql`select summary from manage_logs where entity = 'device' and entity_id = ${String(meter.id)} order by id desc limit 1`,
    );
    expect(log!.summary).toBe(`${meter.name} config`);
  });

  it('refuses a config out of range with the localised message', async () => {
    const zh = await call(
      'PUT',
      `${base}/${meter.id}/config`,
      { peripheralIndex: '1', pickInterval: '5' },
      suite.admin,
      'zh_CN',
    );
    expect(zh.statusCode).toBe(400);
    expect(zh.json().message).toBe('允许的取值范围：60 - 3600。');
    const en = await call('PUT', `${base}/${meter.id}/config`, { peripheralIndex: 'x', pickInterval: '300' });
    expect(en.statusCode).toBe(400);
    expect(en.json().message).toBe('A number is required.');
  });

  it('sends the config to a connected meter', async () => {
    const online = await createIotDevice(suite.t.database.db, { type: 'watthourmeter', modelNo: 'whmrs485' });
    const device = await connectTestDevice(suite.port, online.equipmentId, online.key1, (r) => ({
      ok: true,
      result: r.args,
    }));
    await device.publish('heartbeat', {});
    await eventually(
      () => queryRows(suite.t.database.db, sql`select active_state from devices where id = ${online.id}`),
      (r) => r[0]?.active_state === 1,
    );
    const res = await call('PUT', `${base}/${online.id}/config`, { peripheralIndex: '2', pickInterval: '120' });
    expect(res.json()).toMatchObject({ peripheralIndex: 2, pickInterval: 120, delivered: true });
    expect(device.received[0]).toMatchObject({ command: 'config', args: { peripheralIndex: 2, pickInterval: 120 } });
    // realdata: the meter answers its values at once.
    const real = await call('POST', `${base}/${online.id}/realdata`);
    expect(real.statusCode, real.body).toBe(200);
    expect(real.json()).toMatchObject({ command: 'realdata', ok: true, attempts: 1 });
    await device.close();
  });

  it('puts a meter out of use and back', async () => {
    const off = await call('PUT', `${base}/${meter.id}/inuse`, { inUse: 'false' });
    expect(off.json()).toEqual({ id: meter.id, inUse: false });
    expect(
      (await call('GET', `${base}/pages?inUse=false&pageSize=100`)).json().list.map((m: { id: number }) => m.id),
    ).toContain(meter.id);
    expect((await call('PUT', `${base}/${meter.id}/inuse`, { inUse: 'true' })).json()).toEqual({
      id: meter.id,
      inUse: true,
    });
    expect((await call('PUT', `${base}/${meter.id}/inuse`, { inUse: 'perhaps' })).statusCode).toBe(400);
  });
});

describe('readings', () => {
  it('stores telemetry, keeping implausible values out and a large register to the hundredth', async () => {
    const d = await createIotDevice(suite.t.database.db, { type: 'watthourmeter', modelNo: 'whmrs485' });
    const device = await connectTestDevice(suite.port, d.equipmentId, d.key1);
    await device.publish('telemetry', {
      ts: Date.now(),
      values: { reading: 1234567.89, energy: 0.25, power: 1.5, voltage: 231, current: 6.8, powerFactor: 7 },
    });
    const stored = await eventually(
      () =>
        queryRows(
          suite.t.database.db,
          sql`select reading, energy, power_factor from whm_readings where device_id = ${d.id}`,
        ),
      (r) => r.length === 1,
    );
    // Single precision would read 1234567.875 (about 7 digits): a register is stored at double precision.
    expect(stored).toEqual([{ reading: 1234567.89, energy: 0.25, power_factor: null }]);
    // The rollup job folds the hour once it is closed (its clock an hour on).
    await suite.t.app.iot.jobs.rollups(new Date(Date.now() + 3600_000));
    const [hour] = await queryRows(
      suite.t.database.db,
      sql`select reading_max from whm_readings_hourly where device_id = ${d.id}`,
    );
    expect(hour).toEqual({ reading_max: 1234567.89 });
    await device.close();
  });

  it('pages the history, adds the energy in the rollups and exports CSV', async () => {
    const from = new Date(Date.now() - 10.5 * 3600_000).toISOString();
    const page = (await call('GET', `${base}/${meter.id}/reports.do?from=${from}&pageSize=25`)).json();
    expect(page).toMatchObject({ total: 11, page: 1, pageSize: 25 });
    expect(page.list[0]).toMatchObject({ reading: 1094, energy: 2 });
    const series = await call('GET', `${base}/${meter.id}/reports.do/series?from=${from}`);
    expect(series.statusCode, series.body).toBe(200);
    expect(series.json().resolution).toBe('raw');
    const csv = await call('GET', `${base}/${meter.id}/reports.do/export`);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toContain(encodeURIComponent(`${meter.name}-readings.csv`));
    const lines = csv.body.split('\r\n').filter(Boolean);
    expect(lines[0]).toBe(
      '\uFEFFPick time,Reading (kWh),Energy in interval (kWh),Active power (kW),Voltage (V),Current (A),Power factor',
    );
    expect(lines).toHaveLength(49);
    expect(lines[1]).toMatch(/,1094,2,2,230,/);
  });
});

describe('permissions and scope', () => {
  it('lets a viewer read but not change, and refuses another family', async () => {
    await suite.expectStatuses(await signInWith(suite.t, 1, { pjtdevicewhmlist: 1 }), [
      [200, 'GET', `${base}/pages`],
      [403, 'PUT', `${base}/${meter.id}/inuse`, { inUse: 'false' }],
    ]);
    await suite.expectStatuses(await signInWith(suite.t, 1, {}), [[403, 'GET', `${base}/pages`]]);
    const gw = await createIotDevice(suite.t.database.db, { type: 'gateway', modelNo: 'gws' });
    expect((await call('GET', `${base}/${gw.id}/config`)).statusCode).toBe(400);
  });

  it("answers 404 for another project's meter", async () => {
    const other = await createProject(suite.t.database.db, 1, ['whm']);
    const outsider = await signInWith(suite.t, other.id, { pjtdevicewhmlist: 5 });
    expect((await call('GET', `${base}/${meter.id}/config`, undefined, outsider)).statusCode).toBe(404);
    expect((await call('PUT', `${base}/${meter.id}/inuse`, { inUse: 'false' }, outsider)).statusCode).toBe(404);
    expect((await call('GET', `${base}/${meter.id}/reports.do/export`, undefined, outsider)).statusCode).toBe(404);
    expect(
      (await call('GET', `/api/pjts/${other.id}/iot/whm/${meter.id}/config`, undefined, outsider)).statusCode,
    ).toBe(404);
    expect((await call('GET', `/api/pjts/${other.id}/iot/whm/pages`, undefined, outsider)).json().total).toBe(0);
  });
});
