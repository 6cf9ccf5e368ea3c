import { translate } from '@sc/contract';
import {
  liveFrame,
  NSC_LIVE_FRAME_SAMPLES,
  type NscLiveMessage,
  nscManifest,
  readLiveFrame,
} from '@sc/contract/families/nsc';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../app.js';
import { loadConfig } from '../../../config.js';
import { signInWith } from '../../../test/caller.js';
import { createIotDevice, createProject } from '../../../test/factories.js';
import { eventually } from '../../test-device.js';
import { liveSuite, onlineDevice, type TestDevice } from '../kit/test-fixtures.js';

const suite = liveSuite<NscLiveMessage>(nscManifest);
const { call, base, type: TYPE, told, operator } = suite;
let speaker: TestDevice;
let offline: TestDevice;
let foreign: TestDevice;
let outsider: string;

beforeAll(async () => {
  const online = await onlineDevice(
    suite,
    { type: TYPE, modelNo: 'nscitc', props: {} },
    suite.keeping(() => ({})),
  );
  speaker = online.d;
  offline = await createIotDevice(suite.t.database.db, { type: TYPE, modelNo: 'nscitc', props: {} });
  const other = await createProject(suite.t.database.db, 1, ['nsc']);
  foreign = await createIotDevice(suite.t.database.db, {
    type: TYPE,
    modelNo: 'nscitc',
    props: {},
    projectId: other.id,
  });
  outsider = await signInWith(suite.t, other.id, { pjtnsccontrolcenter: 5 });
});

const errorOf = async (query: string, token?: string) => {
  const o = await operator(query, token);
  const error = await o.next((m) => m.kind === 'error');
  o.socket.close();
  return error;
};

