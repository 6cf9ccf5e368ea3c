import { describe, expect, it } from 'vitest';
import { scopedNo } from '../validation/rules';
import { planDevices } from './plan';

describe('demo device plan', () => {
  it('numbers each device with its whole type code, valid and unique', () => {
    const devices = planDevices(0, 600);
    for (const d of devices) {
      expect(d.no).toBe(`${d.type.toUpperCase()}-${d.no.slice(-6)}`);
      expect(scopedNo().safeParse(d.no).success).toBe(true);
    }
    expect(new Set(devices.map((d) => d.no)).size).toBe(devices.length);
    expect(devices.find((d) => d.type === 'watthourmeter')?.no).toMatch(/^WATTHOURMETER-\d{6}$/);
  });
});
