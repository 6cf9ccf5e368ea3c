import { cameraManifest } from '@sc/contract/families/camera';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signInWith } from '../../../test/caller.js';
import { createIotDevice, createProject, queryRows } from '../../../test/factories.js';
import { eventually } from '../../test-device.js';
import { findFfmpeg } from '../kit/ffmpeg-binary.js';
import { createLiveGateway } from '../kit/live-gateway.js';
import { expectSeekableVod, recordedStreamSource } from '../kit/recorded-stream.fixtures.js';
import { type Answer, commandSuite, onlineDevice } from '../kit/test-fixtures.js';

const suite = commandSuite(cameraManifest);
const { call, base, type: TYPE } = suite;
const FFMPEG = findFfmpeg();
const MIN = 60_000;

/** The camera's recorded period as it streams it (`served` counts the requests). */
const source = recordedStreamSource('replay.ts');

/** A period of `minutes` ending an hour ago, as query parameters. */
const period = (minutes: number, end = Date.now() - 60 * MIN) =>
  `from=${encodeURIComponent(new Date(end - minutes * MIN).toISOString())}&to=${encodeURIComponent(new Date(end).toISOString())}`;

const ISO = (ms: number) => new Date(ms).toISOString();
/** What the camera's card holds: records in and around the asked period, one malformed. */
const card: Answer = (r) => {
  if (r.command === 'records') {
    const from = Date.parse(String(r.args.from));
    return {
      ok: true,
      result: {
        files: [
          { type: 'normal', start: ISO(from + 30 * MIN), end: ISO(from + 60 * MIN), size: 225_000_000 },
          { type: 'normal', start: ISO(from), end: ISO(from + 30 * MIN), size: 224_000_000 },
          { type: 'event', start: ISO(from + 5 * MIN), end: ISO(from + 6 * MIN), size: 7_000_000 },
          { type: 'normal', start: ISO(from - 60 * MIN), end: ISO(from - 30 * MIN), size: 1 },
          { type: 'mystery', start: 'never', end: ISO(from), size: -1 },
        ],
        truncated: false,
      },
    };
  }
  if (r.command === 'replay') return { ok: true, result: { url: source.url, codec: 'h264', seconds: 8, speed: 1 } };
  return { ok: true, result: {} };
};
const camera = () => onlineDevice(suite, { type: TYPE, modelNo: 'dahuadss', props: { streamMode: 'hls' } }, card);
const file = (path: string, token = suite.admin) =>
  suite.t.app.inject({ method: 'GET', url: path, headers: { authorization: `Bearer ${token}` } });

