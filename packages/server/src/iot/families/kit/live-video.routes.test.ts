import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cameraManifest } from '@sc/contract/families/camera';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInWith } from '../../../test/caller.js';
import { createIotDevice, createProject } from '../../../test/factories.js';
import { eventually } from '../../test-device.js';
import { findFfmpeg } from './ffmpeg-binary.js';
import { commandSuite, onlineDevice } from './test-fixtures.js';

/**
 * The kit's live video (`LIVE_VIDEO_API`, `…/iot/video/:id/live`): a screen of another family (the
 * emergency call seat) plays a camera by its id, with the camera family's stream and the same check as
 * the camera's own call; a device of another project is not there, a device that does not stream is
 * refused in words.
 */
const suite = commandSuite(cameraManifest);
const { call, base: cameraBase, type: CAMERA } = suite;
const video = (projectId: number, id: number | string) => `/api/pjts/${projectId}/iot/video/${id}/live`;
const FFMPEG = findFfmpeg();

// A camera's stream: ffmpeg's test picture as H.264 in MPEG-TS over HTTP, one encoder per connection.
let source: Server;
let sourceUrl = '';
const connections = new Set<unknown>();
beforeAll(async () => {
  source = createServer((req, res) => {
    const ff = spawn(FFMPEG.path!, [
      ...['-hide_banner', '-loglevel', 'error', '-re', '-f', 'lavfi', '-i', 'testsrc2=size=320x180:rate=10'],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency', '-g', '10', '-pix_fmt', 'yuv420p'],
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

/** A request with no session (a live stream's files are reached by the key its playlist path carries). */
const plain = (path: string) => suite.t.app.inject({ method: 'GET', url: path });
const streamer = () =>
  onlineDevice(suite, { type: CAMERA, modelNo: 'dahuadss', props: { streamMode: 'hls' } }, (r) =>
    r.command === 'stream' ? { ok: true, result: { url: sourceUrl, codec: 'h264' } } : { ok: true, result: {} },
  );

describe('live video for other families’ screens', () => {
  it('plays a camera of the project for the seat, the camera’s own stream, and refuses another project’s', async () => {
    expect(FFMPEG.path).toBeTruthy();
    const { d, device } = await streamer();
    // An operator of the emergency call seat only: no camera screen.
    const seat = await signInWith(suite.t, 1, { pjtdeviceeceagentseat: 1 });
    const opened = await call('GET', video(1, d.id), undefined, seat);
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json()).toMatchObject({ id: d.id, available: true, reason: null, state: 'live', copy: true });
    const playlistPath: string = opened.json().playlist;
    const playlist = await plain(playlistPath);
    expect(playlist.statusCode).toBe(200);
    expect(playlist.headers['content-type']).toContain('mpegurl');
    const segment = playlist.body.split('\n').find((l) => l.endsWith('.ts'))!;
    const ts = await plain(playlistPath.replace('index.m3u8', segment));
    expect(ts.statusCode).toBe(200);
    expect(ts.rawPayload[0]).toBe(0x47); // an MPEG-TS sync byte
    // The camera's own viewers share the one stream (the same playlist), and its list shows it live.
    expect((await call('GET', `${cameraBase}/${d.id}/live`)).json()).toMatchObject({
      state: 'live',
      playlist: playlistPath,
    });
    expect(connections.size).toBe(1);
    expect((await call('GET', `${cameraBase}/pages?keyword=${d.no}`)).json().list[0]).toMatchObject({ live: 'live' });
    // The seat's grant is for this call only: the camera's own calls stay the camera screens'.
    expect((await call('GET', `${cameraBase}/${d.id}/live`, undefined, seat)).statusCode).toBe(403);
    expect((await call('GET', video(1, d.id), undefined, await signInWith(suite.t, 1, {}))).statusCode).toBe(403);

    // Another project's operator, with the seat too: the camera is not in that project.
    const other = await createProject(suite.t.database.db, 1, ['ece', 'video']);
    const outsider = await signInWith(suite.t, other.id, { pjtdeviceeceagentseat: 5 });
    const refused = await call('GET', video(other.id, d.id), undefined, outsider, 'zh_CN');
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).not.toMatch(/^errors\.|^$/);
    // Nor does it reach the camera's project through its path.
    expect((await call('GET', video(1, d.id), undefined, outsider)).statusCode).toBe(404);

    await call('POST', `${cameraBase}/${d.id}/live/stop`);
    await eventually(
      async () => connections.size,
      (n) => n === 0,
    );
    expect((await plain(playlistPath)).statusCode).toBe(404);
    await device.close();
  }, 60_000);

  it('refuses bad input and a device that does not stream, in the caller’s language', async () => {
    const post = await createIotDevice(suite.t.database.db, { type: 'emergencycallequipment', modelNo: 'eceisc' });
    const zh = await call('GET', video(1, post.id), undefined, suite.admin, 'zh_CN');
    expect(zh.statusCode).toBe(400);
    expect(zh.json().message).toBe('该设备不属于此类设备');
    const en = await call('GET', video(1, post.id), undefined, suite.admin, 'en_US');
    expect(en.json().message).toBe('This device is not of this family');
    const word = await call('GET', video(1, 'abc'), undefined, suite.admin, 'en_US');
    expect(word.statusCode).toBe(400);
    expect(word.json().message).not.toMatch(/validation\.|^$/);
    const camera = await createIotDevice(suite.t.database.db, { type: CAMERA, modelNo: 'dahuadss', props: {} });
    expect((await call('GET', video(1, 2_000_000_000))).statusCode).toBe(404);
    // An offline camera: the command bus's 409, in words.
    const offline = await call('GET', video(1, camera.id), undefined, suite.admin, 'zh_CN');
    expect(offline.statusCode).toBe(409);
    expect(offline.json().message).toBe('设备离线或通讯异常，请稍后重试');
  }, 60_000);
});
