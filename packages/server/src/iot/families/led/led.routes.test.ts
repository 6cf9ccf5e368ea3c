import { LED_MEDIA_MAX_BYTES, ledManifest } from '@sc/contract/families/led';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { signInWith } from '../../../test/caller.js';
import { createIotDevice, createProject, queryRows } from '../../../test/factories.js';
import { eventually } from '../../test-device.js';
import { type Answer, commandSuite, jsonCaller, listOf, onlineDevice, type TestDevice } from '../kit/test-fixtures.js';

const suite = commandSuite(ledManifest);
const { call, base, type: TYPE } = suite;
const json = jsonCaller(suite);

/** A 1×1 PNG, an mp4 header, a Flash header: files as their bytes say. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const MP4 = Buffer.concat([
  Buffer.from([0, 0, 0, 0x18]),
  Buffer.from('ftypisom'),
  Buffer.from([0, 0, 2, 0]),
  Buffer.from('isommp41'),
  Buffer.alloc(64),
]);
const SWF = Buffer.concat([Buffer.from('FWS'), Buffer.from([10, 0x40, 0, 0, 0]), Buffer.alloc(64, 1)]);
const HTML = Buffer.from('<!DOCTYPE html><html><body><h1>城市公告</h1><script>alert(1)</script></body></html>');
const TEXT = Buffer.from('今日空气质量良好 Air quality good today\n');

let seq = 0;
/** A multipart upload of `fields` and a file, as the console sends it. */
function upload(
  url: string,
  fields: Record<string, string>,
  file: { name: string; bytes: Buffer } | null,
  lang = 'en_US',
  token = suite.admin,
) {
  const boundary = '----led-boundary';
  const parts: Buffer[] = Object.entries(fields).map(([k, v]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`),
  );
  if (file)
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return suite.t.app.inject({
    method: 'POST',
    url: `${url}?token=${token}&lang=${lang}`,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat(parts),
  });
}
const fieldsOf = (mediaType: string, extra: Record<string, string> = {}) => {
  seq += 1;
  return { name: `资源${seq}`, no: `R${seq}`, mediaType, description: 'test', ...extra };
};
const create = (mediaType: string, file: { name: string; bytes: Buffer } | null, lang = 'en_US') =>
  upload(`${base}/resources`, fieldsOf(mediaType), file, lang);

/** The resolution `screen` is made with, which its list row shows. */
const RESOLUTION = { screenWidth: 192, screenHeight: 96 };
let screen: TestDevice;
let quiet: TestDevice;
const connectedScreen = (answer: Answer) =>
  onlineDevice(suite, { type: TYPE, modelNo: 'ledxx', props: { screenWidth: 128, screenHeight: 64 } }, answer);

beforeAll(async () => {
  screen = await createIotDevice(suite.t.database.db, {
    type: TYPE,
    modelNo: 'ledxx',
    props: RESOLUTION,
  });
  quiet = await createIotDevice(suite.t.database.db, { type: TYPE, modelNo: 'ledxx', props: {}, activeState: 1 });
  await suite.t.database.db.execute(sql`
    insert into led_state (device_id, project_id, at, brightness, volume, power, playing)
    values (${screen.id}, 1, now() - interval '5 minutes', 180, 7, 1, '城市公告')`);
});

describe('LED screens list', () => {
  it('pages the screens with their resolution and last report', async () => {
    const list = await listOf(call, `${base}/pages?pageSize=100`);
    expect(list.find((x) => x.id === screen.id)).toMatchObject({
      name: screen.name,
      ...RESOLUTION,
      brightness: 180,
      volume: 7,
      power: true,
      playing: '城市公告',
    });
    expect(list.find((x) => x.id === quiet.id)).toMatchObject({ brightness: null, power: null, reportedAt: null });
  });
  it('searches by no and filters by online state; refuses a bad filter in the caller’s language', async () => {
    const found = (await call('GET', `${base}/pages?keyword=${screen.no}`)).json().list;
    expect(found.map((x: { id: number }) => x.id)).toEqual([screen.id]);
    const online = (await listOf(call, `${base}/pages?activeState=1&pageSize=100`)).map((x) => x.id);
    expect(online).toContain(quiet.id);
    expect(online).not.toContain(screen.id);
    const zh = await call('GET', `${base}/pages?activeState=7`, undefined, suite.admin, 'zh_CN');
    expect(zh.statusCode).toBe(400);
    expect(zh.json().message).toContain('请输入有效的参数');
  });
});

describe('one screen', () => {
  it('answers its runtime (nulls before the first report)', async () => {
    const res = await call('GET', `${base}/${screen.id}/runtime`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: screen.id, brightness: 180, volume: 7, power: true, playing: '城市公告' });
    expect((await call('GET', `${base}/${quiet.id}/runtime`)).json()).toEqual({
      id: quiet.id,
      at: null,
      brightness: null,
      volume: null,
      power: null,
      playing: null,
    });
  });
  it.each([
    ['zh_CN', { brightness: 0 }, '允许的取值范围：1 - 255'],
    ['en_US', { brightness: 256 }, '255'],
    ['en_US', { volume: 16 }, '15'],
    ['en_US', { volume: -1 }, '0'],
    ['zh_CN', {}, '请至少设置亮度、音量或电源中的一项'],
    ['en_US', {}, 'Set at least one of brightness, volume or power'],
    ['en_US', { power: 'maybe' }, 'A valid parameter is required'],
  ] as const)('refuses a bad control in the caller’s language (%s %j)', async (lang, body, message) => {
    const res = await json('POST', `${base}/${screen.id}/control`, body, suite.admin, lang);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toContain(message);
  });
  it('registers and unregisters a screen', async () => {
    await suite.expectReregistered(screen.id);
  });
});

describe('talking to a screen', () => {
  it('keeps its reports as its runtime, pushes them, and sends control', async () => {
    const state = { brightness: 90, volume: 3, power: true, playing: 'Notice' };
    const { d, device } = await connectedScreen((r) => ({
      ok: true,
      result: r.command === 'realdata' ? state : r.args,
    }));
    await device.publish('telemetry', {
      ts: Date.now(),
      values: { brightness: 90, volume: 99, power: true, playing: 'Notice' },
    });
    const stored = await eventually(
      () =>
        queryRows(
          suite.t.database.db,
          sql`select brightness, volume, power, playing from led_state where device_id = ${d.id}`,
        ),
      (r) => r.length === 1,
    );
    expect(stored).toEqual([{ brightness: 90, volume: null, power: 1, playing: 'Notice' }]); // volume 99 is out of range
    const push = suite.pushes.find((p) => p.kind === 'telemetry' && p.deviceId === d.id);
    expect(push).toMatchObject({ values: { brightness: 90, power: 1, playing: 'Notice' } });
    const real = await call('POST', `${base}/${d.id}/realdata`);
    expect(real.json()).toMatchObject({ command: 'realdata', ok: true, result: state });
    const sent = await json('POST', `${base}/${d.id}/control`, { brightness: 200, power: false });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(device.received.at(-1)).toMatchObject({ command: 'control', args: { brightness: 200, power: false } });
    await device.close();
  });
  it('answers 409 for an offline screen and 504 for a silent one', async () => {
    const offline = await json('POST', `${base}/${screen.id}/control`, { power: true }, suite.admin, 'zh_CN');
    expect(offline.statusCode).toBe(409);
    expect(offline.json().message).toBe('设备离线或通讯异常，请稍后重试');
    const { d, device } = await connectedScreen(() => null);
    expect((await json('POST', `${base}/${d.id}/control`, { volume: 3 })).statusCode).toBe(504);
    await device.close();
  });
});

describe('media resources', () => {
  it('stores each media type by its content and answers its file for the preview', async () => {
    const files = {
      image: { name: 'notice.png', bytes: PNG, mime: 'image/png' },
      video: { name: 'advert.mp4', bytes: MP4, mime: 'video/mp4' },
      flash: { name: 'banner.swf', bytes: SWF, mime: 'application/x-shockwave-flash' },
      html: { name: 'page.html', bytes: HTML, mime: 'text/html' },
      text: { name: 'notice.txt', bytes: TEXT, mime: 'text/plain' },
    };
    for (const [mediaType, f] of Object.entries(files)) {
      const res = await create(mediaType, f);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ mediaType, fileName: f.name, mime: f.mime, size: f.bytes.length });
      expect(res.json().creator).toBeTruthy();
      const file = await call('GET', `${base}/resources/${res.json().id}/file`);
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toContain(f.mime);
      expect(file.rawPayload.equals(f.bytes)).toBe(true);
      if (mediaType === 'html') expect(file.headers['content-security-policy']).toMatch(/^sandbox/);
    }
    const page = await listOf(call, `${base}/resources?mediaType=video&pageSize=100`);
    expect(page.every((r) => r.mediaType === 'video')).toBe(true);
    expect(page[0]).not.toHaveProperty('file');
  });
  it('refuses a text file named .png, in the caller’s language', async () => {
    const en = await create('image', { name: 'fake.png', bytes: TEXT });
    expect(en.statusCode).toBe(400);
    expect(en.json().message).toContain('not of this media type');
    expect(en.json().errors[0].field).toBe('file');
    const zh = await create('video', { name: 'fake.mp4', bytes: PNG }, 'zh_CN');
    expect(zh.json().message).toContain('文件内容与媒体类型不符');
    expect((await create('html', { name: 'x.html', bytes: PNG })).statusCode).toBe(400);
  });
  it('refuses a file of 50 MB or more, and a missing file', async () => {
    const big = Buffer.alloc(LED_MEDIA_MAX_BYTES + 10, 0);
    PNG.copy(big);
    const res = await create('image', { name: 'huge.png', bytes: big }, 'zh_CN');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('文件必须小于 50 MB');
    const none = await create('image', null);
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('A file is required');
  });
  it.each([
    ['en_US', { name: '' }, 'Required'],
    ['zh_CN', { name: 'a b!' }, '字母、数字'],
    ['en_US', { no: 'x' }, '2'],
    ['en_US', { mediaType: 'audio' }, 'Required'],
    ['en_US', { description: 'x'.repeat(101) }, '100'],
  ] as const)('refuses bad fields in the caller’s language (%s %j)', async (lang, extra, message) => {
    const res = await upload(
      `${base}/resources`,
      fieldsOf('image', extra as Record<string, string>),
      { name: 'a.png', bytes: PNG },
      lang,
    );
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toContain(message);
  });
  it('needs the old file removed before another replaces it; refuses a number taken', async () => {
    const made = (await create('image', { name: 'a.png', bytes: PNG })).json();
    const again = await upload(`${base}/resources/${made.id}/file`, {}, { name: 'b.png', bytes: PNG }, 'zh_CN');
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('该资源已有文件，请先删除原文件再上传');
    const removed = await call('DELETE', `${base}/resources/${made.id}/file`);
    expect(removed.json()).toMatchObject({ fileName: null, size: null, mime: null });
    expect((await call('GET', `${base}/resources/${made.id}/file`)).statusCode).toBe(404);
    const wrong = await upload(`${base}/resources/${made.id}/file`, {}, { name: 'b.png', bytes: TEXT });
    expect(wrong.statusCode).toBe(400);
    const put = await upload(`${base}/resources/${made.id}/file`, {}, { name: 'b.png', bytes: PNG });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({ fileName: 'b.png', size: PNG.length });
    const changed = await json('PUT', `${base}/resources/${made.id}`, { ...fieldsOf('image'), name: '新名称' });
    expect(changed.json()).toMatchObject({ name: '新名称' });
    const mismatch = await json('PUT', `${base}/resources/${made.id}`, fieldsOf('video'));
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().message).toContain('remove the file first');
    const taken = await json('PUT', `${base}/resources/${made.id}`, { ...fieldsOf('image'), no: 'R1' });
    expect(taken.statusCode).toBe(409);
    const deleted = await call('DELETE', `${base}/resources/${made.id}`);
    expect(deleted.json()).toEqual({ id: made.id, deleted: true });
    expect((await call('GET', `${base}/resources/${made.id}/file`)).statusCode).toBe(404);
  });
});

describe('permissions and scope', () => {
  it('lets a viewer read but not command or upload', async () => {
    const viewer = await signInWith(suite.t, 1, { pjtdeviceledlist: 1, pjtledresourcelist: 1 });
    await suite.expectStatuses(viewer, [
      [200, 'GET', `${base}/pages`],
      [200, 'GET', `${base}/resources`],
      [403, 'POST', `${base}/${screen.id}/control`, { power: 'true' }],
    ]);
    const up = await upload(`${base}/resources`, fieldsOf('image'), { name: 'a.png', bytes: PNG }, 'en_US', viewer);
    expect(up.statusCode).toBe(403);
  });
  it("refuses another project's screens and resources", async () => {
    const made = (await create('image', { name: 'a.png', bytes: PNG })).json();
    const other = await createProject(suite.t.database.db, 1, ['led']);
    const outsider = await signInWith(suite.t, other.id, { pjtdeviceledlist: 5, pjtledresourcelist: 5 });
    expect((await call('GET', `${base}/${screen.id}/runtime`, undefined, outsider)).statusCode).toBe(404);
    expect((await call('POST', `${base}/${screen.id}/register`, undefined, outsider)).statusCode).toBe(404);
    const own = `/api/pjts/${other.id}/iot/led`;
    expect((await call('GET', `${own}/${screen.id}/runtime`, undefined, outsider)).statusCode).toBe(404);
    expect((await call('GET', `${own}/pages`, undefined, outsider)).json().total).toBe(0);
    expect((await call('GET', `${own}/resources/${made.id}/file`, undefined, outsider)).statusCode).toBe(404);
    expect((await call('DELETE', `${own}/resources/${made.id}`, undefined, outsider)).statusCode).toBe(404);
    expect((await call('GET', `${base}/resources`, undefined, outsider)).statusCode).toBe(404);
    expect((await call('GET', `${own}/resources`, undefined, outsider)).json().total).toBe(0);
  });
});