describe('a camera’s local records', () => {
  it('lists what its card holds of the period, oldest first, malformed and outside ones left out', async () => {
    const { d, device } = await camera();
    const res = await call('GET', `${base}/${d.id}/records?${period(60)}`);
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json();
    expect(answer).toMatchObject({ id: d.id, truncated: false });
    expect(answer.files.map((f: { type: string; seconds: number }) => [f.type, f.seconds])).toEqual([
      ['normal', 1800],
      ['event', 60],
      ['normal', 1800],
    ]);
    const asked = device.received.at(-1)!;
    expect(asked).toMatchObject({ command: 'records', args: { limit: 500 } });
    // A type asks the camera for that type only, and only that type is answered.
    const events = await call('GET', `${base}/${d.id}/records?${period(60)}&type=event`);
    expect(events.json().files).toHaveLength(1);
    expect(device.received.at(-1)!.args.type).toBe('event');
    // A viewer may search.
    const viewer = await signInWith(suite.t, 1, { pjtdevicecamerarecord: 1 });
    expect((await call('GET', `${base}/${d.id}/records?${period(30)}`, undefined, viewer)).statusCode).toBe(200);
    await device.close();
  });

  it.each([
    ['zh_CN', '', '请选择开始和结束时间'],
    ['en_US', 'from=yesterday&to=now', 'Choose a start and an end time'],
    ['zh_CN', period(-10), '结束时间必须晚于开始时间'],
    ['zh_CN', period(121), '时段不能超过 120 分钟'],
    ['en_US', period(121), 'The period may be at most 120 minutes'],
    ['en_US', `${period(10)}&type=sometimes`, 'A valid parameter is required'],
  ])('refuses a bad period or type in the caller’s language (%s %s)', async (lang, query, message) => {
    const d = await createIotDevice(suite.t.database.db, { type: TYPE, modelNo: 'dahuadss', props: {} });
    const res = await call('GET', `${base}/${d.id}/records?${query}`, undefined, suite.admin, lang);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toContain(message);
  });

  it('keeps to the setting cameraPlaybackMinutes (at most the spec’s 120)', async () => {
    const d = await createIotDevice(suite.t.database.db, { type: TYPE, modelNo: 'dahuadss', props: {} });
    // Through the settings call, which every later read sees at once.
    const put = (value: string) => call('PUT', `/api/webparams.do/cameraPlaybackMinutes`, { value });
    expect((await put('130')).statusCode).toBe(400);
    expect((await put('30')).statusCode).toBe(200);
    try {
      const res = await call('GET', `${base}/${d.id}/replay?${period(45)}`, undefined, suite.admin, 'en_US');
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('The period may be at most 30 minutes');
    } finally {
      expect((await put('120')).statusCode).toBe(200);
    }
  });

  it('answers 409 with the spec’s message for an offline camera, 504 for a silent one', async () => {
    const away = await createIotDevice(suite.t.database.db, { type: TYPE, modelNo: 'dahuadss', props: {} });
    const zh = await call('GET', `${base}/${away.id}/records?${period(60)}`, undefined, suite.admin, 'zh_CN');
    expect(zh.statusCode).toBe(409);
    expect(zh.json().message).toBe('设备离线或通讯异常，请稍后重试');
    const en = await call('GET', `${base}/${away.id}/replay?${period(60)}`, undefined, suite.admin, 'en_US');
    expect(en.statusCode).toBe(409);
    expect(en.json().message).toBe('Offline or abnormal communication, retry later');
    const { d, device } = await onlineDevice(suite, { type: TYPE, modelNo: 'dahuadss', props: {} }, () => null);
    expect((await call('GET', `${base}/${d.id}/records?${period(60)}`)).statusCode).toBe(504);
    expect((await call('GET', `${base}/${d.id}/replay?${period(60)}`)).statusCode).toBe(504);
    await device.close();
  }, 60_000);

  it("refuses another project's camera", async () => {
    const d = await createIotDevice(suite.t.database.db, { type: TYPE, modelNo: 'dahuadss', props: {} });
    const other = await createProject(suite.t.database.db, 1, ['video']);
    const outsider = await signInWith(suite.t, other.id, { pjtdevicecamerarecord: 5 });
    const own = `/api/pjts/${other.id}/iot/camera`;
    expect((await call('GET', `${own}/${d.id}/records?${period(60)}`, undefined, outsider)).statusCode).toBe(404);
    expect((await call('GET', `${own}/${d.id}/replay?${period(60)}`, undefined, outsider)).statusCode).toBe(404);
    expect((await call('GET', `${base}/${d.id}/records?${period(60)}`, undefined, outsider)).statusCode).toBe(404);
  });
});

