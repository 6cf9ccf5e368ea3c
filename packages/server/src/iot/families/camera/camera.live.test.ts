import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cameraManifest } from '@sc/contract/families/camera';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../app.js';
import { loadConfig } from '../../../config.js';
import { createFastPaths } from '../../../http/fast-paths.js';
import { secretSafeLogger } from '../../../platform/redact.js';
import { signInWith } from '../../../test/caller.js';
import { createIotDevice, createProject } from '../../../test/factories.js';
import { eventually } from '../../test-device.js';
import { findFfmpeg } from '../kit/ffmpeg-binary.js';
import { createLiveGateway } from '../kit/live-gateway.js';
import { commandSuite, jsonCaller, onlineDevice } from '../kit/test-fixtures.js';
import { liveMediaRoute } from './camera.live.js';

const suite = commandSuite(cameraManifest);
const { call, base, type: TYPE } = suite;
const json = jsonCaller(suite);
const FFMPEG = findFfmpeg();

/**
 * A camera's stream as a real one sends it: ffmpeg's test picture encoded to H.264 in MPEG-TS over HTTP,
 * one encoder per connection; `open` counts the connections still open.
 */
let source: Server;
let sourceUrl = '';
const connections = new Set<unknown>();
beforeAll(async () => {
  source = createServer((req, res) => {
    const ff = spawn(FFMPEG.path!, [
      ...['-hide_banner', '-loglevel', 'error', '-re', '-f', 'lavfi', '-i', 'testsrc2=size=320x180:rate=10'],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency', '-g', '5', '-pix_fmt', 'yuv420p'],
      ...['-f', 'mpegts', 'pipe:1'],
    ]);
    connections.add(req);
    res.writeHead(200, { 'content-type': 'video/mp2t' });
    ff.stdout.pipe(res);
    req.on('close', () => {
      connections.delete(req);
      ff.kill('SIGKILL');
    });
  });
  await new Promise<void>((resolve) => source.listen(0, '127.0.0.1', resolve));
  sourceUrl = `http://127.0.0.1:${(source.address() as AddressInfo).port}/cam.ts`;
});
afterAll(() => {
  source.closeAllConnections();
  source.close();
});

const streamer = () =>
  onlineDevice(suite, { type: TYPE, modelNo: 'dahuadss', props: { streamMode: 'hls', ptzSupported: true } }, (r) =>
    r.command === 'stream' ? { ok: true, result: { url: sourceUrl, codec: 'h264' } } : { ok: true, result: {} },
  );
const file = (path: string, token = suite.admin) =>
  suite.t.app.inject({ method: 'GET', url: path, headers: { authorization: `Bearer ${token}` } });
/** A request with no session at all (a live stream's files by its key). */
const plain = (path: string) => suite.t.app.inject({ method: 'GET', url: path });
const KEYED = /^\/api\/pub\/iot\/camera\/live\/([A-Za-z0-9_-]{32})\/index\.m3u8$/;

