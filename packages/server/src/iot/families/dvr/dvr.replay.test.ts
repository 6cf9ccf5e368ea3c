import type { AddressInfo } from 'node:net';
import { dvrManifest } from '@sc/contract/families/dvr';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../../app.js';
import { loadConfig } from '../../../config.js';
import { signInWith } from '../../../test/caller.js';
import { createIotDevice, createProject } from '../../../test/factories.js';
import { expectSeekableVod, recordedStreamSource } from '../kit/recorded-stream.fixtures.js';
import { type Answer, commandSuite, onlineDevice } from '../kit/test-fixtures.js';

const suite = commandSuite(dvrManifest);
const { call, base, type: TYPE } = suite;
const MIN = 60_000;

/** The recorder's file as it streams it (`served` counts the requests). */
const source = recordedStreamSource('file.ts');

/** A file of `minutes` on `channel` ending an hour ago, as query parameters. */
const fileQuery = (channel: number | string, minutes: number, end = Date.now() - 60 * MIN) =>
  `channel=${channel}&from=${encodeURIComponent(new Date(end - minutes * MIN).toISOString())}&to=${encodeURIComponent(new Date(end).toISOString())}`;
const replay = (id: number, query: string, token = suite.admin, lang?: string) =>
  call('GET', `${base}/${id}/replay?${query}`, undefined, token, lang);
const file = (path: string, token = suite.admin) =>
  suite.t.app.inject({ method: 'GET', url: path, headers: { authorization: `Bearer ${token}` } });

const streams: Answer = (r) =>
  r.command === 'replay' ? { ok: true, result: { url: source.url, codec: 'h264' } } : null;
const recorder = (answer: Answer = streams) =>
  onlineDevice(suite, { type: TYPE, modelNo: 'dahualocal', props: { channelCount: 4 } }, answer);

describe('a record file’s replay', () => {
  it('asks the recorder for the file once and serves it as a seekable HLS VOD, shared by its viewers', async () => {
    const { d, device } = await recorder();
    const q = fileQuery(2, 8 / 60);
    source.served = 0;
    const first = await replay(d.id, q);
    expect(first.statusCode, first.body).toBe(200);
    const answer = first.json();
    expect(answer).toMatchObject({ id: d.id, channel: 2, available: true, reason: null, state: 'live' });
    // Its key: the preparing instance's id, a dot, the channel and the period.
    expect(answer.playlist).toMatch(new RegExp(`^${base}/${d.id}/replay/[\\w-]{8}\\.2-\\d+-\\d+/index\\.m3u8$`));
    expect(answer.duration).toBeGreaterThan(7);
    expect(answer.duration).toBeLessThan(9);
    const asked = device.received.filter((r) => r.command === 'replay');
    expect(asked).toHaveLength(1);
    const params = new URLSearchParams(q);
    expect(asked[0]!.args).toEqual({ channel: 2, from: params.get('from'), to: params.get('to') });

    // A second viewer (who may only look) shares the first one's copy: the recorder is neither asked nor read again.
    const viewer = await signInWith(suite.t, 1, { pjtdevicedvrlist: 1 });
    const second = await replay(d.id, q, viewer);
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json()).toMatchObject({ state: 'live', playlist: answer.playlist });
    expect(device.received.filter((r) => r.command === 'replay')).toHaveLength(1);
    expect(source.served).toBe(1);

    await expectSeekableVod((path) => file(path, viewer), answer.playlist);

    // The same period of another channel is another file: the recorder is asked for it.
    const other = await replay(d.id, q.replace('channel=2', 'channel=3'));
    expect(other.json().playlist).not.toBe(answer.playlist);
    expect(device.received.filter((r) => r.command === 'replay').map((r) => r.args.channel)).toEqual([2, 3]);

    // Only the gateway's names, only the file's key, only callers who may see the recorder.
    expect((await file(`${base}/${d.id}/replay/evil/index.m3u8`)).statusCode).toBe(400);
    expect((await file(`${base}/${d.id}/replay/1-1-2/index.m3u8`)).statusCode).toBe(400);
    const instance = answer.playlist.split('/replay/')[1].slice(0, 8);
    expect((await file(`${base}/${d.id}/replay/${instance}.1-1-2/index.m3u8`)).statusCode).toBe(404);
    expect((await file(answer.playlist, 'nope')).statusCode).toBe(401);
    await device.close();
  }, 60_000);

  it.each([
    ['zh_CN', fileQuery(5, 30), '通道号的取值范围为 1 - 4（录像机的通道数）'],
    ['en_US', fileQuery(5, 30), "The channel must be 1 - 4 (the recorder's channel count)"],
    ['zh_CN', fileQuery(1, -10), '结束时间必须晚于开始时间'],
    ['en_US', fileQuery(1, 25 * 60), 'A period is at most 24 hours'],
    ['zh_CN', 'channel=1&from=yesterday&to=now', '请选择时间段'],
  ])(
    'refuses a file not of the recorder or a wrong period in the caller’s language (%s %s)',
    async (lang, q, message) => {
      const { d, device } = await recorder();
      const res = await replay(d.id, q, suite.admin, lang);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toContain(message);
      expect(device.received.filter((r) => r.command === 'replay')).toHaveLength(0);
      await device.close();
    },
  );

  it('refuses a missing channel and a recorder without a channel count', async () => {
    const { d, device } = await recorder();
    const missing = await replay(d.id, fileQuery('', 30).replace('channel=&', ''), suite.admin, 'en_US');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors?.[0]?.field ?? missing.body).toContain('channel');
    await device.close();
    const bare = await createIotDevice(suite.t.database.db, { type: TYPE, modelNo: 'dahualocal', props: {} });
    const none = await replay(bare.id, fileQuery(1, 30), suite.admin, 'zh_CN');
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('录像机未设置通道数');
  });

  it('answers 409 with the spec’s message for an offline recorder, 504 for a silent one', async () => {
    const away = await createIotDevice(suite.t.database.db, {
      type: TYPE,
      modelNo: 'dahualocal',
      props: { channelCount: 4 },
    });
    const zh = await replay(away.id, fileQuery(1, 30), suite.admin, 'zh_CN');
    expect(zh.statusCode).toBe(409);
    expect(zh.json().message).toBe('设备离线或通讯异常，请稍后重试');
    const en = await replay(away.id, fileQuery(1, 30), suite.admin, 'en_US');
    expect(en.json().message).toBe('Offline or abnormal communication, retry later');
    const { d, device } = await recorder(() => null);
    expect((await replay(d.id, fileQuery(1, 30))).statusCode).toBe(504);
    await device.close();
  }, 60_000);

  it("answers 404 for another project's recorder", async () => {
    const { d, device } = await recorder();
    const other = await createProject(suite.t.database.db, 1, ['video']);
    const outsider = await signInWith(suite.t, other.id, { pjtdevicedvrlist: 5 });
    const own = `/api/pjts/${other.id}/iot/dvr`;
    expect((await call('GET', `${own}/${d.id}/replay?${fileQuery(1, 30)}`, undefined, outsider)).statusCode).toBe(404);
    expect((await replay(d.id, fileQuery(1, 30), outsider)).statusCode).toBe(404);
    expect((await file(`${own}/${d.id}/replay/AAAAAAAA.1-1-2/index.m3u8`, outsider)).statusCode).toBe(404);
    expect(device.received.filter((r) => r.command === 'replay')).toHaveLength(0);
    await device.close();
  });
});

