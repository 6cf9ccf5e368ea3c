import { circuitBit, fromMtcTime, MTC_READINGS, sunTimes, toMtcTime } from '@sc/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lighting } from './lighting.js';
import { clearFeeders, feederOf, mtc } from './mtc.js';
import { commandContext, localMinute, simDevice } from './test-fixtures.js';
import type { SimDevice } from './types.js';

const device = (type: string, equipmentId: string, props: Record<string, unknown> = {}, parent: string | null = null) =>
  simDevice(type, equipmentId, { props, parent });
const cabinet = (id = 'MTC1', count = 4) => {
  const d = device('mtc', id, { circuitCount: count });
  mtc.init!(d);
  d.state.driftMs = 0;
  return d;
};
const ctxAt = (d: SimDevice, now: Date) => commandContext(now, () => mtc.telemetry!(d, now));
const at = localMinute;

afterEach(() => {
  clearFeeders();
  vi.restoreAllMocks();
});

describe('simulated cabinets', () => {
  it('run dusk to dawn on every circuit until sent policies, reporting three phases in range', () => {
    const c = cabinet();
    const sun = sunTimes('2026-12-21', c.place, 8);
    const day = mtc.telemetry!(c, at('2026-12-21', sun.sunset! - 5))!;
    expect(day).toMatchObject({ circuitActual: 0, circuitsOn: 0, circuitCount: 4 });
    const night = mtc.telemetry!(c, at('2026-12-21', sun.sunset! + 5))!;
    expect(night).toMatchObject({ circuitActual: 15, circuitSetting: 15, circuitsOn: 4, mode: 'policy' });
    expect(Number(night.currentA)).toBeGreaterThan(Number(day.currentA));
    for (const r of MTC_READINGS) {
      const v = night[r.key];
      expect(v, r.key).not.toBeUndefined();
      expect(Number(v), r.key).toBeGreaterThanOrEqual(r.min);
      expect(Number(v), r.key).toBeLessThanOrEqual(r.max);
    }
    expect(fromMtcTime(Number(night.deviceTime)).getTime()).toBe(at('2026-12-21', sun.sunset! + 5).getTime());
  });

  it('run the policies they are sent on their own clock, and a manual switch until the schedule moves', () => {
    const c = cabinet();
    const now = at('2026-06-21', 12 * 60);
    const policies = [
      {
        id: 1,
        inUse: true,
        timeMode: 'absolute',
        cycle: { mode: 'everyday' },
        units: [
          { time: '18:00', offset: 0, circuits: [1, 2] },
          { time: '23:00', offset: 0, circuits: [1] },
          { time: '05:00', offset: 0, circuits: [] },
        ],
      },
    ];
    expect(mtc.commands!.policy!(c, { policies, timezone: 8 }, ctxAt(c, now))).toMatchObject({ ok: true });
    expect(mtc.telemetry!(c, at('2026-06-21', 18 * 60 + 1))!.circuitActual).toBe(3);
    expect(mtc.telemetry!(c, at('2026-06-21', 23 * 60 + 1))!.circuitActual).toBe(1);
    // Manual: circuit 4 on now; the next step of the schedule (05:00) takes over again.
    const t = at('2026-06-22', 60);
    expect(mtc.commands!.switch!(c, { circuit: 4, on: true }, ctxAt(c, t))).toMatchObject({ ok: true });
    expect(mtc.telemetry!(c, t)!.circuitActual).toBe(1 + 8);
    expect(mtc.telemetry!(c, at('2026-06-22', 5 * 60 + 1))!.circuitActual).toBe(0);
    // Manual mode holds what it was switched to.
    mtc.commands!.mode!(c, { mode: 'manual' }, ctxAt(c, t));
    mtc.commands!.multiswitch!(
      c,
      {
        circuits: [
          { circuit: 2, on: true },
          { circuit: 3, on: true },
        ],
      },
      ctxAt(c, t),
    );
    // Entering manual mode keeps what was on (circuit 1), then 2 and 3 go on.
    expect(mtc.telemetry!(c, at('2026-06-22', 20 * 60))!.circuitActual).toBe(1 + 2 + 4);
    expect(mtc.commands!.switch!(c, { circuit: 5, on: true }, ctxAt(c, t))).toMatchObject({ ok: false });
  });

  it('correct their clock from UTC+8 seconds, answer their version and take firmware in chunks', () => {
    const c = cabinet();
    const now = new Date('2026-11-22T08:00:00Z');
    c.state.driftMs = 90_000;
    mtc.commands!.correcttime!(c, { time: toMtcTime(now) }, ctxAt(c, now));
    expect(c.state.driftMs).toBe(0);
    expect(mtc.commands!.version!(c, {}, ctxAt(c, now))).toEqual({ ok: true, result: { version: 'MTC1.0.00' } });
    mtc.commands!.upgrade!(c, { index: 0, total: 2, version: 'MTC1.1.00', data: 'AA==' }, ctxAt(c, now));
    mtc.commands!.upgrade!(c, { index: 1, total: 2, version: 'MTC1.1.00', data: 'AA==' }, ctxAt(c, now));
    expect(mtc.telemetry!(c, now)!.version).toBe('MTC1.1.00');
    expect(mtc.events!(c, null, now).map((e) => e.code)).toContain('UPGRADE_RESULT');
  });

  it('raise cable theft, over current and the door now and then, and restore them', () => {
    const c = cabinet();
    const night = at('2026-12-21', 22 * 60);
    vi.spyOn(Math, 'random').mockReturnValue(0);
    mtc.telemetry!(c, night);
    mtc.events!(c, null, night); // draws: theft on circuit 1, a surge, the door
    const v = mtc.telemetry!(c, new Date(night.getTime() + 10_000))!;
    expect(circuitBit(Number(v.circuitCableTheft), 1)).toBe(true);
    expect(circuitBit(Number(v.circuitActual), 1)).toBe(false);
    const codes = mtc.events!(c, v, new Date(night.getTime() + 10_000));
    expect(codes.filter((e) => e.type === 'occur').map((e) => e.code)).toEqual(
      expect.arrayContaining(['CABLE_THEFT', 'OVER_CURRENT', 'DOOR_OPEN']),
    );
    expect(codes.find((e) => e.code === 'CABLE_THEFT')).toMatchObject({ level: 'alarm', detail: { circuit: 1 } });
    vi.spyOn(Math, 'random').mockReturnValue(0.99);
    const later = new Date(night.getTime() + 5 * 3_600_000);
    mtc.events!(c, null, later);
    mtc.telemetry!(c, later);
    const restored = mtc.events!(c, null, later);
    expect(restored.filter((e) => e.type === 'restore').map((e) => e.code)).toEqual(
      expect.arrayContaining(['CABLE_THEFT', 'OVER_CURRENT', 'DOOR_OPEN']),
    );
  });
});

