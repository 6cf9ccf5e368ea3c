import { clamp, jitter, lampsOn, round, solarHour, sunElevation } from '../cycles.js';
import type { FamilySim, SimEvent } from './types.js';

const LAMP_FAULT = 19;

/**
 * Lamp controllers: on at dusk, off at dawn, dimmed to 60 % in the small hours; voltage, current,
 * power, power factor, brightness and a cumulative energy counter. Now and then a lamp fails
 * (alarm) and is repaired an hour or so later.
 */
export const lighting: FamilySim = {
  type: 'lighting',
  firmware: 'LCU-1.9.3',
  init: (device) => {
    device.state.energy = round(200 + device.place.offset * 3000, 2);
    device.state.at = Date.now();
  },
  telemetry: (device, at) => {
    const rated = Number(device.plan.props.ratedPower ?? 100);
    const faultUntil = Number(device.state.faultUntil ?? 0);
    const faulty = faultUntil > at.getTime();
    const on = lampsOn(at, device.place) && !faulty;
    const hour = solarHour(at, device.place.lng);
    const brightness = on ? (hour >= 0 && hour < 5 ? 60 : 100) : 0;
    const voltage = 220 + jitter(4);
    const power = on ? rated * (brightness / 100) * (0.97 + jitter(0.03)) : 0.6;
    const powerFactor = on ? 0.95 + jitter(0.02) : 0.5;
    const current = power / (voltage * powerFactor);
    const last = Number(device.state.at ?? at.getTime());
    device.state.energy = Number(device.state.energy) + (power * Math.max(0, at.getTime() - last)) / 3_600_000 / 1000;
    device.state.at = at.getTime();
    device.state.on = on;
    const elevation = sunElevation(at, device.place.lng, device.place.lat);
    return {
      on,
      brightness,
      voltage: round(voltage),
      current: round(current, 3),
      power: round(power),
      powerFactor: round(powerFactor, 2),
      leakageCurrent: round(clamp(0.5 + jitter(0.3), 0, 30), 2),
      ambientBrightness: Math.round(clamp(1 + (elevation + 6) / 6, 1, 12)),
      energy: round(Number(device.state.energy), 3),
      runStatus: faulty ? 'error' : 'normal',
    };
  },
  events: (device, _values, at) => {
    const out: SimEvent[] = [];
    const faultUntil = Number(device.state.faultUntil ?? 0);
    if (faultUntil && faultUntil <= at.getTime()) {
      device.state.faultUntil = 0;
      out.push({ code: LAMP_FAULT, type: 'restore', level: 'alarm', detail: { label: 'lamp fault' } });
    } else if (!faultUntil && device.state.on && Math.random() < 1 / 4000) {
      device.state.faultUntil = at.getTime() + (30 + Math.random() * 60) * 60_000;
      out.push({ code: LAMP_FAULT, type: 'occur', level: 'alarm', detail: { label: 'lamp fault', channel: 1 } });
    }
    return out;
  },
};
