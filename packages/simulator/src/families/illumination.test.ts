import { ILLUM_READINGS } from '@sc/contract/families/illum';
import { describe, expect, it } from 'vitest';
import { sunElevation } from '../cycles.js';
import { daylight, illumination } from './illumination.js';
import { commandContext, simDevice } from './test-fixtures.js';
import type { Values } from './types.js';

const sensor = (lng: number, lat: number, props: Record<string, unknown> = {}) =>
  simDevice('illumination', 'ILM1', { props, place: { lng, lat, offset: 0.3 }, family: illumination });
const day = (lng: number, utcDay = Date.UTC(2025, 5, 21)) =>
  Array.from({ length: 288 }, (_, i) => new Date(utcDay + i * 300_000)).map((at) => ({ at, lng }));

describe('illumination sensors', () => {
  it('follow daylight at their coordinates: bright when the sun is high, dark at night, within range', () => {
    for (const [lng, lat] of [
      [119.5, 32.2],
      [-74, 40.7],
      [151.2, -33.9],
    ] as const) {
      const device = sensor(lng, lat);
      for (const { at } of day(lng)) {
        const value = daylight(at, device);
        const elevation = sunElevation(at, lng, lat);
        expect(value).toBeGreaterThanOrEqual(ILLUM_READINGS[0].min);
        expect(value).toBeLessThanOrEqual(ILLUM_READINGS[0].max);
        if (elevation > 30) expect(value, `${lng} ${at.toISOString()}`).toBeGreaterThan(20);
        if (elevation < -6) expect(value, `${lng} ${at.toISOString()}`).toBeLessThan(0.01);
      }
    }
    // Noon in Nanjing (about 04:00 UTC) is bright, midnight (16:00 UTC) dark.
    const nanjing = sensor(118.8, 32.1);
    expect(daylight(new Date(Date.UTC(2025, 5, 21, 4)), nanjing)).toBeGreaterThan(50);
    expect(daylight(new Date(Date.UTC(2025, 5, 21, 16)), nanjing)).toBeLessThan(0.01);
  });

  it('raise BELOW_THRESHOLD at dusk and restore it at dawn, once each, while enabled', () => {
    const device = sensor(118.8, 32.1, { threshold: 8, enabled: true });
    const events = day(118.8).flatMap(({ at }) => {
      const values = illumination.telemetry!(device, at) as Values;
      return illumination.events!(device, values, at).map((e) => ({ ...e, at }));
    });
    const kinds = events.map((e) => `${e.code}:${e.type}`);
    expect(new Set(kinds)).toEqual(new Set(['BELOW_THRESHOLD:occur', 'BELOW_THRESHOLD:restore']));
    expect(kinds.filter((k) => k.endsWith('occur')).length).toBe(1);
    const disabled = sensor(118.8, 32.1, { threshold: 8, enabled: false });
    const none = day(118.8).flatMap(({ at }) =>
      illumination.events!(disabled, illumination.telemetry!(disabled, at) as Values, at),
    );
    expect(none).toEqual([]);
  });

  it('answer realdata with the light now and config with what they keep', async () => {
    const device = sensor(118.8, 32.1, { threshold: 8 });
    const now = new Date(Date.UTC(2025, 5, 21, 4));
    const ctx = commandContext(now, () => illumination.telemetry!(device, now));
    const read = await illumination.commands!.realdata!(device, {}, ctx);
    expect(read).toMatchObject({ ok: true, result: { illuminance: expect.any(Number), at: now.toISOString() } });
    const set = await illumination.commands!.config!(
      device,
      { threshold: 12.5, peripheralIndex: 3, enabled: false },
      ctx,
    );
    expect(set).toEqual({ ok: true, result: { threshold: 12.5, peripheralIndex: 3, enabled: false } });
    expect((await illumination.commands!.config!(device, { threshold: 900 }, ctx)).ok).toBe(false);
  });
});