describe('lamps on a cabinet circuit', () => {
  it('go dark in their own reports when their circuit is switched off, and report at once when it is back', () => {
    const c = cabinet('MTC7', 4);
    const lamp = device('lighting', 'LCU0002', { ratedPower: 100, feederNo: c.plan.no, feederCircuit: 3 }, null);
    lighting.init!(lamp);
    lamp.state.driftMs = 0;
    expect(feederOf(lamp)).toMatchObject({ cabinet: c, circuit: 3 });
    const night = at('2026-12-21', 21 * 60);
    expect(lighting.telemetry!(lamp, night)!.on).toBe(1);
    lamp.nextTelemetry = Number.POSITIVE_INFINITY;
    mtc.commands!.switch!(c, { circuit: 3, on: false }, ctxAt(c, night));
    const dark = lighting.telemetry!(lamp, new Date(night.getTime() + 1000))!;
    expect(dark).toMatchObject({ on: 0, level: 0 });
    // The lamp reports within two seconds of its circuit switching, not at its next interval.
    expect(lamp.nextTelemetry).toBeLessThan(Date.now() + 2000);
    lamp.nextTelemetry = Number.POSITIVE_INFINITY;
    mtc.commands!.switch!(c, { circuit: 4, on: false }, ctxAt(c, night));
    expect(lamp.nextTelemetry).toBe(Number.POSITIVE_INFINITY);
    // Another circuit stays lit; a lamp whose parent is the cabinet names its circuit.
    const other = device('lighting', 'LCU0009', { ratedPower: 100, circuit: 2 }, 'MTC7');
    lighting.init!(other);
    other.state.driftMs = 0;
    expect(feederOf(other)).toMatchObject({ circuit: 2 });
    expect(lighting.telemetry!(other, new Date(night.getTime() + 1000))!.on).toBe(1);
  });

  it('keep their own schedule when no cabinet feeds them', () => {
    const lamp = device('lighting', 'LCU0002', { ratedPower: 100 });
    lighting.init!(lamp);
    lamp.state.driftMs = 0;
    expect(feederOf(lamp)).toBeNull();
    expect(lighting.telemetry!(lamp, at('2026-12-21', 21 * 60))!.on).toBe(1);
  });
});
