import { describe, expect, it } from 'vitest';
import { familyOf } from '../families/index';
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

  it('feeds every lamp after its district’s first cabinet from a circuit of the nearest cabinet before it', () => {
    const devices = planDevices(0, 600);
    const byNo = new Map(devices.map((d) => [d.no, d]));
    const lamps = devices.filter((d) => d.type === 'lighting');
    const fed = lamps.filter((d) => d.props.feederNo);
    expect(fed.length).toBeGreaterThan(lamps.length * 0.8);
    for (const lamp of fed) {
      const cabinet = byNo.get(String(lamp.props.feederNo))!;
      expect(cabinet.type).toBe('mtc');
      expect(cabinet.district).toBe(lamp.district);
      expect(devices.indexOf(cabinet)).toBeLessThan(devices.indexOf(lamp));
      expect(lamp.props.feederCircuit).toBeGreaterThanOrEqual(1);
      expect(lamp.props.feederCircuit).toBeLessThanOrEqual(Number(cabinet.props.circuitCount));
      expect(familyOf('lighting')!.props.safeParse(lamp.props).success).toBe(true);
    }
  });
});
