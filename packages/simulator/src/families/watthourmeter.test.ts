import { WHM_READINGS } from '@sc/contract/families/whm';
import { describe, expect, it } from 'vitest';
import type { CommandContext, SimDevice } from './types.js';
import { meterLoad, watthourmeter } from './watthourmeter.js';

const place = { lng: 116.4, lat: 39.9, offset: 0.3 };
const meter = (): SimDevice => {
  const device = { place, state: {} } as unknown as SimDevice;
  watthourmeter.init!(device);
  device.state.at = Date.UTC(2026, 5, 1, 0, 0);
  return device;
};

describe('watt-hour meter simulator', () => {
  it('has a register that only grows over two days, within every reading range', () => {
    const device = meter();
    let last = -1;
    let consumed = 0;
    for (let m = 5; m <= 2 * 24 * 60; m += 5) {
      const values = watthourmeter.telemetry!(device, new Date(Date.UTC(2026, 5, 1, 0, m)))!;
      expect(values.reading as number).toBeGreaterThanOrEqual(last);
      last = values.reading as number;
      consumed += values.energy as number;
      for (const r of WHM_READINGS) {
        expect(values[r.key] as number, r.key).toBeGreaterThanOrEqual(r.min);
        expect(values[r.key] as number, r.key).toBeLessThanOrEqual(r.max);
      }
    }
    // The increments add up to what the register gained (rounding aside).
    expect(
      Math.abs(last - Number(watthourmeter.telemetry!(meter(), new Date(Date.UTC(2026, 5, 1)))!.reading) - consumed),
    ).toBeLessThan(1);
    // A time before the last reading adds nothing.
    const back = watthourmeter.telemetry!(device, new Date(Date.UTC(2026, 5, 1, 1)))!;
    expect(back.reading).toBe(last);
    expect(back.energy).toBe(0);
  });

  it('follows the daily load curve: full in the evening, dimmed after midnight, standby by day', () => {
    // Beijing: solar noon about 04:14 UTC.
    const at = (utcHour: number) => meterLoad(new Date(Date.UTC(2026, 5, 1, utcHour)), place);
    expect(at(13)).toBeCloseTo(0.95); // 21:00 local
    expect(at(18)).toBeCloseTo(0.6); // 02:00 local
    expect(at(4)).toBeLessThan(0.1); // noon
  });

  it('answers realdata with a reading and takes a config', async () => {
    const device = meter();
    const ctx = { report: () => ({ reading: 1 }) } as unknown as CommandContext;
    expect(await watthourmeter.commands!.realdata!(device, {}, ctx)).toEqual({
      ok: true,
      result: { values: { reading: 1 } },
    });
    expect(await watthourmeter.commands!.config!(device, { peripheralIndex: 4, pickInterval: 300 }, ctx)).toEqual({
      ok: true,
      result: { peripheralIndex: 4, pickInterval: 300 },
    });
    expect((await watthourmeter.commands!.config!(device, {}, ctx)).ok).toBe(false);
  });
});
