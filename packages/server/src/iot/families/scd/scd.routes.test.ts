import { scdManifest } from '@sc/contract/families/scd';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { signInWith } from '../../../test/caller.js';
import { createIotDevice, createProject, queryRows } from '../../../test/factories.js';
import { eventually } from '../../test-device.js';
import { type Answer, commandSuite, listOf, onlineDevice, type TestDevice } from '../kit/test-fixtures.js';

const MODEL = 'scdqg4g';
const thresholds = { fullThreshold: 70, overfillThreshold: 90, freeDistance: 100 };

const suite = commandSuite(scdManifest);
const { call, base, type: TYPE } = suite;
/** A bin with two reports (the newer 25 cm from the lid: 75 cm of rubbish, full) and two events. */
let bin: TestDevice;
/** A bin that never reported. */
let quiet: TestDevice;
const ids = (list: { id: number }[]) => list.map((x) => x.id);

/** A bin connected over MQTT and seen active; `answer` replies to its commands (null: never). */
const connectedBin = (answer: Answer) => onlineDevice(suite, { type: TYPE, modelNo: MODEL, props: thresholds }, answer);

beforeAll(async () => {
  bin = await createIotDevice(suite.t.database.db, { type: TYPE, modelNo: MODEL, props: thresholds });
  quiet = await createIotDevice(suite.t.database.db, { type: TYPE, modelNo: MODEL, props: {}, activeState: 1 });
  await suite.t.database.db.execute(sql`
    insert into scd_readings (device_id, project_id, at, distance, fill, weight, battery) values
      (${bin.id}, 1, now() - interval '2 hours', 60, 40, 12.5, 81),
      (${bin.id}, 1, now() - interval '5 minutes', 25, 75, 21.5, 80)`);
  await suite.t.database.db.execute(sql`
    insert into device_events (device_id, project_id, type, at, code, event_type, level) values
      (${bin.id}, 1, ${TYPE}, now() - interval '3 days', 'FULL', 'occur', 'alarm'),
      (${bin.id}, 1, ${TYPE}, now() - interval '1 hour', 'FULL', 'occur', 'alarm')`);
});

describe('dustbin list', () => {
  it('pages the bins with their latest report and fill state', async () => {
    const list = await listOf(call, `${base}/pages?pageSize=100`);
    expect(list.find((b) => b.id === bin.id)).toMatchObject({
      name: bin.name,
      fill: 75,
      weight: 21.5,
      battery: 80,
      fillState: 'full',
      fullThreshold: 70,
      overfillThreshold: 90,
    });
    expect(list.find((b) => b.id === quiet.id)).toMatchObject({ fill: null, fillState: null, reportedAt: null });
  });

  it('puts the bins with coordinates on the map with their fill state, and only the project’s', async () => {
    await suite.t.database.db.execute(sql`update devices set lng = 120.15, lat = 30.28 where id = ${bin.id}`);
    const res = await call('GET', `${base}/map`);
    expect(res.statusCode, res.body).toBe(200);
    const map = res.json() as Record<string, unknown>[];
    expect(map.find((b) => b.id === bin.id)).toMatchObject({ lng: 120.15, lat: 30.28, fill: 75, fillState: 'full' });
    expect(ids(map as { id: number }[])).not.toContain(quiet.id);
    const other = await createProject(suite.t.database.db, 1, ['scd']);
    const outsider = await signInWith(suite.t, other.id, { pjtdevicescdlist: 1 });
    const theirs = await call('GET', `/api/pjts/${other.id}/iot/scd/map`, undefined, outsider);
    expect(theirs.json()).toEqual([]);
    expect((await call('GET', `${base}/map`, undefined, outsider)).statusCode).toBe(404);
  });

  it('searches by no and filters by online state', async () => {
    expect(ids((await call('GET', `${base}/pages?keyword=${bin.no}`)).json().list)).toEqual([bin.id]);
    const online = ids((await call('GET', `${base}/pages?activeState=1&pageSize=100`)).json().list);
    expect(online).toContain(quiet.id);
    expect(online).not.toContain(bin.id);
  });

  it('refuses a bad filter in the caller’s language', async () => {
    const zh = await call('GET', `${base}/pages?activeState=9`, undefined, suite.admin, 'zh_CN');
    expect(zh.statusCode).toBe(400);
    expect(zh.json().message).toContain('请输入有效的参数');
    const en = await call('GET', `${base}/pages?activeState=9`, undefined, suite.admin, 'en_US');
    expect(en.json().message).toContain('A valid parameter is required');
  });
});

