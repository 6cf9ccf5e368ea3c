import { NSC_MIC_PLAYING, type NscTimerArgs } from '@sc/contract/families/nsc';
import { describe, expect, it } from 'vitest';
import { nsc } from './nsc.js';
import { commandContext, simDevice } from './test-fixtures.js';
import type { SimDevice } from './types.js';

const speaker = () => simDevice('nsc', 'EQNSCVOD', { props: { volume: 30 }, family: nsc });
const ctxAt = (device: SimDevice, at: Date) => commandContext(at, () => nsc.telemetry!(device, at));
const run = (device: SimDevice, command: string, args: Record<string, unknown>, at: Date) =>
  nsc.commands![command]!(device, args, ctxAt(device, at));
const later = (at: Date, seconds: number) => new Date(at.getTime() + seconds * 1000);

/** 10:00 UTC+8 on Monday 2 March 2026: outside the speakers' own programme. */
const T0 = new Date('2026-03-02T02:00:00Z');
const vod = {
  vodId: 9,
  name: 'Noon',
  volume: 70,
  repeat: 2,
  media: [
    { id: 1, name: 'Bells', duration: 5 },
    { id: 2, name: 'Chime', duration: 10 },
  ],
};

describe('network speaker simulator, voice on demand', () => {
  it('plays the list repeat times at its volume, reporting what, where and which round, then finishes', async () => {
    const device = speaker();
    const answer = await run(device, 'vod', vod, T0);
    expect(answer).toMatchObject({
      ok: true,
      result: {
        values: { status: 'playing', playing: 'Bells', vodId: 9, vodState: 'playing', vodRound: 1, volume: 70 },
      },
    });
    expect(nsc.telemetry!(device, later(T0, 7))).toMatchObject({ playing: 'Chime', position: 2, vodRound: 1 });
    expect(nsc.telemetry!(device, later(T0, 16))).toMatchObject({ playing: 'Bells', position: 1, vodRound: 2 });
    expect(nsc.telemetry!(device, later(T0, 31))).toMatchObject({
      status: 'idle',
      playing: null,
      volume: 30,
      vodId: 9,
      vodState: 'finished',
      vodRound: 2,
    });
    expect((await run(device, 'vod', { ...vod, media: [] }, T0)).ok).toBe(false);
  });

  it('pauses where it is, continues from there, changes volume and stops', async () => {
    const device = speaker();
    await run(device, 'vod', vod, T0);
    const paused = await run(device, 'vodpause', { vodId: 9 }, later(T0, 7));
    expect(paused).toMatchObject({
      ok: true,
      result: { values: { status: 'idle', vodState: 'paused', playing: null } },
    });
    expect(nsc.telemetry!(device, later(T0, 60))).toMatchObject({ vodState: 'paused' });
    await run(device, 'vodresume', { vodId: 9 }, later(T0, 60));
    // 7 s played before the pause, 1 s after: 8 s in, 3 s into Chime.
    expect(nsc.telemetry!(device, later(T0, 61))).toMatchObject({ vodState: 'playing', playing: 'Chime', position: 3 });
    const louder = await run(device, 'vodvolume', { vodId: 9, volume: 90 }, later(T0, 62));
    expect(louder).toMatchObject({ ok: true, result: { values: { volume: 90 } } });
    expect((await run(device, 'vodvolume', { vodId: 9, volume: 101 }, later(T0, 62))).ok).toBe(false);
    expect((await run(device, 'vodpause', { vodId: 8 }, later(T0, 62))).ok).toBe(false);
    const stopped = await run(device, 'vodstop', { vodId: 9 }, later(T0, 63));
    expect(stopped).toMatchObject({ ok: true, result: { values: { vodState: 'finished', status: 'idle' } } });
    expect((await run(device, 'vodresume', { vodId: 9 }, later(T0, 64))).ok).toBe(false);
  });

  it('reports the end at once when its run is over', async () => {
    const device = speaker();
    const reports: Record<string, unknown>[] = [];
    const ctx = commandContext(new Date(), () => {
      const values = nsc.telemetry!(device, new Date())!;
      reports.push(values);
      return values;
    });
    await nsc.commands!.vod!(device, { ...vod, repeat: 1, media: [{ id: 1, name: 'Blip', duration: 0.2 }] }, ctx);
    await new Promise((r) => setTimeout(r, 400));
    expect(reports.at(-1)).toMatchObject({ vodId: 9, vodState: 'finished' });
  });
});

describe('network speaker simulator, timer broadcasts', () => {
  const timer = (more: Partial<NscTimerArgs> = {}): NscTimerArgs => ({
    timerId: 3,
    name: 'Morning',
    type: 'file',
    mode: 'week',
    weekdays: [1],
    date: null,
    startTime: '10:00:00',
    durationSeconds: 60,
    volume: 65,
    tz: 8,
    media: [{ id: 1, name: 'Anthem', duration: 25 }],
    ...more,
  });

  it('plays a file timer on its days from its start for its duration, its media in a loop', async () => {
    const device = speaker();
    expect((await run(device, 'timers', { timers: [timer()] }, T0)).ok).toBe(true);
    expect(nsc.telemetry!(device, later(T0, 30))).toMatchObject({
      status: 'playing',
      playing: 'Anthem',
      position: 5,
      timerId: 3,
      volume: 65,
    });
    expect(nsc.telemetry!(device, later(T0, 61))).toMatchObject({ status: 'idle', volume: 30 });
    // Tuesday: not its day.
    expect(nsc.telemetry!(device, later(T0, 86_400 + 30))).toMatchObject({ status: 'idle' });
    expect((await run(device, 'timers', { timers: [{ timerId: 1 }] }, T0)).ok).toBe(false);
  });

  it('brings its next report forward to when a timer starts and ends', async () => {
    const device = speaker();
    await run(device, 'timers', { timers: [timer({ startTime: '10:05:00' })] }, T0);
    device.nextTelemetry = T0.getTime() + 3_600_000;
    nsc.telemetry!(device, T0);
    expect(device.nextTelemetry).toBe(T0.getTime() + 300_000);
    device.nextTelemetry = T0.getTime() + 3_600_000;
    nsc.telemetry!(device, later(T0, 301));
    expect(device.nextTelemetry).toBe(T0.getTime() + 360_000);
  });

  it('plays its microphone input with a level for a mic timer, until stopped', async () => {
    const device = speaker();
    await run(
      device,
      'timers',
      { timers: [timer({ type: 'mic', mode: 'single', date: '2026-03-02', media: [] })] },
      T0,
    );
    const values = nsc.telemetry!(device, later(T0, 10))!;
    expect(values).toMatchObject({ status: 'playing', playing: NSC_MIC_PLAYING, timerId: 3 });
    expect(values.micLevel).toBeGreaterThanOrEqual(0);
    expect(values.micLevel).toBeLessThanOrEqual(100);
    await run(device, 'stop', {}, later(T0, 11));
    expect(nsc.telemetry!(device, later(T0, 12))).toMatchObject({ status: 'idle' });
    await run(device, 'timers', { timers: [] }, T0);
    expect(device.state.timers).toEqual([]);
  });

  it('lets an on-demand task play over a timer', async () => {
    const device = speaker();
    await run(device, 'timers', { timers: [timer()] }, T0);
    await run(device, 'vod', vod, later(T0, 5));
    expect(nsc.telemetry!(device, later(T0, 6))).toMatchObject({ playing: 'Bells', vodState: 'playing' });
    expect(nsc.telemetry!(device, later(T0, 40))).toMatchObject({
      playing: 'Anthem',
      timerId: 3,
      vodState: 'finished',
    });
  });
});
