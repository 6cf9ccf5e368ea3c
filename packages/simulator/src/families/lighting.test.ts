import { LIGHTING_READINGS, sunTimes } from '@sc/contract';
import { describe, expect, it } from 'vitest';
import { lighting } from './lighting.js';
import { commandContext, localMinute, simDevice } from './test-fixtures.js';
import type { SimDevice } from './types.js';

const lamp = () => simDevice('lighting', 'LCU1', { props: { ratedPower: 150 }, family: lighting });
const ctxAt = (device: SimDevice, now: Date) => commandContext(now, () => lighting.telemetry!(device, now));
const at = localMinute;

describe('simulated lamps', () => {
  it('light at sunset and go dark at sunrise at their coordinates, power following level', () => {
    const d = lamp();
    d.state.driftMs = 0;
    const sun = sunTimes('2026-12-21', d.place, 8);
    d.state.at = at('2026-12-21', sun.sunset! - 10).getTime();
    const before = lighting.telemetry!(d, at('2026-12-21', sun.sunset! - 5))!;
    expect(before.on).toBe(0);
    const after = lighting.telemetry!(d, at('2026-12-21', sun.sunset! + 5))!;
    expect(after).toMatchObject({ on: 1, level: 100 });
    expect(Number(after.activePower)).toBeGreaterThan(140);
    const night = lighting.telemetry!(d, at('2026-12-22', 120))!;
    expect(night.level).toBe(60);
    expect(Number(night.activePower)).toBeGreaterThan(150 * 0.6 * 0.9);
    expect(Number(night.activePower)).toBeLessThan(150 * 0.6 * 1.05);
    expect(lighting.telemetry!(d, at('2026-12-22', sun.sunrise! + 30))!.on).toBe(0);
    for (const r of LIGHTING_READINGS) {
      const v = night[r.key];
      if (v === undefined) continue;
      expect(Number(v), r.key).toBeGreaterThanOrEqual(r.min);
      expect(Number(v), r.key).toBeLessThanOrEqual(r.max);
    }
  });

  it('accumulates energy and answers commands: dim, reset, runmode without policy, policydef, clearsum', async () => {
    const d = lamp();
    const t0 = at('2026-12-21', 20 * 60);
    d.state.at = t0.getTime();
    const total0 = Number(d.state.energyTotal);
    const v = lighting.telemetry!(d, new Date(t0.getTime() + 3_600_000))!;
    expect(Number(v.energyTotal) - total0).toBeCloseTo(0.15, 1);
    const now = new Date(t0.getTime() + 3_600_000);
    const dim = await lighting.commands!.dim!(d, { level: 30 }, ctxAt(d, now));
    expect(dim.ok).toBe(true);
    expect((dim.result as { values: { level: number } }).values.level).toBe(30);
    expect(lighting.events!(d, null, now).map((e) => e.code)).toEqual(['99']);
    expect(
      await lighting.commands!.runmode!(d, { runMode: 'chronology', policyMode: 'policy' }, ctxAt(d, now)),
    ).toEqual({
      ok: false,
      error: 'NO_POLICY',
    });
    const allDay = [
      {
        id: 1,
        inUse: true,
        cycle: { mode: 'everyday' },
        units: [{ type: 'eco', level: 20, start: { kind: 'clock', time: '00:00' } }],
      },
    ];
    expect((await lighting.commands!.policydef!(d, { policies: allDay, timezone: 8 }, ctxAt(d, now))).ok).toBe(true);
    expect(lighting.telemetry!(d, now)!.level).toBe(20);
    await lighting.commands!.reset!(d, { hours: 2 }, ctxAt(d, now));
    expect(lighting.telemetry!(d, new Date(now.getTime() + 3_600_000))!.on).toBe(0);
    expect((await lighting.commands!.poweron!(d, {}, ctxAt(d, now))).ok).toBe(false);
    await lighting.commands!.clearsum!(d, {}, ctxAt(d, now));
    expect(Number(d.state.energyTotal)).toBe(0);
    const time = await lighting.commands!.correcttime!(d, { time: now.toISOString() }, ctxAt(d, now));
    expect((time.result as { deviceTime: string }).deviceTime).toMatch(/^2026-12-21 21:00:00$/);
  });
});