describe('one dustbin', () => {
  it('answers its latest stored report', async () => {
    const res = await call('GET', `${base}/${bin.id}/realdata`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id: bin.id,
      values: { distance: 25, fill: 75, weight: 21.5, battery: 80 },
      fillState: 'full',
    });
    expect((await call('GET', `${base}/${quiet.id}/realdata`)).json()).toEqual({
      id: quiet.id,
      at: null,
      values: { distance: null, fill: null, weight: null, battery: null },
      fillState: null,
    });
  });

  it('answers the last 24 hours of events and the events of a period, paged', async () => {
    const recent = await call('GET', `${base}/${bin.id}/events/last24h`);
    expect(recent.statusCode, recent.body).toBe(200);
    expect(recent.json()).toHaveLength(1);
    const from = new Date(Date.now() - 4 * 86_400_000).toISOString();
    const page = (await call('GET', `${base}/${bin.id}/events?from=${from}&pageSize=25`)).json();
    expect(page).toMatchObject({ total: 2, page: 1, pageSize: 25 });
    const bad = await call('GET', `${base}/${bin.id}/events?from=yesterday`, undefined, suite.admin, 'zh_CN');
    expect(bad.statusCode).toBe(400);
  });

  it('reads and saves the thresholds; an offline bin is told later', async () => {
    expect((await call('GET', `${base}/${bin.id}/config`)).json()).toEqual({ id: bin.id, ...thresholds });
    const res = await call('PUT', `${base}/${bin.id}/config`, {
      fullThreshold: '60',
      overfillThreshold: '80',
      freeDistance: '110',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      id: bin.id,
      fullThreshold: 60,
      overfillThreshold: 80,
      freeDistance: 110,
      delivered: false,
    });
    const [row] = await queryRows(suite.t.database.db, sql`select props from devices where id = ${bin.id}`);
    expect(row!.props).toMatchObject({ fullThreshold: 60, overfillThreshold: 80, freeDistance: 110 });
    const [log] = await queryRows(
      suite.t.database.db,
      sql`select summary from manage_logs where entity = 'device' and entity_id = ${String(bin.id)} order by id desc limit 1`,
    );
    expect(log!.summary).toBe(`${bin.name} thresholds`);
  });

  it('refuses a full threshold not below the over-fill one with the spec’s message in both languages', async () => {
    const body = { fullThreshold: '90', overfillThreshold: '90', freeDistance: '100' };
    const zh = await call('PUT', `${base}/${bin.id}/config`, body, suite.admin, 'zh_CN');
    expect(zh.statusCode).toBe(400);
    expect(zh.json().message).toBe('满溢阈值必须小于溢出阈值');
    const en = await call('PUT', `${base}/${bin.id}/config`, body, suite.admin, 'en_US');
    expect(en.statusCode).toBe(400);
    expect(en.json().message).toBe('The full threshold must be below the over-fill threshold');
    const range = await call('PUT', `${base}/${bin.id}/config`, { ...body, fullThreshold: '0' }, suite.admin, 'en_US');
    expect(range.json().message).toContain('1 - 1000');
  });
});

