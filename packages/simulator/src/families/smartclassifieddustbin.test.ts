import { SCD_READINGS } from '@sc/contract/families/scd';
import { describe, expect, it } from 'vitest';
import { fillRate, smartclassifieddustbin as scd } from './smartclassifieddustbin.js';
import type { CommandContext, SimDevice, SimEvent } from './types.js';

const START = Date.UTC(2026, 5, 1, 0, 0);
/** A bin at Beijing's longitude (solar noon about 04:14 UTC), empty at the start. */
const bin = (offset = 0.5): SimDevice => {
  const device = {
    place: { lng: 116.4, lat: 39.9, offset },
    plan: { props: { fullThreshold: 70, overfillThreshold: 90, freeDistance: 100 } },
    state: {},
  } as unknown as SimDevice;
  scd.init!(device);
  device.state.height = 0;
  device.state.at = START;
  return device;
};

/** Runs the bin over `hours` at 10-minute reports; answers every report and event. */
function run(device: SimDevice, hours: number) {
  const reports: Record<string, unknown>[] = [];
  const events: SimEvent[] = [];
  for (let m = 10; m <= hours * 60; m += 10) {
    const values = scd.telemetry!(device, new Date(START + m * 60_000))!;
    reports.push(values);
    events.push(...scd.events!(device, values, new Date(START + m * 60_000)));
  }
  return { reports, events };
}

describe('smart dustbin simulator', () => {
  it('fills faster at meal times than at night', () => {
    expect(fillRate(8)).toBeGreaterThan(fillRate(3) * 5);
    expect(fillRate(19)).toBeGreaterThan(fillRate(23));
  });

  it('reports within every reading range over three days', () => {
    const { reports } = run(bin(), 72);
    for (const values of reports)
      for (const r of SCD_READINGS) {
        expect(values[r.key] as number, r.key).toBeGreaterThanOrEqual(r.min);
        expect(values[r.key] as number, r.key).toBeLessThanOrEqual(r.max);
      }
  });

  it('raises FULL as an alarm, is emptied by the collector, and restores it', () => {
    const { reports, events } = run(bin(0.9), 72);
    const full = events.filter((e) => e.code === 'FULL');
    expect(full[0]).toMatchObject({ type: 'occur', level: 'alarm' });
    expect(full.some((e) => e.type === 'restore')).toBe(true);
    // Emptied at least once: the fill drops from past the threshold to almost nothing.
    const fills = reports.map((v) => v.fill as number);
    expect(fills.some((f, i) => i > 0 && fills[i - 1]! >= 70 && f < 10)).toBe(true);
  });

  it('raises OVERFILL when the collector is late', () => {
    const device = bin(0.99);
    device.plan.props.fullThreshold = 20;
    device.plan.props.overfillThreshold = 30;
    const { events } = run(device, 24);
    expect(events.find((e) => e.code === 'OVERFILL')).toMatchObject({ type: 'occur', level: 'alarm' });
  });

  it('answers realdata with its values and takes thresholds from config', async () => {
    const device = bin();
    const ctx = { report: () => ({ fill: 12 }) } as unknown as CommandContext;
    expect(await scd.commands!.realdata!(device, {}, ctx)).toEqual({ ok: true, result: { values: { fill: 12 } } });
    const bad = await scd.commands!.config!(device, { fullThreshold: 90, overfillThreshold: 80 }, ctx);
    expect(bad.ok).toBe(false);
    const good = { fullThreshold: 10, overfillThreshold: 95, freeDistance: 100 };
    expect((await scd.commands!.config!(device, good, ctx)).ok).toBe(true);
    const { events } = run(device, 6);
    expect(events[0]).toMatchObject({ code: 'FULL', detail: { threshold: 10 } });
  });
});
