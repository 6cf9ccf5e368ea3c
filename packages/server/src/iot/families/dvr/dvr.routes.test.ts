import { dvrManifest } from '@sc/contract/families/dvr';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { signInWith } from '../../../test/caller.js';
import { createIotDevice, createProject, queryRows } from '../../../test/factories.js';
import { type Answer, commandSuite, listOf, onlineDevice, type TestDevice } from '../kit/test-fixtures.js';

const suite = commandSuite(dvrManifest);
const { call, base, type: TYPE } = suite;
const CAMERA = 'camera';
/** A recorder of 8 channels with an address, one of 4 channels, one without a channel count. */
let dvr: TestDevice;
let small: TestDevice;
let bare: TestDevice;
/** Cameras of project 1, and one of another project. */
let cam1: TestDevice;
let cam2: TestDevice;
let cam3: TestDevice;
let foreign: TestDevice;
let otherProject: { id: number };

const newDvr = (channelCount?: number, extra: { activeState?: number } = {}) =>
  createIotDevice(suite.t.database.db, {
    type: TYPE,
    modelNo: 'dahualocal',
    props: channelCount ? { channelCount } : {},
    ...extra,
  });
const newCamera = (projectId = 1) =>
  createIotDevice(suite.t.database.db, { type: CAMERA, modelNo: 'ipcxswpusher', projectId });

beforeAll(async () => {
  dvr = await newDvr(8);
  small = await newDvr(4, { activeState: 1 });
  bare = await newDvr();
  await suite.t.database.db.execute(
    sql`update devices set ip = '192.168.10.20', mac = 'AA:BB:CC:00:11:22' where id = ${dvr.id}`,
  );
  cam1 = await newCamera();
  cam2 = await newCamera();
  cam3 = await newCamera();
  otherProject = await createProject(suite.t.database.db, 1, ['video']);
  foreign = await newCamera(otherProject.id);
});