describe('live video through the stream gateway', () => {
  it('pulls the camera’s H.264 stream once for every viewer and serves it as HLS, copied', async () => {
    expect(FFMPEG.path).toBeTruthy();
    const { d, device } = await streamer();
    const first = await call('GET', `${base}/${d.id}/live`);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      id: d.id,
      available: true,
      reason: null,
      state: 'live',
      copy: true,
    });
    // The playlist is the public media call with the stream's key: its files need no session.
    const playlistPath: string = first.json().playlist;
    expect(playlistPath).toMatch(KEYED);
    const viewer = await signInWith(suite.t, 1, { pjtdevicecameralist: 1 });
    const second = await call('GET', `${base}/${d.id}/live`, undefined, viewer);
    expect(second.json()).toMatchObject({ state: 'live', playlist: playlistPath });
    expect(connections.size).toBe(1);
    expect(device.received.filter((r) => r.command === 'stream')).toHaveLength(2);
    const listed = (await call('GET', `${base}/pages?keyword=${d.no}`)).json().list;
    expect(listed[0]).toMatchObject({ id: d.id, live: 'live' });
    const playlist = await plain(playlistPath);
    expect(playlist.statusCode).toBe(200);
    expect(playlist.headers['content-type']).toContain('mpegurl');
    expect(playlist.headers['cache-control']).toBe('no-store');
    const segment = playlist.body.split('\n').find((l) => l.endsWith('.ts'))!;
    expect(segment).toMatch(/^seg\d+\.ts$/);
    const ts = await plain(playlistPath.replace('index.m3u8', segment));
    expect(ts.statusCode).toBe(200);
    expect(ts.headers['cache-control']).toContain('immutable');
    expect(ts.rawPayload[0]).toBe(0x47); // an MPEG-TS sync byte
    expect(ts.rawPayload.length).toBeGreaterThan(1000);
    // A wrong key, a malformed one or a name the gateway does not write: 404, nothing said.
    const wrongKey = playlistPath.replace(KEYED.exec(playlistPath)![1]!, 'A'.repeat(32));
    expect((await plain(wrongKey)).statusCode).toBe(404);
    expect((await plain(playlistPath.replace(/live\/[^/]+\//, 'live/short/'))).statusCode).toBe(404);
    expect((await plain(playlistPath.replace('index.m3u8', '..%2F..%2Fetc%2Fpasswd'))).statusCode).toBe(404);
    // The signed-in file call stays, for callers who may see the camera only.
    expect((await file(`${base}/${d.id}/live/index.m3u8`, viewer)).statusCode).toBe(200);
    expect((await file(`${base}/${d.id}/live/..%2F..%2Fetc%2Fpasswd`)).statusCode).toBe(400);
    expect((await file(`${base}/${d.id}/live/index.m3u8?token=nope`, 'nope')).statusCode).toBe(401);
    const other = await createProject(suite.t.database.db, 1, ['video']);
    const outsider = await signInWith(suite.t, other.id, { pjtdevicecameralist: 5 });
    expect((await file(`/api/pjts/${other.id}/iot/camera/${d.id}/live/index.m3u8`, outsider)).statusCode).toBe(404);
    expect((await call('GET', `/api/pjts/${other.id}/iot/camera/${d.id}/live`, undefined, outsider)).statusCode).toBe(
      404,
    );
    expect((await call('POST', `${base}/${d.id}/live/stop`, undefined, viewer)).statusCode).toBe(403);

    // Stop ends it at once; restart asks the camera again and pulls anew.
    const stopped = await call('POST', `${base}/${d.id}/live/stop`);
    expect(stopped.json()).toMatchObject({ state: 'idle', playlist: null });
    // The camera list follows: each change of its live state is pushed as the camera's `live` value.
    const liveStates = () =>
      suite.pushes.flatMap((p) => (p.kind === 'telemetry' && p.deviceId === d.id ? [p.values.live] : []));
    await eventually(
      async () => liveStates(),
      (states) => states.at(-1) === 'idle',
    );
    expect(liveStates()).toEqual(['starting', 'live', 'idle']);
    expect(suite.pushes.find((p) => p.kind === 'telemetry' && p.deviceId === d.id)).toMatchObject({
      projectId: 1,
      type: 'camera',
    });
    await eventually(
      async () => connections.size,
      (n) => n === 0,
    );
    // The stopped stream's key is forgotten; a new run of the stream has a new one.
    expect((await plain(playlistPath)).statusCode).toBe(404);
    expect((await file(`${base}/${d.id}/live/index.m3u8`)).statusCode).toBe(404);
    const again = await call('POST', `${base}/${d.id}/live/restart`);
    expect(again.json()).toMatchObject({ state: 'live' });
    expect(again.json().playlist).toMatch(KEYED);
    expect(again.json().playlist).not.toBe(playlistPath);
    expect((await plain(again.json().playlist)).statusCode).toBe(200);
    expect(connections.size).toBe(1);
    await device.close();
  }, 60_000);

  it('answers 409 for an offline camera, 504 for a silent one, in the caller’s language', async () => {
    const away = await createIotDevice(suite.t.database.db, { type: TYPE, modelNo: 'dahuadss', props: {} });
    const offline = await call('GET', `${base}/${away.id}/live`, undefined, suite.admin, 'zh_CN');
    expect(offline.statusCode).toBe(409);
    expect(offline.json().message).toBe('设备离线或通讯异常，请稍后重试');
    const { d, device } = await onlineDevice(suite, { type: TYPE, modelNo: 'dahuadss', props: {} }, () => null);
    expect((await json('GET', `${base}/${d.id}/live`)).statusCode).toBe(504);
    await device.close();
  }, 60_000);
});

describe('a live stream’s files by its key', () => {
  it('are served without a session or a log line, 404 for a wrong key, and end when the stream goes idle', async () => {
    const lines: string[] = [];
    const app = Fastify({
      logger: secretSafeLogger({ level: 'trace', stream: { write: (l: string) => lines.push(l) } }),
    });
    // A short idle time and sweep: the stream stops within a second of its last request.
    const gateway = createLiveGateway({ ffmpeg: FFMPEG, idleMs: () => 600, sweepMs: 100 });
    liveMediaRoute(app, gateway);
    await app.ready();
    try {
      expect(await gateway.open(7, { url: sourceUrl, codec: 'h264' })).toMatchObject({ state: 'live' });
      const key = gateway.keyOf(7)!;
      expect(key).toMatch(/^[A-Za-z0-9_-]{32}$/);
      const at = (k: string, name = 'index.m3u8') =>
        app.inject({ method: 'GET', url: `/api/pub/iot/camera/live/${k}/${name}` });
      const playlist = await at(key);
      expect(playlist.statusCode).toBe(200);
      const segment = playlist.body.split('\n').find((l) => l.endsWith('.ts'))!;
      const ts = await at(key, segment);
      expect(ts.statusCode).toBe(200);
      // Read again: the same bytes (kept in memory while listed).
      expect((await at(key, segment)).rawPayload.equals(ts.rawPayload)).toBe(true);
      expect((await at(key.replace(/^./, key[0] === 'B' ? 'C' : 'B'))).statusCode).toBe(404);
      expect((await at(key, 'seg999999.ts')).statusCode).toBe(404);
      // Its viewer's requests keep it going past the idle time…
      for (let i = 0; i < 4; i += 1) {
        await new Promise((r) => setTimeout(r, 300));
        expect((await at(key)).statusCode).toBe(200);
      }
      expect(gateway.running()).toBe(1);
      // …and nobody asking stops it: its key then answers 404, and the camera's connection is closed.
      await eventually(
        async () => gateway.running(),
        (n) => n === 0,
        5000,
      );
      expect((await at(key)).statusCode).toBe(404);
      expect(gateway.keyOf(7)).toBeNull();
      await eventually(
        async () => connections.size,
        (n) => n === 0,
      );
      // The key is in no log line (the route logs nothing; an unknown path still logs, so the logger works).
      await app.inject({ method: 'GET', url: '/nowhere' });
      expect(lines.length).toBeGreaterThan(0);
      expect(lines.join('')).not.toContain(key);
    } finally {
      gateway.close();
      await app.close();
    }
  }, 30_000);
});

describe('a live stream’s files on a listening server', () => {
  it('are sent before fastify’s routing and hooks, with the common headers; anything else still goes through fastify', async () => {
    const fast = createFastPaths();
    const app = Fastify({ serverFactory: fast.serverFactory });
    app.decorate('fastPaths', fast);
    fast.headers({ 'x-frame-options': 'SAMEORIGIN' });
    let routed = 0;
    app.addHook('onRequest', async () => {
      routed += 1;
    });
    const gateway = createLiveGateway({ ffmpeg: FFMPEG, idleMs: () => 60_000 });
    liveMediaRoute(app, gateway);
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      expect(await gateway.open(8, { url: sourceUrl, codec: 'h264' })).toMatchObject({ state: 'live' });
      const key = gateway.keyOf(8)!;
      const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/pub/iot/camera/live`;
      const playlist = await fetch(`${base}/${key}/index.m3u8`);
      expect(playlist.status).toBe(200);
      expect(playlist.headers.get('content-type')).toContain('mpegurl');
      expect(playlist.headers.get('cache-control')).toBe('no-store');
      expect(playlist.headers.get('x-content-type-options')).toBe('nosniff');
      expect(playlist.headers.get('x-frame-options')).toBe('SAMEORIGIN');
      const text = await playlist.text();
      expect(playlist.headers.get('content-length')).toBe(String(Buffer.byteLength(text)));
      const segment = text.split('\n').find((l) => l.endsWith('.ts'))!;
      const ts = await fetch(`${base}/${key}/${segment}`);
      expect(ts.status).toBe(200);
      expect(ts.headers.get('content-type')).toBe('video/mp2t');
      expect(ts.headers.get('cache-control')).toContain('immutable');
      expect(Buffer.from(await ts.arrayBuffer()).equals(gateway.media(key, segment)!)).toBe(true);
      expect(routed).toBe(0);
      // Misses are fastify's: a wrong key, a name the gateway does not write, a path past the file, a
      // query, another method; each a 404 (HEAD of a found file: 200 without a body, as fastify answers).
      const wrong = key.replace(/^./, key[0] === 'B' ? 'C' : 'B');
      for (const [url, status] of [
        [`${base}/${wrong}/index.m3u8`, 404],
        [`${base}/${key}/seg999999.ts`, 404],
        [`${base}/${key}/..%2F..%2Fetc%2Fpasswd`, 404],
        [`${base}/${key}/index.m3u8/x`, 404],
        [`${base}/${key}`, 404],
        [`${base}/${key}/index.m3u8?x=1`, 200],
      ] as const) {
        const before = routed;
        const res = await fetch(url);
        expect(res.status, url).toBe(status);
        expect(routed, url).toBe(before + 1);
      }
      expect((await fetch(`${base}/${key}/index.m3u8`, { method: 'HEAD' })).status).toBe(200);
      // Nothing answered after the stream stopped: its key is gone.
      gateway.stop(8);
      expect((await fetch(`${base}/${key}/index.m3u8`)).status).toBe(404);
    } finally {
      gateway.close();
      await app.close();
    }
  }, 30_000);
});

describe('a live stream behind a load balancer', () => {
  it('is served by another instance too: its files fetched from the instance running its ffmpeg', async () => {
    const { d } = await streamer();
    await suite.t.app.listen({ port: 0, host: '127.0.0.1' });
    const other = await buildApp({ config: loadConfig({ WEB_DIST: '/nonexistent' }), database: suite.t.database });
    await other.listen({ port: 0, host: '127.0.0.1' });
    try {
      const live = await call('GET', `${base}/${d.id}/live`);
      expect(live.json()).toMatchObject({ state: 'live' });
      const playlistPath: string = live.json().playlist;
      const origin = (app: typeof other) => `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
      const viaOther = await fetch(`${origin(other)}${playlistPath}`);
      expect(viaOther.status).toBe(200);
      expect(viaOther.headers.get('content-type')).toContain('mpegurl');
      const segment = (await viaOther.text()).split('\n').find((l) => l.endsWith('.ts'))!;
      const ts = await fetch(`${origin(other)}${playlistPath.replace('index.m3u8', segment)}`);
      expect(ts.status).toBe(200);
      const bytes = Buffer.from(await ts.arrayBuffer());
      expect(bytes.equals((await plain(playlistPath.replace('index.m3u8', segment))).rawPayload)).toBe(true);
      // The stream stopped: neither instance has its files any more.
      await call('POST', `${base}/${d.id}/live/stop`);
      expect((await fetch(`${origin(other)}${playlistPath}`)).status).toBe(404);
    } finally {
      await other.close();
    }
  }, 60_000);
});

describe('without ffmpeg', () => {
  it('says live video is unavailable and why', async () => {
    expect(findFfmpeg({ FFMPEG_PATH: 'none' })).toEqual({ path: null, reason: 'disabled' });
    expect(findFfmpeg({ FFMPEG_PATH: '/nowhere/ffmpeg' })).toEqual({ path: null, reason: 'noFfmpeg' });
    const gateway = createLiveGateway({ ffmpeg: { path: null, reason: 'noFfmpeg' }, idleMs: () => 1000 });
    expect(gateway.available).toBe(false);
    expect(gateway.unavailableReason).toBe('noFfmpeg');
    gateway.close();
  });
});
