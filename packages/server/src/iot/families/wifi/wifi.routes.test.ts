import { wifiManifest } from '@sc/contract/families/wifi';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { signInWith } from '../../../test/caller.js';
import { createIotDevice, createProject, queryRows } from '../../../test/factories.js';
import { eventually } from '../../test-device.js';
import { type Answer, commandSuite, listOf, onlineDevice, type TestDevice } from '../kit/test-fixtures.js';

const suite = commandSuite(wifiManifest);
const { call, base, type: TYPE } = suite;
/** An access controller and an AP under it with two reports and three log lines. */
let ac: TestDevice;
let ap: TestDevice;
/** An AP that never reported, seen online. */
let quiet: TestDevice;
const ids = (list: { id: number }[]) => list.map((x) => x.id);

/** An AP connected over MQTT and seen active; `answer` replies to its commands (null: never). */
const connectedAp = (answer: Answer) =>
  onlineDevice(suite, { type: TYPE, modelNo: 'wificomfastap', props: { linkType: 'bypass' } }, answer);

beforeAll(async () => {
  ac = await createIotDevice(suite.t.database.db, { type: TYPE, modelNo: 'wificomfastac', props: {} });
  ap = await createIotDevice(suite.t.database.db, {
    type: TYPE,
    modelNo: 'wificomfastap',
    parentId: ac.id,
    props: { ssid: 'City-Free', linkType: 'cascade' },
  });
  quiet = await createIotDevice(suite.t.database.db, {
    type: TYPE,
    modelNo: 'wificomfastap',
    props: { linkType: 'bypass' },
    activeState: 1,
  });
  await suite.t.database.db.execute(sql`
    insert into wifi_readings (device_id, project_id, at, upload, download, cpu, memory, clients, uptime) values
      (${ap.id}, 1, now() - interval '2 hours', 1.5, 8, 20, 40, 3, 7200),
      (${ap.id}, 1, now() - interval '5 minutes', 4.5, 22.5, 35, 48, 12, 14100)`);
  await suite.t.database.db.execute(sql`
    insert into device_events (device_id, project_id, type, at, code, event_type, level, detail) values
      (${ap.id}, 1, ${TYPE}, now() - interval '3 hours', 'REBOOT', 'info', 'info', null),
      (${ap.id}, 1, ${TYPE}, now() - interval '2 hours', 'CLIENT_JOIN', 'info', 'info', '{"mac":"00:1A:2B:3C:4D:5E"}'),
      (${ap.id}, 1, ${TYPE}, now() - interval '1 hour', 'CLIENT_LEAVE', 'info', 'info', '{"mac":"00:1A:2B:3C:4D:5E"}')`);
});

describe('WiFi list', () => {
  it('pages the APs and ACs with their latest report, controller and link type', async () => {
    const list = await listOf(call, `${base}/pages?pageSize=100`);
    expect(list.find((x) => x.id === ap.id)).toMatchObject({
      name: ap.name,
      parentName: ac.name,
      ssid: 'City-Free',
      linkType: 'cascade',
      upload: 4.5,
      download: 22.5,
      cpu: 35,
      memory: 48,
      clients: 12,
      uptime: 14100,
    });
    expect(list.find((x) => x.id === quiet.id)).toMatchObject({ clients: null, reportedAt: null, parentName: null });
    expect(list.find((x) => x.id === ac.id)).toMatchObject({ linkType: null });
  });

  it('searches by no and filters by online state and link type', async () => {
    expect(ids((await call('GET', `${base}/pages?keyword=${ap.no}`)).json().list)).toEqual([ap.id]);
    const online = ids((await call('GET', `${base}/pages?activeState=1&pageSize=100`)).json().list);
    expect(online).toContain(quiet.id);
    expect(online).not.toContain(ap.id);
    const bypass = ids((await call('GET', `${base}/pages?linkType=bypass&pageSize=100`)).json().list);
    expect(bypass).toContain(quiet.id);
    expect(bypass).not.toContain(ap.id);
  });

  it('refuses a bad filter in the caller’s language', async () => {
    const zh = await call('GET', `${base}/pages?linkType=wireless`, undefined, suite.admin, 'zh_CN');
    expect(zh.statusCode).toBe(400);
    expect(zh.json().message).toContain('请输入有效的参数');
    const en = await call('GET', `${base}/pages?linkType=wireless`, undefined, suite.admin, 'en_US');
    expect(en.json().message).toContain('A valid parameter is required');
  });
});

