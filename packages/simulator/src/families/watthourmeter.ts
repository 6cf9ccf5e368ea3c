import { clamp, jitter, lampsOn, type Place, round, solarHour } from '../cycles.js';
import type { FamilySim, SimDevice, Values } from './types.js';

/**
 * Share of a lighting circuit's rated power drawn at `at` (0-1), in local solar time: lamps full from
 * dusk, dimmed to 60 % from 23:00 to 05:00 (the usual night-saving step), a small standby load by day
 * (controllers, cabinets), with the per-device offset shifting the switching a little.
 */
export function meterLoad(at: Date, place: Place): number {
  if (!lampsOn(at, place)) return 0.05 + 0.03 * place.offset;
  const hour = solarHour(at, place.lng);
  return hour >= 23 || hour < 5 ? 0.6 : 0.95;
}

/**
 * Brings the register up to `at` and answers the reading: energy is power × time since the previous
 * reading, so the register (kWh) only ever grows, whatever the order of calls (a time before the last
 * one adds nothing).
 */
function advance(device: SimDevice, at: Date): Values {
  const rated = 3 + device.place.offset * 9; // kW of the circuit
  const power = Math.max(0, rated * meterLoad(at, device.place) * (1 + jitter(0.04)));
  const last = Number(device.state.at ?? at.getTime());
  const hours = Math.max(0, at.getTime() - last) / 3_600_000;
  const energy = power * hours;
  device.state.energy = Number(device.state.energy) + energy;
  device.state.at = Math.max(last, at.getTime());
  const voltage = 230 + jitter(3);
  const powerFactor = clamp(0.93 + jitter(0.03), 0, 1);
  return {
    reading: round(Number(device.state.energy), 2),
    energy: round(energy, 3),
    power: round(power, 3),
    voltage: round(voltage),
    current: round((power * 1000) / voltage / powerFactor, 2),
    powerFactor: round(powerFactor, 2),
  };
}

/**
 * Watt-hour meters of lighting circuits (docs/device-protocol.md "Watt-hour meters"): a register (kWh)
 * that only grows, following the lamps' daily load curve; `realdata` sends a reading at once, `config`
 * takes the peripheral index and pick interval.
 */
export const watthourmeter: FamilySim = {
  type: 'watthourmeter',
  firmware: 'WHM-1.2.0',
  init: (device) => {
    device.state.energy = round(5000 + device.place.offset * 40_000, 2);
    device.state.at = Date.now();
  },
  telemetry: (device, at) => advance(device, at),
  commands: {
    realdata: (_device, _args, ctx) => ({ ok: true, result: { values: ctx.report() } }),
    config: (device, args) => {
      const index = Number(args.peripheralIndex);
      const interval = Number(args.pickInterval);
      if (!Number.isInteger(index) || !Number.isInteger(interval)) return { ok: false, error: 'bad config' };
      device.state.peripheralIndex = index;
      device.state.pickInterval = interval;
      return { ok: true, result: { peripheralIndex: index, pickInterval: interval } };
    },
  },
};