const channelsOf = async (id: number) => {
  const res = await call('GET', `${base}/${id}/channels`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { channelCount: number; channels: { channel: number; camera: { id: number } | null }[] };
};

describe('recorder list', () => {
  it('pages the recorders with model, address, channel count and bound channels', async () => {
    await call('POST', `${base}/${dvr.id}/bind`, { channel: '2', cameraId: String(cam3.id) });
    const list = await listOf(call, `${base}/pages?pageSize=100`);
    expect(list.find((x) => x.id === dvr.id)).toMatchObject({
      name: dvr.name,
      modelName: expect.any(String),
      groupName: null,
      ip: '192.168.10.20',
      mac: 'AA:BB:CC:00:11:22',
      channelCount: 8,
      boundCount: 1,
      registered: true,
    });
    expect(list.find((x) => x.id === bare.id)).toMatchObject({
      channelCount: null,
      ip: null,
      mac: null,
      boundCount: 0,
    });
    expect(list.some((x) => x.id === cam1.id)).toBe(false);
    await call('POST', `${base}/${dvr.id}/unbind`, { channel: '2' });
  });

  it('searches by no and filters by online state', async () => {
    expect((await listOf(call, `${base}/pages?keyword=${small.no}`)).map((x) => x.id)).toEqual([small.id]);
    const online = (await listOf(call, `${base}/pages?activeState=1&pageSize=100`)).map((x) => x.id);
    expect(online).toContain(small.id);
    expect(online).not.toContain(dvr.id);
  });
});

describe('channels and cameras', () => {
  it('lists channels 1 to the channel count, all free at first', async () => {
    const answer = await channelsOf(dvr.id);
    expect(answer.channelCount).toBe(8);
    expect(answer.channels.map((c) => c.channel)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(answer.channels.every((c) => c.camera === null)).toBe(true);
    expect((await channelsOf(bare.id)).channels).toEqual([]);
  });

  it("binds a camera of the recorder's project to a channel, and unbinds it", async () => {
    const bound = await call('POST', `${base}/${dvr.id}/bind`, { channel: '3', cameraId: String(cam1.id) });
    expect(bound.statusCode, bound.body).toBe(200);
    expect(bound.json().channels[2]).toMatchObject({
      channel: 3,
      camera: { id: cam1.id, name: cam1.name, no: cam1.no, activeState: 0 },
    });
    // Binding the same pair again changes nothing.
    expect((await call('POST', `${base}/${dvr.id}/bind`, { channel: '3', cameraId: String(cam1.id) })).statusCode).toBe(
      200,
    );
    const cameras = (await call('GET', `${base}/${dvr.id}/cameras`)).json() as { id: number; channel: number | null }[];
    expect(cameras.find((c) => c.id === cam1.id)?.channel).toBe(3);
    expect(cameras.find((c) => c.id === cam2.id)?.channel).toBeNull();
    expect(cameras.some((c) => c.id === foreign.id || c.id === dvr.id)).toBe(false);
    const logged = await queryRows(
      suite.t.database.db,
      sql`select summary from manage_logs where entity_id = ${String(dvr.id)} order by id desc limit 1`,
    );
    expect(logged[0]?.summary).toContain('channel 3 bind');

    const freed = await call('POST', `${base}/${dvr.id}/unbind`, { channel: '3' });
    expect(freed.statusCode, freed.body).toBe(200);
    expect(freed.json().channels[2].camera).toBeNull();
    // A free channel stays free.
    expect((await call('POST', `${base}/${dvr.id}/unbind`, { channel: '3' })).statusCode).toBe(200);
  });

  it('keeps one camera per channel and a camera on one channel of a recorder', async () => {
    await call('POST', `${base}/${dvr.id}/bind`, { channel: '1', cameraId: String(cam1.id) });
    const taken = await call(
      'POST',
      `${base}/${dvr.id}/bind`,
      { channel: '1', cameraId: String(cam2.id) },
      suite.admin,
      'zh_CN',
    );
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(`通道 1 已绑定摄像机“${cam1.name}”，请先解绑`);
    const twice = await call('POST', `${base}/${dvr.id}/bind`, { channel: '5', cameraId: String(cam1.id) });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('This camera is already on channel 1 of this recorder');
    // Another recorder may record the same camera.
    expect(
      (await call('POST', `${base}/${small.id}/bind`, { channel: '1', cameraId: String(cam1.id) })).statusCode,
    ).toBe(200);
    await call('POST', `${base}/${dvr.id}/unbind`, { channel: '1' });
    await call('POST', `${base}/${small.id}/unbind`, { channel: '1' });
  });

  it.each([
    ['en_US', { channel: '9', cameraId: '1' }, 'The channel must be 1 - 8', 'channel'],
    ['zh_CN', { channel: '9', cameraId: '1' }, '通道号的取值范围为 1 - 8（录像机的通道数）', 'channel'],
    ['en_US', { channel: '0', cameraId: '1' }, 'Allowed range: 1 - 256', 'channel'],
    ['zh_CN', { channel: 'x', cameraId: '1' }, '请输入数字', 'channel'],
    ['en_US', { channel: '1' }, 'Choose a camera', 'cameraId'],
    ['zh_CN', { channel: '1', cameraId: 'abc' }, '请选择摄像机', 'cameraId'],
  ] as const)('refuses a bad binding in the caller’s language (%s %j)', async (lang, body, message, field) => {
    const res = await call('POST', `${base}/${dvr.id}/bind`, body, suite.admin, lang);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toContain(message);
    expect(JSON.stringify(res.json())).toContain(field);
  });

  it("refuses another project's camera, a device that is not a camera, and a recorder without channels", async () => {
    for (const [id, lang, message] of [
      [foreign.id, 'en_US', "Choose a camera of the recorder's project"],
      [foreign.id, 'zh_CN', '请选择录像机所在项目的摄像机'],
      [small.id, 'en_US', "Choose a camera of the recorder's project"],
      [999_999, 'en_US', "Choose a camera of the recorder's project"],
    ] as const) {
      const res = await call(
        'POST',
        `${base}/${dvr.id}/bind`,
        { channel: '1', cameraId: String(id) },
        suite.admin,
        lang,
      );
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toContain(message);
    }
    expect((await channelsOf(dvr.id)).channels[0]!.camera).toBeNull();
    const none = await call('POST', `${base}/${bare.id}/bind`, { channel: '1', cameraId: String(cam1.id) });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toContain('The recorder has no channel count');
  });

  it('lets the binding go with a deleted camera', async () => {
    const gone = await newCamera();
    await call('POST', `${base}/${dvr.id}/bind`, { channel: '6', cameraId: String(gone.id) });
    await suite.t.database.db.execute(sql`delete from devices where id = ${gone.id}`);
    expect((await channelsOf(dvr.id)).channels[5]!.camera).toBeNull();
  });
});

/** Files a recorder answers: two in the period (one malformed beside them), one out of it. */
const FROM = '2026-11-28T00:00:00.000Z';
const TO = '2026-11-28T06:00:00.000Z';
const FILES = [
  { channel: 2, type: 'event', start: '2026-11-28T03:10:00Z', end: '2026-11-28T03:11:30Z', size: 22_500_000 },
  { channel: 1, type: 'normal', start: '2026-11-28T01:00:00Z', end: '2026-11-28T01:30:00Z', size: 450_000_000 },
  { channel: 1, type: 'bogus', start: 'yesterday', end: 3, size: -1 },
  { channel: 1, type: 'normal', start: '2026-11-28T08:00:00Z', end: '2026-11-28T08:30:00Z', size: 450_000_000 },
];
const records = (id: number, query: string, lang = 'en_US', token = suite.admin) =>
  call('POST', `${base}/${id}/records`, Object.fromEntries(new URLSearchParams(query)), token, lang);

describe('record files', () => {
  it('asks the recorder for the period and answers its files in order, with the bound cameras', async () => {
    const answer: Answer = (r) => (r.command === 'records' ? { ok: true, result: { files: FILES } } : null);
    const { d, device } = await onlineDevice(
      suite,
      { type: TYPE, modelNo: 'dahualocal', props: { channelCount: 4 } },
      answer,
    );
    await call('POST', `${base}/${d.id}/bind`, { channel: '2', cameraId: String(cam2.id) });
    const res = await records(d.id, `from=${FROM}&to=${TO}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      id: d.id,
      from: FROM,
      to: TO,
      truncated: false,
      files: [
        {
          channel: 1,
          camera: null,
          type: 'normal',
          start: '2026-11-28T01:00:00.000Z',
          end: '2026-11-28T01:30:00.000Z',
          seconds: 1800,
          size: 450_000_000,
        },
        {
          channel: 2,
          camera: { id: cam2.id, name: cam2.name, no: cam2.no, activeState: 0 },
          type: 'event',
          start: '2026-11-28T03:10:00.000Z',
          end: '2026-11-28T03:11:30.000Z',
          seconds: 90,
          size: 22_500_000,
        },
      ],
    });
    expect(device.received.at(-1)).toMatchObject({ command: 'records', args: { from: FROM, to: TO, limit: 2000 } });
    const events = await records(d.id, `from=${FROM}&to=${TO}&type=event&channel=2`);
    expect(events.json().files.map((f: { type: string }) => f.type)).toEqual(['event']);
    expect(device.received.at(-1)?.args).toMatchObject({ type: 'event', channel: 2 });
    await call('POST', `${base}/${d.id}/unbind`, { channel: '2' });
    await device.close();
  });

  it.each([
    ['en_US', '', 'Choose a period'],
    ['zh_CN', `from=${FROM}`, '请选择时间段'],
    ['en_US', `from=${TO}&to=${FROM}`, 'The end must be after the start'],
    ['zh_CN', `from=${FROM}&to=2026-11-29T00:00:01Z`, '时间段最长 24 小时'],
    ['en_US', `from=${FROM}&to=${TO}&type=motion`, 'A valid parameter is required'],
  ] as const)('refuses a bad search in the caller’s language (%s %s)', async (lang, query, message) => {
    const res = await records(small.id, query, lang);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toContain(message);
  });

  it('answers 409 for an offline recorder and 504 for a silent one', async () => {
    const offline = await records(dvr.id, `from=${FROM}&to=${TO}`, 'zh_CN');
    expect(offline.statusCode).toBe(409);
    expect(offline.json().message).toBe('设备离线或通讯异常，请稍后重试');
    const { d, device } = await onlineDevice(
      suite,
      { type: TYPE, modelNo: 'dahualocal', props: { channelCount: 4 } },
      () => null,
    );
    expect((await records(d.id, `from=${FROM}&to=${TO}`)).statusCode).toBe(504);
    expect((await call('POST', `${base}/${d.id}/reboot`)).statusCode).toBe(504);
    await device.close();
  });
});

describe('commands', () => {
  it('reboots and syncs the time with the server’s clock', async () => {
    const echo: Answer = (r) => ({ ok: true, result: r.args });
    const { d, device } = await onlineDevice(
      suite,
      { type: TYPE, modelNo: 'dahualocal', props: { channelCount: 4 } },
      echo,
    );
    const reboot = await call('POST', `${base}/${d.id}/reboot`);
    expect(reboot.statusCode, reboot.body).toBe(200);
    expect(reboot.json()).toMatchObject({ command: 'reboot', ok: true });
    const sync = await call('POST', `${base}/${d.id}/synctime`);
    expect(sync.statusCode, sync.body).toBe(200);
    const time = Date.parse(String(device.received.at(-1)?.args.time));
    expect(Math.abs(time - Date.now())).toBeLessThan(10_000);
    const unregistered = await call('POST', `${base}/${d.id}/unregister`);
    expect(unregistered.json()).toMatchObject({ id: d.id, registered: false, delivered: true });
    await device.close();
  });
});

describe('permissions and scope', () => {
  it('lets a viewer read channels and search records but not bind or reboot', async () => {
    const viewer = await signInWith(suite.t, 1, { pjtdevicedvrlist: 1 });
    await suite.expectStatuses(viewer, [
      [200, 'GET', `${base}/pages`],
      [200, 'GET', `${base}/${dvr.id}/channels`],
      [200, 'GET', `${base}/${dvr.id}/cameras`],
      [403, 'POST', `${base}/${dvr.id}/bind`, { channel: '1', cameraId: String(cam1.id) }],
      [403, 'POST', `${base}/${dvr.id}/unbind`, { channel: '1' }],
      [403, 'POST', `${base}/${dvr.id}/reboot`],
    ]);
    // Looking at recordings is viewing (as the camera's records): the search reaches the recorder.
    const answer: Answer = (r) => (r.command === 'records' ? { ok: true, result: { files: FILES } } : null);
    const { d, device } = await onlineDevice(
      suite,
      { type: TYPE, modelNo: 'dahualocal', props: { channelCount: 4 } },
      answer,
    );
    expect((await records(d.id, `from=${FROM}&to=${TO}`, 'en_US', viewer)).statusCode).toBe(200);
    await device.close();
    expect((await call('GET', `${base}/${cam1.id}/channels`)).statusCode).toBe(400);
  });

  it("answers 404 for another project's recorder", async () => {
    const outsider = await signInWith(suite.t, otherProject.id, { pjtdevicedvrlist: 5 });
    for (const path of ['channels', 'cameras'])
      expect((await call('GET', `${base}/${dvr.id}/${path}`, undefined, outsider)).statusCode, path).toBe(404);
    expect((await records(dvr.id, `from=${FROM}&to=${TO}`, 'en_US', outsider)).statusCode).toBe(404);
    const body = { channel: '1', cameraId: String(foreign.id) };
    expect((await call('POST', `${base}/${dvr.id}/bind`, body, outsider)).statusCode).toBe(404);
    expect((await call('POST', `${base}/${dvr.id}/reboot`, undefined, outsider)).statusCode).toBe(404);
    const own = `/api/pjts/${otherProject.id}/iot/dvr`;
    expect((await call('GET', `${own}/${dvr.id}/channels`, undefined, outsider)).statusCode).toBe(404);
    expect((await call('GET', `${own}/pages`, undefined, outsider)).json().total).toBe(0);
  });
});
