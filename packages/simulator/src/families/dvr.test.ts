import { spawn } from 'node:child_process';
import { deviceRecordFile, RECORD_TYPES } from '@sc/contract/families/dvr';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { simFfmpeg } from '../video.js';
import { channelsOf, dvr, dvrReplays, KEPT_DAYS, recordFiles, SEGMENT_MINUTES } from './dvr.js';
import { commandContext, simDevice } from './test-fixtures.js';

const NOW = Date.parse('2026-11-28T12:00:00Z');
const recorder = (channelCount?: number) =>
  simDevice('dvr', 'EQDVR01', { props: channelCount ? { channelCount } : {}, family: dvr });
const run = (device: ReturnType<typeof recorder>, command: string, args: Record<string, unknown>) =>
  dvr.commands![command]!(device, args, commandContext(new Date(NOW)));

describe('recorder simulator', () => {
  it('records every channel continuously in half-hour files, with clips of the other types', () => {
    const device = recorder(4);
    const day = recordFiles(device, { from: NOW - 24 * 3_600_000, to: NOW }, NOW);
    expect(day.truncated).toBe(false);
    for (const f of day.files) expect(deviceRecordFile.safeParse(f).success, JSON.stringify(f)).toBe(true);
    const normal = day.files.filter((f) => f.type === 'normal');
    // 4 channels × 48 half hours.
    expect(normal).toHaveLength(4 * 48);
    expect(new Set(normal.map((f) => f.channel))).toEqual(new Set([1, 2, 3, 4]));
    for (const f of normal) expect(Date.parse(f.end) - Date.parse(f.start)).toBe(SEGMENT_MINUTES * 60_000);
    const types = new Set(day.files.map((f) => f.type));
    expect(types.has('event')).toBe(true);
    // Over a week every type turns up.
    const week = new Set<string>();
    for (let d = 1; d <= 7; d++)
      for (const f of recordFiles(device, { from: NOW - d * 86_400_000, to: NOW - (d - 1) * 86_400_000 }, NOW).files)
        week.add(f.type);
    expect([...week].sort()).toEqual([...RECORD_TYPES].sort());
    // Oldest first, sizes about 2 Mbps.
    const starts = day.files.map((f) => f.start);
    expect([...starts].sort()).toEqual(starts);
    expect(normal[0]!.size).toBeGreaterThan(350_000_000);
    expect(normal[0]!.size).toBeLessThan(600_000_000);
  });

  it('answers the same files each time, none unfinished or older than it keeps', () => {
    const device = recorder(8);
    const q = { from: NOW - 3 * 3_600_000, to: NOW + 3_600_000 };
    expect(recordFiles(device, q, NOW)).toEqual(recordFiles(recorder(8), q, NOW));
    expect(recordFiles(device, q, NOW).files.every((f) => Date.parse(f.end) <= NOW)).toBe(true);
    const old = NOW - (KEPT_DAYS + 2) * 86_400_000;
    expect(recordFiles(device, { from: old, to: old + 3_600_000 }, NOW).files).toEqual([]);
  });

  it('answers records by period, type and channel, and caps the answer', () => {
    const device = recorder(8);
    const from = new Date(NOW - 6 * 3_600_000).toISOString();
    const to = new Date(NOW).toISOString();
    const events = run(device, 'records', { from, to, type: 'event', channel: 3 }) as {
      ok: boolean;
      result: { files: { type: string; channel: number }[] };
    };
    expect(events.ok).toBe(true);
    expect(events.result.files.length).toBeGreaterThan(0);
    expect(events.result.files.every((f) => f.type === 'event' && f.channel === 3)).toBe(true);
    const capped = run(device, 'records', { from, to, limit: 10 }) as {
      result: { files: unknown[]; truncated: boolean };
    };
    expect(capped.result.files).toHaveLength(10);
    expect(capped.result.truncated).toBe(true);
    expect(run(device, 'records', { from: to, to: from })).toMatchObject({ ok: false });
    expect(run(device, 'records', { from, to, channel: 9 })).toMatchObject({ ok: false, error: 'no such channel' });
    expect(run(device, 'records', { from, to, type: 'motion' })).toMatchObject({ ok: false });
  });

  it('takes its channel count from its properties (4 when not set)', () => {
    expect(channelsOf(recorder(16))).toBe(16);
    expect(channelsOf(recorder())).toBe(4);
  });

  it('reboots (away a few seconds, after its answer) and syncs its clock', () => {
    vi.useFakeTimers();
    const device = recorder(4);
    const reboot = vi.fn();
    const answer = dvr.commands!.reboot!(device, {}, { ...commandContext(new Date(NOW)), reboot });
    expect(answer).toMatchObject({ ok: true });
    expect(reboot).not.toHaveBeenCalled();
    vi.advanceTimersByTime(400);
    expect(reboot).toHaveBeenCalledWith(5000);
    vi.useRealTimers();
    expect(run(device, 'synctime', { time: '2026-11-28T12:00:00Z' })).toMatchObject({ ok: true });
    expect(device.state.syncedAt).toBe('2026-11-28T12:00:00Z');
    expect(run(device, 'synctime', {})).toMatchObject({ ok: false });
  });
});

