import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TIMEZONE_STORAGE_KEY } from '../time';
import { readingsChartOption } from './readings-chart';

const ENERGY = [{ key: 'energy', unit: 'kWh', label: '能耗' }];
/** The x values of the first series (ECharts reads them on a UTC clock shifted to the system timezone). */
const xs = (points: { at: string; energy: number }[]) =>
  (readingsChartOption(points, ENERGY).series as { data: [number, unknown][] }[])[0]!.data.map(([x]) => x);

beforeEach(() => localStorage.setItem(TIMEZONE_STORAGE_KEY, '8'));
afterEach(() => localStorage.removeItem(TIMEZONE_STORAGE_KEY));

describe('readings chart times', () => {
  it('puts a day given as a date at its midnight in the system timezone, as the same instant would be', () => {
    const [day] = xs([{ at: '2026-11-27', energy: 3.2 }]);
    const [midnight] = xs([{ at: '2026-11-26T16:00:00Z', energy: 3.2 }]);
    // On the chart's clock: 2026-11-27 00:00, not 08:00 (a date read as UTC midnight).
    expect(new Date(day!).toISOString()).toBe('2026-11-27T00:00:00.000Z');
    expect(day).toBe(midnight);
  });

  it('shifts an instant into the system timezone', () => {
    const [x] = xs([{ at: '2026-11-27T02:30:00Z', energy: 1 }]);
    expect(new Date(x!).toISOString()).toBe('2026-11-27T10:30:00.000Z');
  });
});
