import { environment, round } from '../cycles.js';
import type { FamilySim } from './types.js';

/** Illumination sensors: ambient light by the sun, in KLux (the threshold's unit) and lux. */
export const illumination: FamilySim = {
  type: 'illumination',
  firmware: 'ILM-1.0.4',
  telemetry: (device, at) => {
    const lux = environment(at, device.place).light!;
    return { value: round(lux / 1000, 3), lux };
  },
};