describe('live broadcast', () => {
  it('relays the operator’s frames to the speaker that pulls them, in order and within a second', async () => {
    const o = await operator(`deviceIds=${speaker.id},${offline.id}`);
    expect(o.opened).toBe(true);
    const started = await o.next((m) => m.kind === 'started');
    expect(started).toMatchObject({ speakers: expect.arrayContaining([{ id: speaker.id, name: expect.any(String) }]) });
    expect(await o.next((m) => m.kind === 'outcome' && m.id === offline.id)).toMatchObject({ outcome: 'offline' });
    await o.next((m) => m.kind === 'outcome' && m.id === speaker.id);
    const command = told.find((r) => r.command === 'live')!;
    expect(command.args).toMatchObject({ codec: 'pcm_s16le', sampleRate: 16000, channels: 1, frameMs: 20 });
    const url = String(command.args.url);
    expect(url).toContain(`http://${suite.origin}/api/pub/iot/nsc/live/`);

    // Another key is refused; the speaker's own opens the stream.
    expect((await fetch(url.replace(/key=\w+/, 'key=0123456789abcdef0123'))).status).toBe(404);
    const pull = await fetch(url);
    expect(pull.status).toBe(200);
    await o.next((m) => m.kind === 'outcome' && m.id === speaker.id && m.outcome === 'pulling');

    const tone = new Int16Array(NSC_LIVE_FRAME_SAMPLES).map((_, i) => Math.round(8000 * Math.sin(i / 3)));
    const received: { seq: number; delay: number; samples: number }[] = [];
    const reading = (async () => {
      let pending = new Uint8Array(0);
      for await (const chunk of pull.body as AsyncIterable<Uint8Array>) {
        const joined = new Uint8Array([...pending, ...chunk]);
        let at = 0;
        while (joined.length - at >= 2 && joined.length - at - 2 >= (joined[at]! | (joined[at + 1]! << 8))) {
          const length = joined[at]! | (joined[at + 1]! << 8);
          const frame = readLiveFrame(joined.subarray(at + 2, at + 2 + length))!;
          received.push({ seq: frame.seq, delay: Date.now() - frame.capturedAt, samples: frame.samples.length });
          at += 2 + length;
        }
        pending = joined.slice(at);
      }
    })();
    for (let seq = 0; seq < 25; seq++) {
      o.socket.send(liveFrame(seq, Date.now(), tone));
      await new Promise((r) => setTimeout(r, 20));
    }
    await eventually(
      async () => received.length,
      (n) => n === 25,
    );
    expect(received.map((r) => r.seq)).toEqual([...Array(25).keys()]);
    expect(received.every((r) => r.samples === NSC_LIVE_FRAME_SAMPLES && r.delay < 1000)).toBe(true);

    // The operator stops: the stream ends.
    o.socket.close();
    await reading;
    expect((await fetch(url)).status).toBe(404);
  });

  it('reaches a speaker whose pull lands on another instance (a load balancer): relayed from the one broadcasting', async () => {
    const other = await buildApp({ config: loadConfig({ WEB_DIST: '/nonexistent' }), database: suite.t.database });
    await other.listen({ port: 0, host: '127.0.0.1' });
    try {
      const otherOrigin = `127.0.0.1:${(other.server.address() as { port: number }).port}`;
      const before = told.length;
      const o = await operator(`deviceIds=${speaker.id}`);
      await o.next((m) => m.kind === 'outcome' && m.id === speaker.id);
      const url = String(told.slice(before).find((r) => r.command === 'live')!.args.url).replace(
        suite.origin,
        otherOrigin,
      );
      const pull = await fetch(url);
      expect(pull.status).toBe(200);
      await o.next((m) => m.kind === 'outcome' && m.id === speaker.id && m.outcome === 'pulling');
      const tone = new Int16Array(NSC_LIVE_FRAME_SAMPLES).fill(1234);
      const reader = pull.body!.getReader();
      o.socket.send(liveFrame(0, Date.now(), tone));
      let bytes = new Uint8Array(0);
      while (bytes.length < 2 + 12 + NSC_LIVE_FRAME_SAMPLES * 2) {
        const { value, done } = await reader.read();
        if (done) break;
        bytes = new Uint8Array([...bytes, ...value]);
      }
      const frame = readLiveFrame(bytes.subarray(2, 2 + (bytes[0]! | (bytes[1]! << 8))))!;
      expect([frame.seq, frame.samples[0]]).toEqual([0, 1234]);
      o.socket.close();
      await eventually(
        async () => (await reader.read()).done,
        (done) => done === true,
      );
    } finally {
      await other.close();
    }
  });

  it('pushes the level and delay a speaker reports, and keeps its state', async () => {
    const { d, device } = await onlineDevice(suite, { type: TYPE, modelNo: 'nscitc', props: {} });
    await device.publish('telemetry', {
      ts: Date.now(),
      values: {
        volume: 50,
        status: 'playing',
        playing: 'Live broadcast',
        live: 'e0c5a8b2-0d7e-4a51-9c1e-2f8d3b6a7c90',
        liveLevel: 62,
        liveDelayMs: 45,
        liveFrames: 100,
        liveLost: 0,
      },
    });
    const push = await eventually(
      async () => suite.pushes.find((p) => p.kind === 'telemetry' && p.deviceId === d.id),
      (p) => p !== undefined,
    );
    expect(push).toMatchObject({
      values: { status: 'playing', live: { level: 62, delayMs: 45, frames: 100, lost: 0 } },
    });
  });

  it('refuses no target, a speaker or group of another project, and another project’s user', async () => {
    expect(await errorOf('')).toMatchObject({ key: 'nsc.live.noTargets' });
    // Another project's user is refused project 1 (as its HTTP calls are), whatever it names.
    expect(await errorOf(`deviceIds=${foreign.id}`, outsider)).toMatchObject({ key: 'errors.notFound' });
    expect(await errorOf('groupIds=999999')).toMatchObject({ key: 'nsc.live.notFound' });
    expect(await errorOf(`deviceIds=${speaker.id},${speaker.id}`)).toMatchObject({ key: 'nsc.live.duplicate' });
    expect(await errorOf(`deviceIds=${speaker.id}`, outsider)).toMatchObject({ key: 'errors.notFound' });
    // Every refusal is said in both languages.
    expect(translate('en_US', 'nsc.live.notFound')).toBe(
      'The speaker or group does not exist or is not in this project',
    );
    expect(translate('zh_CN', 'nsc.live.noTargets')).toBe('请至少选择一个广播终端或终端分组');
    expect(translate('en_US', 'nsc.live.tooMany', { count: 1000 })).toBe('A broadcast reaches at most 1000 speakers');
    // A group of the project reaches its speakers.
    const group = await call('POST', `${base}/groups`, { name: 'Hall', no: 'G-LIVE-1', deviceIds: `${speaker.id}` });
    expect(group.statusCode, group.body).toBe(200);
    const o = await operator(`groupIds=${group.json().id}`);
    expect(await o.next((m) => m.kind === 'started')).toMatchObject({ speakers: [{ id: speaker.id }] });
    o.socket.close();
  });

  it('refuses a viewer of the control center: a broadcast needs its modify level', async () => {
    const viewer = await signInWith(suite.t, 1, { pjtnsccontrolcenter: 1 });
    const liveCommands = () => told.filter((r) => r.command === 'live').length;
    const before = liveCommands();
    // Refused by the catalogue's grant before the socket opens, as any call above the caller's level.
    const refused = await operator(`deviceIds=${speaker.id}`, viewer);
    expect(refused.opened).toBe(false);
    expect(refused.refused).toContain('403');
    expect(liveCommands()).toBe(before);
    const operatorRole = await signInWith(suite.t, 1, { pjtnsccontrolcenter: 5 });
    const o = await operator(`deviceIds=${speaker.id}`, operatorRole);
    expect(await o.next((m) => m.kind === 'started')).toMatchObject({ speakers: [{ id: speaker.id }] });
    o.socket.close();
  });

  it('refuses a socket without a valid token before it opens', async () => {
    const o = await operator(`deviceIds=${speaker.id}`, 'nonsense');
    expect(o.opened).toBe(false);
  });
});
