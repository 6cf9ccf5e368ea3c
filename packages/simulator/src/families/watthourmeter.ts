import { jitter, lightingLoad, round } from '../cycles.js';
import type { FamilySim } from './types.js';

/** Watt-hour meters of lighting circuits: the reading (kWh) only ever increases; heavier at night. */
export const watthourmeter: FamilySim = {
  type: 'watthourmeter',
  firmware: 'WHM-1.2.0',
  init: (device) => {
    device.state.energy = round(5000 + device.place.offset * 40_000, 2);
    device.state.at = Date.now();
  },
  telemetry: (device, at) => {
    const rated = 3 + device.place.offset * 9; // kW of the circuit
    const power = rated * lightingLoad(at, device.place) * (1 + jitter(0.04));
    const last = Number(device.state.at ?? at.getTime());
    device.state.energy = Number(device.state.energy) + (power * Math.max(0, at.getTime() - last)) / 3_600_000;
    device.state.at = at.getTime();
    const voltage = 230 + jitter(3);
    return {
      reading: round(Number(device.state.energy), 3),
      power: round(power, 3),
      voltage: round(voltage),
      current: round((power * 1000) / voltage / 0.95, 2),
      powerFactor: 0.95,
    };
  },
};
