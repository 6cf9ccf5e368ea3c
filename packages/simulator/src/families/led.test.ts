import { describe, expect, it } from 'vitest';
import { BUILT_IN, led, NOTICE_MS, playingAt } from './led.js';
import { commandContext, simDevice } from './test-fixtures.js';

const screen = () => simDevice('led', 'LED1', { family: led });
const at = new Date(Date.UTC(2026, 10, 28, 2));

describe('LED screens', () => {
  it('report brightness, volume, power and the notice they show, in turn', () => {
    const device = screen();
    const values = led.telemetry!(device, at)!;
    expect(values).toMatchObject({ volume: 6, power: true });
    expect(values.brightness).toBeGreaterThanOrEqual(1);
    expect(BUILT_IN).toContain(values.playing);
    const shown = new Set(BUILT_IN.map((_, i) => playingAt(device, new Date(at.getTime() + i * NOTICE_MS))));
    expect(shown.size).toBe(BUILT_IN.length);
  });

  it('take control and report the new state at once; refuse what is out of range', async () => {
    const device = screen();
    let reported = 0;
    const ctx = commandContext(at, () => {
      reported += 1;
      return led.telemetry!(device, at);
    });
    const set = await led.commands!.control!(device, { brightness: 42, volume: 15 }, ctx);
    expect(set).toMatchObject({ ok: true, result: { brightness: 42, volume: 15, power: true } });
    expect(reported).toBe(1);
    const off = await led.commands!.control!(device, { power: false }, ctx);
    expect(off).toMatchObject({ ok: true, result: { power: false, playing: null } });
    expect((await led.commands!.control!(device, { brightness: 0 }, ctx)).ok).toBe(false);
    expect((await led.commands!.control!(device, { volume: 16 }, ctx)).ok).toBe(false);
    expect(led.telemetry!(device, at)).toMatchObject({ brightness: 42, volume: 15, power: false });
    expect(await led.commands!.realdata!(device, {}, ctx)).toMatchObject({ ok: true, result: { brightness: 42 } });
  });

  it('take a published program, play it (programs in turn, each for its duration) and report it', async () => {
    const device = screen();
    const ctx = commandContext(at, () => led.telemetry!(device, at));
    const layers = [{ type: 'text', text: { subtype: 'digitalClock' } }];
    const given = await led.commands!.program!(
      device,
      { programId: 4, name: '早间公告', durationSeconds: 30, layers },
      ctx,
    );
    expect(given).toMatchObject({ ok: true, result: { programId: 4, layers: 1, playing: '早间公告' } });
    await led.commands!.program!(device, { programId: 5, name: '晚间公告', durationSeconds: 10, layers }, ctx);
    const start = new Date(Math.ceil(at.getTime() / 40_000) * 40_000);
    expect(playingAt(device, start)).toBe('早间公告');
    expect(playingAt(device, new Date(start.getTime() + 35_000))).toBe('晚间公告');
    // A program published again replaces its earlier version.
    await led.commands!.program!(device, { programId: 4, name: '午间公告', durationSeconds: 30, layers }, ctx);
    expect([playingAt(device, start), playingAt(device, new Date(start.getTime() + 15_000))]).toContain('午间公告');
    expect((await led.commands!.program!(device, { name: 'x' }, ctx)).ok).toBe(false);
  });
});
