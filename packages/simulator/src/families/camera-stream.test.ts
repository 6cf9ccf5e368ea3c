import { spawn } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { camera, cameraStreams } from './camera.js';
import { replayPace, SNAPSHOT_BYTES, simFfmpeg } from './camera-stream.js';
import { commandContext, simDevice } from './test-fixtures.js';

const FFMPEG = simFfmpeg();

/** `ms` of a stream's bytes from now. */
async function read(url: string, ms: number) {
  const controller = new AbortController();
  const res = await fetch(url, { signal: controller.signal });
  const chunks: Buffer[] = [];
  const reader = res.body!.getReader();
  const until = Date.now() + ms;
  while (Date.now() < until) {
    const { value, done } = await reader.read();
    if (done) break;
    chunks.push(Buffer.from(value));
  }
  controller.abort();
  return Buffer.concat(chunks);
}

/** The last picture of some MPEG-TS as 64×36 grey pixels. */
const lastFrame = (ts: Buffer) =>
  new Promise<Buffer>((resolve) => {
    const ff = spawn(FFMPEG!, [
      ...['-hide_banner', '-loglevel', 'error', '-f', 'mpegts', '-i', 'pipe:0'],
      ...['-vf', 'scale=64:36', '-pix_fmt', 'gray', '-f', 'rawvideo', 'pipe:1'],
    ]);
    const out: Buffer[] = [];
    ff.stdout.on('data', (b: Buffer) => out.push(b));
    ff.on('close', () => {
      const all = Buffer.concat(out);
      resolve(all.subarray(all.length - 64 * 36));
    });
    ff.stdin.end(ts);
  });
const difference = (a: Buffer, b: Buffer) => a.reduce((sum, v, i) => sum + Math.abs(v - b[i]!), 0) / a.length;

afterAll(() => cameraStreams().close());

describe.skipIf(!FFMPEG)('a simulated camera’s video', () => {
  it('is H.264 in MPEG-TS over HTTP, made while read, and turns with PTZ', async () => {
    const device = simDevice('camera', 'CAM-V1', {
      family: camera,
      props: { ptzSupported: true },
    });
    const ctx = () => commandContext(new Date());
    const answer = await camera.commands!.stream!(device, {}, ctx());
    expect(answer).toMatchObject({ ok: true, result: { codec: 'h264', width: 640, height: 360 } });
    const url = (answer.result as { url: string }).url;
    const before = await read(url, 3000);
    expect(before[0]).toBe(0x47);
    expect(before.length % 188).toBe(0);
    expect(before.length).toBeGreaterThan(10_000);
    const still = await lastFrame(before);
    expect(still.length).toBe(64 * 36);
    // Turned right at full speed for two seconds, then stopped: another part of the scene.
    const reading = read(url, 5000);
    await new Promise((r) => setTimeout(r, 300));
    await camera.commands!.ptz!(device, { action: 'right', speed: 8 }, ctx());
    expect(cameraStreams().running()).toBe(1);
    await new Promise((r) => setTimeout(r, 2000));
    await camera.commands!.ptz!(device, { action: 'stop' }, ctx());
    const after = await reading;
    expect(after.length % 188).toBe(0);
    expect(difference(still, await lastFrame(after))).toBeGreaterThan(10);
    // Nobody reads it any more: its encoder stops.
    for (let i = 0; i < 30 && cameraStreams().running() > 0; i += 1) await new Promise((r) => setTimeout(r, 100));
    expect(cameraStreams().running()).toBe(0);
  }, 30_000);
});

/** Every byte of a finite stream, and how long it took. */
async function whole(url: string) {
  const started = Date.now();
  const res = await fetch(url);
  return { status: res.status, bytes: Buffer.from(await res.arrayBuffer()), ms: Date.now() - started };
}

/** The frames of some MPEG-TS as 64×36 grey pixels each. */
const frames = (ts: Buffer) =>
  new Promise<Buffer[]>((resolve) => {
    const ff = spawn(FFMPEG!, [
      ...['-hide_banner', '-loglevel', 'error', '-f', 'mpegts', '-i', 'pipe:0'],
      ...['-vf', 'scale=64:36', '-pix_fmt', 'gray', '-f', 'rawvideo', 'pipe:1'],
    ]);
    const out: Buffer[] = [];
    ff.stdout.on('data', (b: Buffer) => out.push(b));
    ff.on('close', () => {
      const all = Buffer.concat(out);
      resolve(
        Array.from({ length: Math.floor(all.length / (64 * 36)) }, (_, i) => all.subarray(i * 2304, (i + 1) * 2304)),
      );
    });
    ff.stdin.end(ts);
  });

