import { clamp, round, solarHour } from '../cycles.js';
import type { FamilySim } from './types.js';

/**
 * Smart dustbins fill up over the day (faster by day), warn when full and are emptied by the
 * morning round or when overflowing. Distance is from the lid to the rubbish.
 */
export const smartclassifieddustbin: FamilySim = {
  type: 'smartclassifieddustbin',
  firmware: 'SCD-2.0.2',
  init: (device) => {
    device.state.fill = device.place.offset * 0.7;
    device.state.at = Date.now();
  },
  telemetry: (device, at) => {
    const hour = solarHour(at, device.place.lng);
    const perHour = (hour > 7 && hour < 22 ? 0.05 : 0.01) * (0.7 + device.place.offset * 0.6);
    const last = Number(device.state.at ?? at.getTime());
    let fill = Number(device.state.fill) + (perHour * Math.max(0, at.getTime() - last)) / 3_600_000;
    const morningRound = hour >= 6 && hour < 7 && fill > 0.4;
    if (morningRound || fill >= 1) fill = 0.02;
    device.state.fill = clamp(fill, 0, 1);
    device.state.at = at.getTime();
    const free = Number(device.plan.props.freeDistance ?? 100);
    return {
      distance: round(free * (1 - Number(device.state.fill))),
      fill: Math.round(Number(device.state.fill) * 100),
      weight: round(Number(device.state.fill) * 45, 2),
      temperature: round(environment0(at, device.place.offset)),
    };
  },
  events: (device, values) => {
    const fill = Number(values?.fill ?? 0);
    const open = device.state.fullAlarm === true;
    if (!open && fill >= 85) {
      device.state.fullAlarm = true;
      return [{ code: 'FULL', type: 'occur', level: 'warning', detail: { fill } }];
    }
    if (open && fill < 50) {
      device.state.fullAlarm = false;
      return [{ code: 'FULL', type: 'restore', level: 'warning', detail: { fill } }];
    }
    return [];
  },
};

const environment0 = (at: Date, offset: number) =>
  18 + 6 * Math.sin(((at.getUTCHours() + 8 - 9) / 24) * 2 * Math.PI) + offset;
