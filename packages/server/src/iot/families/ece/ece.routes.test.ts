import { eceManifest } from '@sc/contract/families/ece';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { signInWith } from '../../../test/caller.js';
import { createIotDevice, createProject, queryRows } from '../../../test/factories.js';
import { eventually } from '../../test-device.js';
import { commandSuite, connectOnline, listOf, type TestDevice } from '../kit/test-fixtures.js';
import { createEceService } from './ece.service.js';

const suite = commandSuite(eceManifest);
const { call, base, type: TYPE } = suite;
const CAMERA = 'camera';
let post: TestDevice;
let camera: TestDevice;
let otherProject: { id: number };
let foreignPost: TestDevice;

const newPost = (props: Record<string, unknown> = {}, projectId = 1) =>
  createIotDevice(suite.t.database.db, { type: TYPE, modelNo: 'eceisc', props, projectId });

type Alarm = {
  id: number;
  device: { id: number };
  linkedCamera: { id: number } | null;
  stopTime: string | null;
  settleStatus: string;
  settleDetail: string;
  settleNote: string | null;
  settledBy: string | null;
  settleTime: string | null;
  eventId: string;
  deviceIndexCode: string;
  channelIndexCode: string;
  channelType: string;
  channelName: string;
  eventType: string;
};
const alarmsOf = async (query: string) => {
  const res = await call('GET', `${base}/logs?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { list: Alarm[]; total: number; pageSize: number };
};

/** A post online pressing its button (CALL occur), and hanging up (restore) when told. */
async function calling(d: TestDevice) {
  const device = await connectOnline(suite, d);
  const ts = Date.now();
  await device.publish('event', { ts, code: 'CALL', type: 'occur', level: 'alarm' });
  const alarm = await eventually(
    async () => (await alarmsOf(`deviceId=${d.id}`)).list[0],
    (a) => a !== undefined,
    10_000,
  );
  return { device, alarm: alarm!, ts };
}

beforeAll(async () => {
  camera = await createIotDevice(suite.t.database.db, { type: CAMERA, modelNo: 'ipcxswpusher' });
  post = await newPost({ eceCode: 'ECE-0001', eceCameraIndexCode: 'CH-0001', linkedCameraId: camera.id });
  await suite.t.database.db.execute(sql`update devices set ip = '10.1.2.3' where id = ${post.id}`);
  otherProject = await createProject(suite.t.database.db, 1, ['ece']);
  foreignPost = await newPost({}, otherProject.id);
});

describe('posts list', () => {
  it('pages the posts with address, codes, linked camera and unhandled alarms', async () => {
    const list = await listOf(call, `${base}/pages?pageSize=100`);
    expect(list.find((x) => x.id === post.id)).toMatchObject({
      name: post.name,
      ip: '10.1.2.3',
      eceCode: 'ECE-0001',
      linkedCamera: { id: camera.id, name: camera.name, activeState: 0 },
      unhandled: 0,
      registered: true,
    });
    expect(list.some((x) => x.id === camera.id)).toBe(false);
    expect((await listOf(call, `${base}/pages?keyword=${post.no}`)).map((x) => x.id)).toEqual([post.id]);
  });
});

describe('a call', () => {
  it('opens an alarm row, raises a site message and pushes the event; hanging up closes it', async () => {
    const { device, alarm, ts } = await calling(post);
    expect(alarm).toMatchObject({
      device: { id: post.id },
      linkedCamera: { id: camera.id },
      stopTime: null,
      eventId: `${post.equipmentId}-${ts}`,
      deviceIndexCode: 'ECE-0001',
      channelIndexCode: 'CH-0001',
      channelType: 'intercom',
      channelName: post.name,
      eventType: 'CALL',
      settleStatus: 'unsettled',
      settleDetail: 'init',
    });
    const messages = await eventually(
      () =>
        queryRows<{ title: string }>(
          suite.t.database.db,
          sql`select title from site_messages where title like ${`%${post.name}%`}`,
        ),
      (r) => r.length > 0,
      10_000,
    );
    expect(messages[0]!.title).toContain('紧急呼叫');
    expect(suite.pushes).toContainEqual(
      expect.objectContaining({ kind: 'event', deviceId: post.id, code: 'CALL', level: 'alarm', eventType: 'occur' }),
    );
    // The same message again (a redelivery) makes no second row.
    await device.publish('event', { ts, code: 'CALL', type: 'occur', level: 'alarm' });
    await device.publish('event', { ts: ts + 5000, code: 'CALL', type: 'restore', level: 'alarm' });
    const closed = await eventually(
      async () => (await alarmsOf(`deviceId=${post.id}`)).list,
      (l) => l[0]?.stopTime !== null,
      10_000,
    );
    expect(closed).toHaveLength(1);
    expect(closed[0]!.stopTime).toBe(new Date(ts + 5000).toISOString());
    const listed = await listOf(call, `${base}/pages?keyword=${post.no}`);
    expect(listed[0], JSON.stringify(listed)).toMatchObject({ unhandled: 1 });
    await device.close();
  });
});

describe('alarm log', () => {
  it('filters all, unhandled and handled, counts them, and settles or ignores with a note', async () => {
    const second = await newPost();
    const { device, alarm } = await calling(second);
    await device.close();
    const counts = async () => (await call('GET', `${base}/logs/counts`)).json();
    const before = await counts();
    expect(before.all).toBe(before.unhandled + before.handled);

    const bad = await call('POST', `${base}/logs/${alarm.id}/settle`, { result: 'maybe' }, suite.admin, 'zh_CN');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('请选择处理结果');
    const long = await call('POST', `${base}/logs/${alarm.id}/settle`, { result: 'settled', note: 'x'.repeat(201) });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe('The note is at most 200 characters');

    const done = await call('POST', `${base}/logs/${alarm.id}/settle`, { result: 'ignored', note: '误报，路人误触' });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({
      settleStatus: 'settled',
      settleDetail: 'ignored',
      settleNote: '误报，路人误触',
      settledBy: expect.any(String),
      settleTime: expect.any(String),
    });
    const again = await call('POST', `${base}/logs/${alarm.id}/settle`, { result: 'settled' }, suite.admin, 'zh_CN');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('该报警已处理');

    const after = await counts();
    expect(after).toEqual({ all: before.all, unhandled: before.unhandled - 1, handled: before.handled + 1 });
    const handled = await alarmsOf('filter=handled');
    expect(handled.list.map((a) => a.id)).toContain(alarm.id);
    expect(handled.list.every((a) => a.settleDetail !== 'init')).toBe(true);
    const unhandled = await alarmsOf('filter=unhandled');
    expect(unhandled.list.map((a) => a.id)).not.toContain(alarm.id);
    expect(unhandled.list.every((a) => a.settleDetail === 'init')).toBe(true);
    expect((await alarmsOf('filter=all')).total).toBe(after.all);
    expect((await alarmsOf(`keyword=${second.no}`)).list.map((a) => a.id)).toEqual([alarm.id]);
    expect((await alarmsOf('')).pageSize).toBe(50);
    const wrong = await call('GET', `${base}/logs?filter=some`, undefined, suite.admin, 'zh_CN');
    expect(wrong.statusCode).toBe(400);
  });

  it('needs the check level to settle, and refuses another project', async () => {
    const third = await newPost();
    const { device, alarm } = await calling(third);
    await device.close();
    const editor = await signInWith(suite.t, 1, { pjtdeviceece: 5 });
    expect((await call('GET', `${base}/logs`, undefined, editor)).statusCode).toBe(200);
    expect((await call('POST', `${base}/logs/${alarm.id}/settle`, { result: 'settled' }, editor)).statusCode).toBe(403);
    const checker = await signInWith(suite.t, 1, { pjtdeviceece: 10 });
    expect((await call('POST', `${base}/logs/${alarm.id}/settle`, { result: 'settled' }, checker)).statusCode).toBe(
      200,
    );

    const outsider = await signInWith(suite.t, otherProject.id, { pjtdeviceece: 10, pjtdeviceecelist: 5 });
    const there = `/api/pjts/${otherProject.id}/iot/ece`;
    expect((await call('POST', `${there}/logs/${alarm.id}/settle`, { result: 'settled' }, outsider)).statusCode).toBe(
      404,
    );
    expect((await call('GET', `${base}/logs`, undefined, outsider)).statusCode).toBe(404);
    expect((await call('GET', `${base}/logs/counts`, undefined, outsider)).statusCode).toBe(404);
    expect((await call('GET', `${there}/logs`, undefined, outsider)).json().total).toBe(0);
    expect(
      (await call('GET', `${there}/pages`, undefined, outsider)).json().list.map((x: { id: number }) => x.id),
    ).toEqual([foreignPost.id]);
  });

  it('keeps the log for the days of eceRetentionDays', async () => {
    const fourth = await newPost();
    const { device, alarm } = await calling(fourth);
    await device.close();
    await suite.t.database.db.execute(
      sql`update ece_alarms set start_time = now() - interval '400 days' where id = ${alarm.id}`,
    );
    const ece = createEceService({
      repository: <T>(create: (db: typeof suite.t.database.db) => T) => create(suite.t.database.db),
      settings: { get: async () => 365 },
    } as never);
    expect(await ece.prune()).toBeGreaterThanOrEqual(1);
    expect((await alarmsOf(`deviceId=${fourth.id}`)).total).toBe(0);
  });
});

describe('registration', () => {
  it('registers and unregisters a post (offline: stored, told on its next connection)', async () => {
    const fifth = await newPost();
    const res = await call('POST', `${base}/${fifth.id}/unregister`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ registered: false });
    const outsider = await signInWith(suite.t, otherProject.id, { pjtdeviceecelist: 5 });
    expect((await call('POST', `${base}/${fifth.id}/register`, undefined, outsider)).statusCode).toBe(404);
  });
});

describe('connection parameters', () => {
  const good = {
    platform: 'isc',
    clientServerIp: '192.168.1.20',
    iscPort: '443',
    iscContextPath: '/artemis',
    dssPort: '9000',
    dhApiAddress: 'wss://dss.example.com/api/ws',
  };

  it('answers the defaults, saves what the rules allow and refuses the rest in words', async () => {
    const first = await call('GET', `${base}/connection`);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ platform: 'isc', iscContextPath: '/artemis', updatedBy: null });
    const saved = await call('PUT', `${base}/connection`, good);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ ...good, iscPort: 443, dssPort: 9000, updatedBy: expect.any(String) });
    expect((await call('PUT', `${base}/connection`, { ...good, iscContextPath: '' })).statusCode).toBe(200);
    expect((await call('PUT', `${base}/connection`, { ...good, dhApiAddress: '' })).statusCode).toBe(200);
    expect((await call('PUT', `${base}/connection`, { ...good, clientServerIp: 'ece.example.com' })).statusCode).toBe(
      200,
    );

    const refused = async (body: Record<string, string>, lang: string) => {
      const res = await call('PUT', `${base}/connection`, { ...good, ...body }, suite.admin, lang);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      return res.json().message as string;
    };
    expect(await refused({ iscContextPath: 'artemis' }, 'zh_CN')).toBe('留空，或以 / 开头，3-16 个字符');
    expect(await refused({ iscContextPath: '/a' }, 'en_US')).toBe("Blank, or starting with '/', 3-16 characters");
    expect(await refused({ iscContextPath: '/abcdefghijklmnopq' }, 'en_US')).toContain('3-16');
    expect(await refused({ clientServerIp: '300.1.1.1' }, 'en_US')).toMatch(/IPv4|domain/i);
    expect(await refused({ dhApiAddress: 'http://dss.example.com/api' }, 'en_US')).toMatch(/ws/);
    expect(await refused({ dhApiAddress: 'ws://dss.example.com' }, 'en_US')).toMatch(/ws/);
    expect(await refused({ iscPort: '79' }, 'en_US')).toMatch(/80 - 65534|80-65534/);
    expect(await refused({ dssPort: '65535' }, 'zh_CN')).toMatch(/80/);
  });

  it('keeps them per project: another project is refused', async () => {
    const outsider = await signInWith(suite.t, otherProject.id, { pjtdeviceecelist: 5 });
    expect((await call('GET', `${base}/connection`, undefined, outsider)).statusCode).toBe(404);
    expect((await call('PUT', `${base}/connection`, good, outsider)).statusCode).toBe(404);
    const theirs = await call('GET', `/api/pjts/${otherProject.id}/iot/ece/connection`, undefined, outsider);
    expect(theirs.json()).toMatchObject({ updatedBy: null });
    const viewer = await signInWith(suite.t, 1, { pjtdeviceecelist: 1 });
    expect((await call('PUT', `${base}/connection`, good, viewer)).statusCode).toBe(403);
  });
});