describe('talking to the bin', () => {
  it('stores reports, sends the thresholds and answers realdata', async () => {
    const { d, device } = await connectedBin((r) => ({
      ok: true,
      result: r.command === 'realdata' ? { fill: 5 } : r.args,
    }));
    await device.publish('telemetry', { ts: Date.now(), values: { distance: 95, fill: 5, weight: 2, battery: 400 } });
    const stored = await eventually(
      () => queryRows(suite.t.database.db, sql`select fill, battery from scd_readings where device_id = ${d.id}`),
      (r) => r.length === 1,
    );
    expect(stored).toEqual([{ fill: 5, battery: null }]); // an implausible battery is kept out
    const saved = await call('PUT', `${base}/${d.id}/config`, {
      fullThreshold: '50',
      overfillThreshold: '70',
      freeDistance: '90',
    });
    expect(saved.json()).toMatchObject({ fullThreshold: 50, delivered: true });
    expect(device.received[0]).toMatchObject({
      command: 'config',
      args: { fullThreshold: 50, overfillThreshold: 70, freeDistance: 90 },
    });
    const real = await call('POST', `${base}/${d.id}/realdata`);
    expect(real.statusCode, real.body).toBe(200);
    expect(real.json()).toMatchObject({ command: 'realdata', ok: true, result: { fill: 5 } });
    await device.close();
  });

  it('answers 409 for an offline bin and 504 for a silent one', async () => {
    const offline = await call('POST', `${base}/${bin.id}/realdata`, undefined, suite.admin, 'zh_CN');
    expect(offline.statusCode).toBe(409);
    expect(offline.json().message).toBe('设备离线或通讯异常，请稍后重试');
    const { d, device } = await connectedBin(() => null);
    const silent = await call('POST', `${base}/${d.id}/realdata`);
    expect(silent.statusCode).toBe(504);
    await device.close();
  });

  it('raises FULL and OVERFILL as site messages', async () => {
    const { d, device } = await connectedBin(() => ({ ok: true }));
    await device.publish('event', { code: 'FULL', type: 'occur', level: 'alarm', detail: { height: 72 } });
    await device.publish('event', { code: 'OVERFILL', type: 'occur', level: 'alarm', detail: { height: 91 } });
    const titles = await eventually(
      () =>
        queryRows<{ title: string }>(
          suite.t.database.db,
          sql`select distinct title from site_messages where title like ${`%${d.name}%`}`,
        ),
      (r) => r.length === 2,
      10_000,
    );
    expect(titles.map((m) => m.title).sort()).toEqual(
      [expect.stringContaining('垃圾桶已满'), expect.stringContaining('垃圾桶溢出')].sort(),
    );
    await device.close();
  });
});

describe('permissions and scope', () => {
  it('lets a viewer read but not change, and refuses another family', async () => {
    const viewer = await signInWith(suite.t, 1, { pjtdevicescdlist: 1 });
    expect((await call('GET', `${base}/pages`, undefined, viewer)).statusCode).toBe(200);
    expect((await call('PUT', `${base}/${bin.id}/config`, { fullThreshold: '1' }, viewer)).statusCode).toBe(403);
    const gw = await createIotDevice(suite.t.database.db, { type: 'gateway', modelNo: 'gws' });
    expect((await call('GET', `${base}/${gw.id}/config`)).statusCode).toBe(400);
  });

  it("answers 404 for another project's bin", async () => {
    const other = await createProject(suite.t.database.db, 1, ['scd']);
    const outsider = await signInWith(suite.t, other.id, { pjtdevicescdlist: 5 });
    for (const path of ['realdata', 'config', 'events', 'events/last24h'])
      expect((await call('GET', `${base}/${bin.id}/${path}`, undefined, outsider)).statusCode, path).toBe(404);
    expect((await call('POST', `${base}/${bin.id}/register`, undefined, outsider)).statusCode).toBe(404);
    expect(
      (await call('GET', `/api/pjts/${other.id}/iot/scd/${bin.id}/realdata`, undefined, outsider)).statusCode,
    ).toBe(404);
    expect((await call('GET', `/api/pjts/${other.id}/iot/scd/pages`, undefined, outsider)).json().total).toBe(0);
  });
});
