import { ENV_READINGS } from '@sc/contract';
import { describe, expect, it } from 'vitest';
import { environment, lampsOn, sunElevation } from './cycles.js';

const place = { lng: 119.5, lat: 32.17, offset: 0.4 };
/** A day in summer and one in winter, every 10 minutes. */
const days = [Date.UTC(2025, 6, 1), Date.UTC(2025, 0, 15)];
const times = days.flatMap((day) => Array.from({ length: 144 }, (_, i) => new Date(day + i * 600_000)));
/** Local solar hour 0-24 of a UTC time at this longitude (UTC+~8h). */
const local = (at: Date) => (at.getUTCHours() + at.getUTCMinutes() / 60 + place.lng / 15) % 24;

describe('daily cycles', () => {
  it('keep every environment reading within its range over a day, at every offset', () => {
    for (const offset of [0, 0.5, 0.999])
      for (const at of times) {
        const values = environment(at, { ...place, offset });
        for (const r of ENV_READINGS) {
          const v = values[r.key]!;
          expect(Number.isFinite(v), r.key).toBe(true);
          expect(v, `${r.key} at ${at.toISOString()}`).toBeGreaterThanOrEqual(r.min);
          expect(v, `${r.key} at ${at.toISOString()}`).toBeLessThanOrEqual(r.max);
        }
      }
  });

  it('follow the day: warmer and brighter in the afternoon, PM2.5 higher at rush hour, pressure near 101 kPa', () => {
    const day = times.slice(0, 144);
    const distance = (t: Date, hour: number) => Math.min(Math.abs(local(t) - hour), 24 - Math.abs(local(t) - hour));
    const at = (hour: number) => day.reduce((best, t) => (distance(t, hour) < distance(best, hour) ? t : best));
    const mean = (hour: number, key: string) =>
      Array.from({ length: 30 }, () => environment(at(hour), place)[key]!).reduce((a, b) => a + b, 0) / 30;
    expect(mean(15, 'temperature')).toBeGreaterThan(mean(4, 'temperature') + 5);
    expect(mean(15, 'humidity')).toBeLessThan(mean(4, 'humidity'));
    expect(mean(8, 'pm25')).toBeGreaterThan(mean(3, 'pm25') + 30);
    expect(mean(14, 'noise')).toBeGreaterThan(mean(2, 'noise') + 10);
    expect(mean(12, 'light')).toBeGreaterThan(20_000);
    expect(mean(0, 'light')).toBeLessThan(50);
    expect(Math.abs(mean(12, 'atmosphere') - 101.3)).toBeLessThan(1.5);
    expect(sunElevation(at(12), place.lng, place.lat)).toBeGreaterThan(60);
    expect(lampsOn(at(23), place)).toBe(true);
    expect(lampsOn(at(12), place)).toBe(false);
  });
});