describe('a record file’s replay behind a load balancer', () => {
  it('is served by another instance too: its files fetched from the instance that prepared it', async () => {
    const { d, device } = await recorder();
    await suite.t.app.listen({ port: 0, host: '127.0.0.1' });
    const other = await buildApp({ config: loadConfig({ WEB_DIST: '/nonexistent' }), database: suite.t.database });
    await other.listen({ port: 0, host: '127.0.0.1' });
    try {
      const opened = await replay(d.id, fileQuery(1, 8 / 60));
      expect(opened.json()).toMatchObject({ state: 'live' });
      const playlist: string = opened.json().playlist;
      const viaOther = (path: string, token: string | null = suite.admin) =>
        fetch(`http://127.0.0.1:${(other.server.address() as AddressInfo).port}${path}`, {
          headers: token ? { authorization: `Bearer ${token}` } : {},
        });
      const list = await viaOther(playlist);
      expect(list.status).toBe(200);
      expect(list.headers.get('content-type')).toContain('mpegurl');
      const text = await list.text();
      expect(text).toContain('#EXT-X-ENDLIST');
      const segment = text.split('\n').find((l) => l.endsWith('.ts'))!;
      const ts = await viaOther(playlist.replace('index.m3u8', segment));
      expect(ts.status).toBe(200);
      const bytes = Buffer.from(await ts.arrayBuffer());
      expect(bytes.equals((await file(playlist.replace('index.m3u8', segment))).rawPayload)).toBe(true);
      // The holder checks the caller as for its own requests: no sign-in, another project's member.
      expect((await viaOther(playlist, null)).status).toBe(401);
      const project = await createProject(suite.t.database.db, 1, ['video']);
      const outsider = await signInWith(suite.t, project.id, { pjtdevicedvrlist: 5 });
      expect((await viaOther(playlist.replace('/pjts/1/', `/pjts/${project.id}/`), outsider)).status).toBe(404);
      // The recorder was asked once, by the instance that prepared the replay.
      expect(device.received.filter((r) => r.command === 'replay')).toHaveLength(1);
    } finally {
      await other.close();
      await device.close();
    }
  }, 60_000);
});
