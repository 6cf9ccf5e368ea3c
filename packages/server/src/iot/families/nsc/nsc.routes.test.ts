import { nscManifest } from '@sc/contract/families/nsc';
import { silentMp3 } from '@sc/contract/families/nsc/media';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { signInWith } from '../../../test/caller.js';
import { createIotDevice, createProject, queryRows } from '../../../test/factories.js';
import { eventually } from '../../test-device.js';
import { commandSuite, echo, listOf, onlineDevice, type TestDevice } from '../kit/test-fixtures.js';

const suite = commandSuite(nscManifest);
const { call, base, type: TYPE } = suite;
let hall: TestDevice;
let park: TestDevice;
let other: { id: number };
let outsider: string;

const mp3 = Buffer.from(silentMp3(200));
/** POST …/media as the console sends it: the fields, then the file (multipart). */
const upload = (
  fields: Record<string, string>,
  file: { name: string; bytes: Buffer } | null,
  options: { lang?: string; token?: string; projectId?: number } = {},
) => {
  const boundary = '----nsc';
  const parts = Object.entries(fields).map(
    ([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`,
  );
  const body: Buffer[] = [Buffer.from(parts.join(''))];
  if (file)
    body.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: audio/mpeg\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  body.push(Buffer.from(`--${boundary}--\r\n`));
  return suite.t.app.inject({
    method: 'POST',
    url: `/api/pjts/${options.projectId ?? 1}/iot/nsc/media?token=${options.token ?? suite.admin}&lang=${options.lang ?? 'en_US'}`,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat(body),
  });
};

beforeAll(async () => {
  const db = suite.t.database.db;
  hall = await createIotDevice(db, { type: TYPE, modelNo: 'nscitc', props: { terminalId: 'T-01', version: '1.0' } });
  park = await createIotDevice(db, { type: TYPE, modelNo: 'nscdh', props: {}, activeState: 1 });
  await db.execute(sql`insert into nsc_state (device_id, project_id, at, volume, status, playing, version)
    values (${hall.id}, 1, now() - interval '1 minute', 60, 'playing', 'Morning news', '2.1.0')`);
  other = await createProject(db, 1, ['nsc']);
  outsider = await signInWith(suite.t, other.id, { pjtdevicensclist: 5, pjtdevicenscgroup: 5, pjtnscmediagroup: 5 });
});

describe('speakers', () => {
  it('pages the speakers with endpoint fields and their latest report', async () => {
    const list = await listOf(call, `${base}/pages?pageSize=100`);
    expect(list.find((x) => x.id === hall.id)).toMatchObject({
      terminalId: 'T-01',
      version: '2.1.0',
      volume: 60,
      status: 'playing',
      playing: 'Morning news',
      mac: expect.any(String),
      ip: expect.any(String),
      modelName: expect.any(String),
    });
    expect(list.find((x) => x.id === park.id)).toMatchObject({ volume: null, status: null, reportedAt: null });
    const online = (await call('GET', `${base}/pages?activeState=1&pageSize=100`))
      .json()
      .list.map((x: { id: number }) => x.id);
    expect(online).toContain(park.id);
    expect(online).not.toContain(hall.id);
  });

  it('stores reports as the latest state, pushes them and sends volume, stop and play', async () => {
    const { d, device } = await onlineDevice(suite, { type: TYPE, modelNo: 'nscitc', props: {} }, echo);
    await device.publish('telemetry', {
      ts: Date.now(),
      values: { volume: 35, status: 'playing', playing: 'Bells', version: '3.0' },
    });
    const stored = await eventually(
      () =>
        queryRows(suite.t.database.db, sql`select volume, status, playing from nsc_state where device_id = ${d.id}`),
      (r) => r.length === 1,
    );
    expect(stored).toEqual([{ volume: 35, status: 'playing', playing: 'Bells' }]);
    expect(suite.pushes.some((p) => p.kind === 'telemetry' && p.deviceId === d.id)).toBe(true);
    const volume = await call('POST', `${base}/${d.id}/volume`, { volume: '20' });
    expect(volume.statusCode, volume.body).toBe(200);
    expect(device.received.at(-1)).toMatchObject({ command: 'volume', args: { volume: 20 } });
    expect((await call('POST', `${base}/${d.id}/stop`)).statusCode).toBe(200);
    const media = (await upload({ name: 'Chime' }, { name: 'chime.mp3', bytes: mp3 })).json();
    const play = await call('POST', `${base}/${d.id}/play`, { mediaId: String(media.id) });
    expect(play.statusCode, play.body).toBe(200);
    expect(device.received.at(-1)).toMatchObject({
      command: 'play',
      args: { mediaId: media.id, name: 'Chime', duration: 5.22 },
    });
    await device.close();
  });

  it.each([
    ['zh_CN', { volume: '101' }, '允许的取值范围：0 - 100。'],
    ['en_US', { volume: 'loud' }, 'A number is required'],
  ] as const)('refuses a bad volume in the caller’s language (%s)', async (lang, body, message) => {
    const res = await call('POST', `${base}/${park.id}/volume`, body, suite.admin, lang);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
  });

  it('answers 409 for an offline speaker', async () => {
    const res = await call('POST', `${base}/${hall.id}/volume`, { volume: '10' }, suite.admin, 'zh_CN');
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('设备离线或通讯异常，请稍后重试');
  });
});

describe('terminal groups', () => {
  it('creates, edits, lists and deletes a group of speakers', async () => {
    const created = await call('POST', `${base}/groups`, {
      name: 'Square',
      no: 'G-01',
      deviceIds: `${hall.id},${park.id}`,
    });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().id;
    expect(
      created
        .json()
        .speakers.map((s: { id: number }) => s.id)
        .sort(),
    ).toEqual([hall.id, park.id].sort());
    const edited = await call('PUT', `${base}/groups/${id}`, {
      name: 'SquareEast',
      no: 'G-01',
      deviceIds: `${park.id}`,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ name: 'SquareEast', speakers: [{ id: park.id }] });
    expect((await listOf(call, `${base}/groups/pages?keyword=SquareEast`)).map((g) => g.id)).toEqual([id]);
    // The options carry each speaker's place (null without one), for picking members on the map.
    const options = (await call('GET', `${base}/groups/options`)).json() as { id: number; lng: unknown }[];
    expect(options.find((s) => s.id === hall.id)).toMatchObject({
      lng: expect.toSatisfy((v) => v === null || typeof v === 'number'),
    });
    expect((await call('DELETE', `${base}/groups/${id}`)).json()).toEqual({ deleted: 1 });
  });

  it.each([
    ['zh_CN', { name: 'A', no: 'G-09', deviceIds: '1' }, 400, '2-32 个字符'],
    ['en_US', { name: 'Empty', no: 'G-09', deviceIds: '' }, 400, 'Choose at least one speaker'],
    ['zh_CN', { name: 'Empty', no: 'G-09', deviceIds: '' }, 400, '请至少选择一个广播终端'],
    ['en_US', { name: 'Twice', no: 'G-09', deviceIds: 'HALL,HALL' }, 400, 'A speaker may be listed once only'],
    [
      'en_US',
      { name: 'Gateway', no: 'G-09', deviceIds: 'GW' },
      400,
      'The speaker does not exist or is not in this project',
    ],
    [
      'en_US',
      { name: 'Copy', no: 'G-02', deviceIds: 'HALL' },
      409,
      'This project already has a terminal group with this no',
    ],
  ] as const)('refuses a bad group in the caller’s language (%s %j)', async (lang, body, status, message) => {
    if (!(await listOf(call, `${base}/groups/pages?keyword=G-02`)).length)
      await call('POST', `${base}/groups`, { name: 'Second', no: 'G-02', deviceIds: String(hall.id) });
    const gw = await createIotDevice(suite.t.database.db, { type: 'gateway', modelNo: 'gws' });
    const ids = body.deviceIds.replace(/HALL/g, String(hall.id)).replace('GW', String(gw.id));
    const res = await call('POST', `${base}/groups`, { ...body, deviceIds: ids }, suite.admin, lang);
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json().message).toContain(message);
  });
});

describe('media', () => {
  it('stores an mp3 with the duration its decoder reads, renames and deletes it', async () => {
    const res = await upload({ name: 'Anthem', description: 'Opening' }, { name: 'anthem.mp3', bytes: mp3 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Anthem',
      fileName: 'anthem.mp3',
      size: mp3.length,
      duration: 5.22,
      bitrate: 128000,
    });
    const id = res.json().id;
    expect((await listOf(call, `${base}/media/pages?keyword=Anthem`)).map((m) => m.id)).toEqual([id]);
    const renamed = await call('PUT', `${base}/media/${id}`, { name: 'Anthem2', description: '' });
    expect(renamed.json()).toMatchObject({ name: 'Anthem2', duration: 5.22 });
    expect((await call('DELETE', `${base}/media/${id}`)).json()).toEqual({ deleted: 1 });
  });

  it.each([
    [
      'en_US',
      'notes.mp3',
      Buffer.from('ID3 but not audio at all '.repeat(40)),
      'The file is not a valid MP3 audio file',
    ],
    ['zh_CN', 'notes.mp3', Buffer.from('%PDF-1.4 a document named .mp3'.repeat(40)), '文件不是有效的 MP3 音频'],
    [
      'en_US',
      'photo.mp3',
      Buffer.from('89504e470d0a1a0a0000000d4948445200000001', 'hex'),
      'The file is not a valid MP3 audio file',
    ],
    ['en_US', 'song.wav', mp3, 'The file is not a valid MP3 audio file'],
    ['en_US', 'empty.mp3', Buffer.alloc(0), 'The file is empty'],
    ['zh_CN', 'big.mp3', Buffer.concat([mp3, Buffer.alloc(10 * 1024 * 1024)]), '文件须小于 10 MB'],
  ] as const)('refuses %s %s with the reason', async (lang, name, bytes, message) => {
    const res = await upload({ name: 'Refused' }, { name, bytes }, { lang });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toBe(message);
    expect(res.json().errors[0].field).toBe('file');
  });

  it('refuses a missing file, a bad name and a name taken, in the caller’s language', async () => {
    expect((await upload({ name: 'Nofile' }, null)).json().message).toBe('Choose an MP3 file');
    const bad = await upload({ name: 'x' }, { name: 'a.mp3', bytes: mp3 }, { lang: 'zh_CN' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].field).toBe('name');
    await upload({ name: 'Taken' }, { name: 'a.mp3', bytes: mp3 });
    const taken = await upload({ name: 'Taken' }, { name: 'b.mp3', bytes: mp3 }, { lang: 'zh_CN' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('本项目已有同名的媒体');
  });
});

describe('media groups', () => {
  it('keeps the media in the order given, and a media file in use is not deleted', async () => {
    const a = (await upload({ name: 'First' }, { name: 'a.mp3', bytes: mp3 })).json();
    const b = (await upload({ name: 'Second' }, { name: 'b.mp3', bytes: Buffer.from(silentMp3(100)) })).json();
    const created = await call('POST', `${base}/mediagroups`, {
      groupId: '7',
      name: 'Evening',
      mediaIds: `${b.id},${a.id}`,
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).toMatchObject({ groupId: 7, media: [{ id: b.id }, { id: a.id }], duration: 7.83 });
    const id = created.json().id;
    const reordered = await call('PUT', `${base}/mediagroups/${id}`, {
      groupId: '7',
      name: 'Evening',
      mediaIds: `${a.id},${b.id}`,
    });
    expect(reordered.json().media.map((m: { id: number }) => m.id)).toEqual([a.id, b.id]);
    const inUse = await call('DELETE', `${base}/media/${a.id}`, undefined, suite.admin, 'en_US');
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().message).toBe('Media group Evening uses this media: remove it from the group first');
    expect((await call('GET', `${base}/media/options`)).json().map((m: { id: number }) => m.id)).toContain(a.id);
    expect((await call('DELETE', `${base}/mediagroups`, { ids: String(id) })).json()).toEqual({ deleted: 1 });
    expect((await call('DELETE', `${base}/media/${a.id}`)).statusCode).toBe(200);
  });

  it.each([
    ['en_US', { groupId: '0' }, 400, 'Allowed range: 1 - 65535'],
    ['zh_CN', { groupId: '65536' }, 400, '允许的取值范围：1 - 65535。'],
    ['en_US', { mediaIds: '' }, 400, 'Choose at least one media file'],
    ['zh_CN', { mediaIds: 'A,A' }, 400, '媒体不能重复'],
    ['en_US', { mediaIds: '999999' }, 400, 'The media does not exist or is not in this project'],
    ['en_US', { groupId: '9' }, 409, 'This project already has a media group with this ID'],
  ] as const)('refuses a bad media group in the caller’s language (%s %j)', async (lang, change, status, message) => {
    const media =
      (await listOf(call, `${base}/media/pages?pageSize=100`))[0] ??
      (await upload({ name: 'Rule' }, { name: 'r.mp3', bytes: mp3 })).json();
    if (!(await listOf(call, `${base}/mediagroups/pages?keyword=Nine`)).length)
      await call('POST', `${base}/mediagroups`, { groupId: '9', name: 'Nine', mediaIds: String(media.id) });
    const body = { groupId: '10', name: 'Rules', mediaIds: String(media.id), ...change };
    body.mediaIds = body.mediaIds.replace(/A/g, String(media.id));
    const res = await call('POST', `${base}/mediagroups`, body, suite.admin, lang);
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json().message).toContain(message);
  });
});

describe('permissions and scope', () => {
  it('lets a viewer read but not write', async () => {
    const viewer = await signInWith(suite.t, 1, { pjtdevicensclist: 1, pjtdevicenscgroup: 1, pjtnscmediagroup: 1 });
    expect((await call('GET', `${base}/pages`, undefined, viewer)).statusCode).toBe(200);
    expect((await call('GET', `${base}/media/pages`, undefined, viewer)).statusCode).toBe(200);
    expect((await call('POST', `${base}/${park.id}/volume`, { volume: '5' }, viewer)).statusCode).toBe(403);
    expect((await upload({ name: 'Viewer' }, { name: 'v.mp3', bytes: mp3 }, { token: viewer })).statusCode).toBe(403);
  });

  it("refuses another project's speakers, groups and media", async () => {
    const media = (await upload({ name: 'Ours' }, { name: 'o.mp3', bytes: mp3 })).json();
    const group = (
      await call('POST', `${base}/groups`, { name: 'Ours', no: 'G-OURS', deviceIds: String(hall.id) })
    ).json();
    const mg = (
      await call('POST', `${base}/mediagroups`, { groupId: '77', name: 'Ours', mediaIds: String(media.id) })
    ).json();
    const theirs = `/api/pjts/${other.id}/iot/nsc`;
    expect((await call('POST', `${base}/${park.id}/volume`, { volume: '5' }, outsider)).statusCode).toBe(404);
    expect((await call('GET', `${base}/media/pages`, undefined, outsider)).statusCode).toBe(404);
    expect((await upload({ name: 'Theirs' }, { name: 't.mp3', bytes: mp3 }, { token: outsider })).statusCode).toBe(404);
    expect((await call('GET', `${theirs}/groups/${group.id}`, undefined, outsider)).statusCode).toBe(404);
    expect((await call('DELETE', `${theirs}/mediagroups/${mg.id}`, undefined, outsider)).statusCode).toBe(404);
    expect((await call('DELETE', `${theirs}/media/${media.id}`, undefined, outsider)).statusCode).toBe(404);
    const stolen = await call(
      'POST',
      `${theirs}/groups`,
      { name: 'Stolen', no: 'G-X', deviceIds: String(hall.id) },
      outsider,
      'en_US',
    );
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().message).toBe('The speaker does not exist or is not in this project');
    const borrowed = await call(
      'POST',
      `${theirs}/mediagroups`,
      { groupId: '1', name: 'Borrowed', mediaIds: String(media.id) },
      outsider,
    );
    expect(borrowed.json().message).toBe('The media does not exist or is not in this project');
    expect((await call('POST', `${theirs}/${hall.id}/play`, { mediaId: String(media.id) }, outsider)).statusCode).toBe(
      404,
    );
    expect((await call('GET', `${theirs}/pages`, undefined, outsider)).json().total).toBe(0);
  });
});