describe('one AP', () => {
  it('answers its latest stored report', async () => {
    const res = await call('GET', `${base}/${ap.id}/realdata`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: ap.id, values: { upload: 4.5, clients: 12, uptime: 14100 } });
    expect((await call('GET', `${base}/${quiet.id}/realdata`)).json()).toMatchObject({ id: quiet.id, at: null });
  });

  it('answers its log, newest first and paged', async () => {
    const res = await call('GET', `${base}/${ap.id}/logs?pageSize=25`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ total: 3, page: 1, pageSize: 25 });
    expect(res.json().list.map((e: { code: string }) => e.code)).toEqual(['CLIENT_LEAVE', 'CLIENT_JOIN', 'REBOOT']);
    const from = new Date(Date.now() - 90 * 60_000).toISOString();
    expect((await call('GET', `${base}/${ap.id}/logs?from=${from}`)).json().total).toBe(1);
    const bad = await call('GET', `${base}/${ap.id}/logs?from=yesterday`, undefined, suite.admin, 'en_US');
    expect(bad.statusCode).toBe(400);
  });

  it.each([
    ['zh_CN', { action: 'blacklistAdd', mac: '00:1A:2B:3C:4D' }, '请输入有效的 MAC 地址'],
    ['en_US', { action: 'blacklistAdd', mac: 'not-a-mac' }, 'A valid MAC address is required'],
    ['en_US', { action: 'blacklistRemove' }, 'A valid MAC address is required'],
    ['en_US', { action: 'radioOff', band: '6g' }, 'A valid parameter is required'],
    ['zh_CN', { action: 'format' }, '请输入有效的参数'],
  ] as const)('refuses a bad control in the caller’s language (%s %j)', async (lang, body, message) => {
    const res = await call('POST', `${base}/${ap.id}/control`, body, suite.admin, lang);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
  });
});

describe('talking to the AP', () => {
  it('stores reports, answers realdata and sends control with the MAC in one form', async () => {
    const realdata = { values: { clients: 2 }, interfaces: [], clients: [], blacklist: [] };
    const { d, device } = await connectedAp((r) => ({
      ok: true,
      result: r.command === 'realdata' ? realdata : r.args,
    }));
    await device.publish('telemetry', {
      ts: Date.now(),
      values: { upload: 1.2, download: 9.8, cpu: 300, memory: 51, clients: 2, uptime: 600 },
    });
    const stored = await eventually(
      () => queryRows(suite.t.database.db, sql`select clients, cpu from wifi_readings where device_id = ${d.id}`),
      (r) => r.length === 1,
    );
    expect(stored).toEqual([{ clients: 2, cpu: null }]); // an implausible CPU is kept out
    const real = await call('POST', `${base}/${d.id}/realdata`);
    expect(real.statusCode, real.body).toBe(200);
    expect(real.json()).toMatchObject({ command: 'realdata', ok: true, result: realdata });
    const sent = await call('POST', `${base}/${d.id}/control`, { action: 'blacklistAdd', mac: 'aa-bb-cc-dd-ee-0f' });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(device.received.at(-1)).toMatchObject({
      command: 'control',
      args: { action: 'blacklistAdd', mac: 'AA:BB:CC:DD:EE:0F' },
    });
    const radio = await call('POST', `${base}/${d.id}/control`, { action: 'radioOff', band: '5g' });
    expect(radio.json()).toMatchObject({ ok: true, result: { action: 'radioOff', band: '5g' } });
    await device.close();
  });

  it('answers 409 for an offline AP and 504 for a silent one', async () => {
    const offline = await call('POST', `${base}/${ap.id}/control`, { action: 'reboot' }, suite.admin, 'zh_CN');
    expect(offline.statusCode).toBe(409);
    expect(offline.json().message).toBe('设备离线或通讯异常，请稍后重试');
    const { d, device } = await connectedAp(() => null);
    const silent = await call('POST', `${base}/${d.id}/control`, { action: 'radioOn', band: '2g' });
    expect(silent.statusCode).toBe(504);
    expect((await call('POST', `${base}/${d.id}/realdata`)).statusCode).toBe(504);
    await device.close();
  });
});

describe('permissions and scope', () => {
  it('lets a viewer read but not command, and refuses another family', async () => {
    await suite.expectStatuses(await signInWith(suite.t, 1, { pjtdevicewifilist: 1 }), [
      [200, 'GET', `${base}/pages`],
      [200, 'GET', `${base}/${ap.id}/logs`],
      [403, 'POST', `${base}/${ap.id}/control`, { action: 'reboot' }],
      [403, 'POST', `${base}/${ap.id}/realdata`],
    ]);
    const gw = await createIotDevice(suite.t.database.db, { type: 'gateway', modelNo: 'gws' });
    expect((await call('GET', `${base}/${gw.id}/logs`)).statusCode).toBe(400);
  });

  it("answers 404 for another project's AP", async () => {
    const other = await createProject(suite.t.database.db, 1, ['wifi']);
    const outsider = await signInWith(suite.t, other.id, { pjtdevicewifilist: 5 });
    for (const path of ['realdata', 'logs'])
      expect((await call('GET', `${base}/${ap.id}/${path}`, undefined, outsider)).statusCode, path).toBe(404);
    for (const path of ['register', 'realdata'])
      expect((await call('POST', `${base}/${ap.id}/${path}`, undefined, outsider)).statusCode, path).toBe(404);
    expect((await call('POST', `${base}/${ap.id}/control`, { action: 'reboot' }, outsider)).statusCode).toBe(404);
    expect(
      (await call('GET', `/api/pjts/${other.id}/iot/wifi/${ap.id}/realdata`, undefined, outsider)).statusCode,
    ).toBe(404);
    expect((await call('GET', `/api/pjts/${other.id}/iot/wifi/pages`, undefined, outsider)).json().total).toBe(0);
  });
});