describe('replay pace', () => {
  it('plays a period in real time up to a minute, a longer one faster in a minute', () => {
    expect(replayPace(45_000)).toEqual({ seconds: 45, speed: 1 });
    expect(replayPace(30 * 60_000)).toEqual({ seconds: 60, speed: 30 });
    expect(replayPace(120 * 60_000)).toEqual({ seconds: 60, speed: 120 });
  });
});

describe.skipIf(!FFMPEG)('a simulated camera’s replay', () => {
  it('is the recorded period as a finite H.264 stream, sped up to a minute, its pictures moving', async () => {
    const device = simDevice('camera', 'CAM-R1', { family: camera });
    const now = new Date();
    const from = new Date(now.getTime() - 3_600_000);
    const to = new Date(from.getTime() + 30 * 60_000);
    const answer = await camera.commands!.replay!(
      device,
      { from: from.toISOString(), to: to.toISOString() },
      commandContext(now),
    );
    expect(answer).toMatchObject({ ok: true, result: { codec: 'h264', seconds: 60, speed: 30 } });
    const { status, bytes } = await whole((answer.result as { url: string }).url);
    expect(status).toBe(200);
    expect(bytes[0]).toBe(0x47);
    expect(bytes.length % 188).toBe(0);
    const pictures = await frames(bytes);
    // A minute at 10 frames a second.
    expect(pictures.length).toBeGreaterThanOrEqual(590);
    expect(pictures.length).toBeLessThanOrEqual(610);
    expect(difference(pictures[0]!, pictures.at(-1)!)).toBeGreaterThan(5);
  }, 60_000);

  it('refuses a period in the future, reversed or over the 120 minutes of a DSS playback', async () => {
    const device = simDevice('camera', 'CAM-R2', { family: camera });
    const now = new Date();
    const ask = (from: number, to: number) =>
      camera.commands!.replay!(
        device,
        { from: new Date(from).toISOString(), to: new Date(to).toISOString() },
        commandContext(now),
      );
    const t = now.getTime();
    expect(await ask(t + 60_000, t + 120_000)).toMatchObject({ ok: false });
    expect(await ask(t - 60_000, t - 120_000)).toMatchObject({ ok: false });
    expect(await ask(t - 130 * 60_000, t)).toMatchObject({ ok: false, error: 'period too long' });
  });
});

describe.skipIf(!FFMPEG)('a simulated camera’s snapshots', () => {
  it('are JPEGs of its picture half a second apart, kept within an MQTT packet', async () => {
    const device = simDevice('camera', 'CAM-S1', { family: camera });
    const at = new Date();
    const answer = await camera.commands!.snapshot!(device, { count: 3 }, commandContext(at));
    const pictures = (answer.result as { pictures: { at: string; image: string | null }[] }).pictures;
    expect(pictures.map((p) => Date.parse(p.at) - at.getTime())).toEqual([0, 500, 1000]);
    for (const p of pictures) {
      expect(p.image).toMatch(/^data:image\/jpeg;base64,/);
      const jpeg = Buffer.from(p.image!.split(',')[1]!, 'base64');
      expect([jpeg[0], jpeg[1], jpeg.at(-2), jpeg.at(-1)]).toEqual([0xff, 0xd8, 0xff, 0xd9]);
    }
    // Sixteen fit in one answer, or those beyond its size come without their picture.
    const all = await camera.commands!.snapshot!(device, { count: 16 }, commandContext(at));
    const sixteen = (all.result as { pictures: { image: string | null }[] }).pictures;
    expect(sixteen).toHaveLength(16);
    expect(sixteen.reduce((n, p) => n + (p.image?.length ?? 0), 0)).toBeLessThanOrEqual(SNAPSHOT_BYTES);
    expect(sixteen[0]!.image).not.toBeNull();
  }, 30_000);
});