describe('replay through the stream gateway', () => {
  it('copies the recorded period whole into a seekable HLS VOD, shared by its viewers', async () => {
    expect(FFMPEG.path).toBeTruthy();
    const { d, device } = await camera();
    const q = period(8 / 60);
    source.served = 0;
    const first = await call('GET', `${base}/${d.id}/replay?${q}`);
    expect(first.statusCode, first.body).toBe(200);
    const answer = first.json();
    expect(answer).toMatchObject({ id: d.id, available: true, reason: null, state: 'live' });
    // Its key: the preparing instance's id, a dot, the period.
    expect(answer.playlist).toMatch(new RegExp(`^${base}/${d.id}/replay/[\\w-]{8}\\.\\d+-\\d+/index\\.m3u8$`));
    expect(answer.duration).toBeGreaterThan(7);
    expect(answer.duration).toBeLessThan(9);
    expect(answer.speed).toBe(1);
    expect(device.received.filter((r) => r.command === 'replay')).toHaveLength(1);
    expect(device.received.at(-1)!.args).toMatchObject({ from: expect.any(String), to: expect.any(String) });

    const viewer = await signInWith(suite.t, 1, { pjtdevicecamerarecord: 1 });
    const second = await call('GET', `${base}/${d.id}/replay?${q}`, undefined, viewer);
    expect(second.json()).toMatchObject({ state: 'live', playlist: answer.playlist });
    // The second viewer shares the first one's copy: the camera is neither asked nor read again.
    expect(device.received.filter((r) => r.command === 'replay')).toHaveLength(1);
    expect(source.served).toBe(1);

    await expectSeekableVod((path) => file(path, viewer), answer.playlist);

    // Only the gateway's names, only the replay's key, only callers who may see the camera.
    const dir = answer.playlist.replace('index.m3u8', '');
    expect((await file(`${dir}..%2F..%2Fetc%2Fpasswd`)).statusCode).toBe(400);
    expect((await file(`${base}/${d.id}/replay/evil/index.m3u8`)).statusCode).toBe(400);
    expect((await file(`${base}/${d.id}/replay/1-2/index.m3u8`)).statusCode).toBe(400);
    const instance = answer.playlist.split('/replay/')[1].slice(0, 8);
    expect((await file(`${base}/${d.id}/replay/${instance}.1-2/index.m3u8`)).statusCode).toBe(404);
    expect((await file(answer.playlist, 'nope')).statusCode).toBe(401);
    const other = await createProject(suite.t.database.db, 1, ['video']);
    const outsider = await signInWith(suite.t, other.id, { pjtdevicecamerarecord: 5 });
    expect((await file(answer.playlist.replace('/pjts/1/', `/pjts/${other.id}/`), outsider)).statusCode).toBe(404);
    await device.close();
  }, 60_000);

  it('refuses a period over the limit before asking the camera', async () => {
    const { d, device } = await camera();
    const res = await call('GET', `${base}/${d.id}/replay?${period(150)}`, undefined, suite.admin, 'zh_CN');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('时段不能超过 120 分钟');
    expect(device.received.filter((r) => r.command === 'replay')).toHaveLength(0);
    await device.close();
  });
});

describe('the VOD gateway', () => {
  it('keeps a whole replay until nobody asked for it within the idle time, then removes it', async () => {
    let clock = 0;
    const gateway = createLiveGateway<string>({ ffmpeg: FFMPEG, vod: true, idleMs: () => 5000, now: () => clock });
    try {
      expect(await gateway.join('a')).toBe(false);
      const state = await gateway.open('a', { url: source.url, codec: 'h264' });
      expect(state.state).toBe('live');
      expect(gateway.file('a', 'index.m3u8')!.toString()).toContain('#EXT-X-ENDLIST');
      expect(await gateway.join('a')).toBe(true);
      clock += 10_000;
      await eventually(
        async () => gateway.state('a').state,
        (s) => s === 'idle',
        5000,
      );
      expect(gateway.file('a', 'index.m3u8')).toBeNull();
    } finally {
      gateway.close();
    }
  }, 30_000);
});

describe('camera alarms', () => {
  it('raise a site message for video loss (an alarm), none for motion (a warning)', async () => {
    const { d, device } = await camera();
    await device.publish('event', { code: 'MOTION', type: 'occur', level: 'warning', detail: { area: 2 } });
    await device.publish('event', { code: 'VIDEO_LOSS', type: 'occur', level: 'alarm', detail: {} });
    const titles = await eventually(
      () =>
        queryRows<{ title: string }>(
          suite.t.database.db,
          sql`select distinct title from site_messages where title like ${`%${d.name}%`}`,
        ),
      (r) => r.length >= 1,
      10_000,
    );
    expect(titles.map((m) => m.title)).toEqual([expect.stringContaining('视频丢失')]);
    await device.close();
  });
});