const FFMPEG = simFfmpeg();
afterAll(() => dvrReplays().close());

/** The frames of a finite MPEG-TS stream at `url` as 64×36 grey pixels each (or the part `crop` (w:h:x:y) names). */
async function framesOf(url: string, crop?: [number, number, number, number]) {
  const size = crop ? crop[0] * crop[1] : 2304;
  const res = await fetch(url);
  const ts = Buffer.from(await res.arrayBuffer());
  expect(res.status).toBe(200);
  expect(ts[0]).toBe(0x47);
  return new Promise<Buffer[]>((resolve) => {
    const ff = spawn(FFMPEG!, [
      ...['-hide_banner', '-loglevel', 'error', '-f', 'mpegts', '-i', 'pipe:0'],
      ...['-vf', crop ? `crop=${crop.join(':')}` : 'scale=64:36', '-pix_fmt', 'gray', '-f', 'rawvideo', 'pipe:1'],
    ]);
    const out: Buffer[] = [];
    ff.stdout.on('data', (b: Buffer) => out.push(b));
    ff.on('close', () => {
      const all = Buffer.concat(out);
      resolve(Array.from({ length: Math.floor(all.length / size) }, (_, i) => all.subarray(i * size, (i + 1) * size)));
    });
    ff.stdin.end(ts);
  });
}
const difference = (a: Buffer, b: Buffer) => a.reduce((sum, v, i) => sum + Math.abs(v - b[i]!), 0) / a.length;

describe.skipIf(!FFMPEG)('a simulated recorder’s replay', () => {
  const replay = (device: ReturnType<typeof recorder>, args: Record<string, unknown>, now = Date.now()) =>
    dvr.commands!.replay!(device, args, commandContext(new Date(now))) as Promise<{
      ok: boolean;
      error?: string;
      result?: { url: string; codec: string; seconds: number; speed: number };
    }>;

  it('streams a file of a channel once as finite H.264, its name, channel and recorded time on the picture', async () => {
    const device = recorder(4);
    const now = Date.now();
    const from = new Date(now - 3_600_000).toISOString();
    const to = new Date(now - 3_600_000 + 20_000).toISOString();
    const second = await replay(device, { channel: 2, from, to }, now);
    expect(second).toMatchObject({ ok: true, result: { codec: 'h264', seconds: 20, speed: 1 } });
    const pictures = await framesOf(second.result!.url);
    // 20 s at 10 frames a second, the picture moving.
    expect(pictures.length).toBeGreaterThanOrEqual(195);
    expect(pictures.length).toBeLessThanOrEqual(205);
    expect(difference(pictures[0]!, pictures.at(-1)!)).toBeGreaterThan(5);
    // The same period of another channel says so on its picture (the line with the name and channel).
    const LABEL: [number, number, number, number] = [400, 32, 0, 46];
    const first = await replay(device, { channel: 1, from, to }, now);
    const [one] = await framesOf(first.result!.url, LABEL);
    const [two] = await framesOf(second.result!.url, LABEL);
    expect(difference(one!, two!)).toBeGreaterThan(0.3);
    // A half-hour file plays in a minute, 30 times as fast.
    const long = await replay(
      device,
      { channel: 1, from, to: new Date(Date.parse(from) + 30 * 60_000).toISOString() },
      now,
    );
    expect(long.result).toMatchObject({ seconds: 60, speed: 30 });
  }, 60_000);

  it('refuses a channel it does not have, a wrong period and a file it does not keep', async () => {
    const device = recorder(4);
    const now = Date.now();
    const at = (ms: number) => new Date(now + ms).toISOString();
    expect(await replay(device, { channel: 5, from: at(-120_000), to: at(-60_000) }, now)).toMatchObject({
      ok: false,
      error: 'no such channel',
    });
    expect(await replay(device, { channel: 1, from: at(-60_000), to: at(-120_000) }, now)).toMatchObject({ ok: false });
    expect(await replay(device, { channel: 1, from: at(60_000), to: at(120_000) }, now)).toMatchObject({
      ok: false,
      error: 'no such file',
    });
    const old = -(KEPT_DAYS + 1) * 86_400_000;
    expect(await replay(device, { channel: 1, from: at(old), to: at(old + 60_000) }, now)).toMatchObject({ ok: false });
    expect(await replay(device, { channel: 1, from: at(-26 * 3_600_000), to: at(-60_000) }, now)).toMatchObject({
      ok: false,
      error: 'period too long',
    });
  });
});
