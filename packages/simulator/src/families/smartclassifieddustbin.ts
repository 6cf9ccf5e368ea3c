import { SCD_FREE_DISTANCE } from '@sc/contract/families/scd';
import { clamp, round, solarHour } from '../cycles.js';
import { type FamilySim, hourSteps, type SimDevice, threshold } from './types.js';

/** Rubbish thrown in per hour (cm) by solar hour: little at night, peaks at breakfast, lunch and dinner. */
export const fillRate = hourSteps([6, 7, 9.5, 11, 13.5, 17, 20.5], [0.4, 1.5, 6, 3, 5, 3, 6, 1.5]);

/** The bin's thresholds: what the platform last sent it, else its planned properties. */
function thresholds(device: SimDevice) {
  const sent = (device.state.config ?? {}) as Record<string, unknown>;
  const pick = (key: string, fallback: number) => Number(sent[key] ?? device.plan.props[key] ?? fallback);
  return {
    full: pick('fullThreshold', 70),
    overfill: pick('overfillThreshold', 90),
    free: pick('freeDistance', SCD_FREE_DISTANCE.default),
  };
}

/** Hours a full bin waits for the collector (busier districts are served sooner). */
const collectorDelayHours = (device: SimDevice) => 1 + device.place.offset * 3;
/** Rubbish left in a bin just emptied (cm). */
const EMPTIED = 2;

/**
 * Smart dustbins (docs/device-protocol.md "Smart dustbins"): rubbish rises at a rate that follows the
 * hour of day; a bin that reached its full threshold is emptied by the collector a few hours later (or
 * by the morning round once past half), so FULL and OVERFILL occur and are restored. Reports the
 * distance from the lid to the rubbish, how full it is, the weight and the battery.
 */
export const smartclassifieddustbin: FamilySim = {
  type: 'smartclassifieddustbin',
  firmware: 'SCD-2.1.0',
  init: (device) => {
    device.state.height = thresholds(device).free * device.place.offset * 0.6;
    device.state.battery = 100 - device.place.offset * 40;
    device.state.at = Date.now();
  },
  telemetry: (device, at) => {
    const { full, free } = thresholds(device);
    const last = Number(device.state.at ?? at.getTime());
    const hours = Math.max(0, at.getTime() - last) / 3_600_000;
    const hour = solarHour(at, device.place.lng);
    const pace = 0.6 + device.place.offset * 0.8;
    let height = Number(device.state.height ?? 0) + fillRate(hour) * pace * hours;
    if (height >= full && device.state.fullSince === undefined) device.state.fullSince = at.getTime();
    const waited = (at.getTime() - Number(device.state.fullSince ?? at.getTime())) / 3_600_000;
    const collected = waited >= collectorDelayHours(device) || (hour >= 6 && hour < 7 && height > free / 2);
    if (collected) {
      height = EMPTIED;
      delete device.state.fullSince;
    }
    device.state.height = clamp(height, 0, free);
    // A battery model loses about 1 % a day and is swapped at 20 %.
    const battery = Number(device.state.battery ?? 100) - hours / 24;
    device.state.battery = battery < 20 ? 100 : battery;
    device.state.at = at.getTime();
    const level = Number(device.state.height);
    return {
      distance: round(free - level),
      fill: Math.round((level / free) * 100),
      weight: round(level * 0.35, 2),
      battery: Math.round(Number(device.state.battery)),
    };
  },
  events: (device) => {
    const { full, overfill } = thresholds(device);
    const height = round(Number(device.state.height ?? 0));
    // At or above a threshold (whole centimetres); restored once the bin is emptied below half of it.
    return [
      ...threshold(device, 'FULL', height, full - 0.5, full / 2, { height, threshold: full }),
      ...threshold(device, 'OVERFILL', height, overfill - 0.5, overfill / 2, { height, threshold: overfill }),
    ];
  },
  commands: {
    realdata: (_device, _args, ctx) => ({ ok: true, result: { values: ctx.report() } }),
    config: (device, args) => {
      const full = Number(args.fullThreshold);
      const overfill = Number(args.overfillThreshold);
      if (!Number.isInteger(full) || !Number.isInteger(overfill) || full >= overfill)
        return { ok: false, error: 'bad thresholds' };
      device.state.config = { ...args };
      return { ok: true, result: args };
    },
  },
};
