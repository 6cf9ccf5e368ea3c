import { ILLUM_READINGS } from '@sc/contract/families/illum';
import { clamp, round, sunElevation } from '../cycles.js';
import type { FamilySim, SimDevice, SimEvent, Values } from './types.js';

const rad = Math.PI / 180;
const [{ max }] = ILLUM_READINGS;

/**
 * Ambient light (KLux) at the device's coordinates: clear sky about 110 KLux with the sun at the zenith,
 * less through a slow drift of cloud; civil twilight fades to a few lux (street light) below the horizon.
 */
export function daylight(at: Date, device: Pick<SimDevice, 'place'>): number {
  const { lng, lat, offset } = device.place;
  const elevation = sunElevation(at, lng, lat);
  const cloud = 0.55 + 0.45 * (0.5 + 0.5 * Math.sin(at.getTime() / 5_400_000 + offset * 10));
  const klux =
    elevation > 0
      ? 110 * Math.sin(elevation * rad) ** 1.15 * cloud + 0.4
      : Math.max(0.005, 0.4 * Math.exp(elevation / 1.4)); // twilight: 0.4 KLux at sunset, ~5 lux at -6°
  return round(clamp(klux, 0, max), 3);
}

interface Config {
  threshold: number;
  peripheralIndex: number;
  enabled: boolean;
}
const config = (device: SimDevice) => device.state.config as Config;

/**
 * Illumination sensors: the light follows the sun at the device's place. Below the threshold (dusk) a
 * BELOW_THRESHOLD event occurs, restored when the light rises 20 % above it (dawn); a disabled sensor
 * keeps reporting but raises no event. Commands: realdata (read now), config (threshold, peripheral
 * index, enabled), as docs/device-protocol.md says.
 */
export const illumination: FamilySim = {
  type: 'illumination',
  firmware: 'ILM-1.1.0',
  init: (device) => {
    const props = device.plan.props;
    device.state.config = {
      threshold: typeof props.threshold === 'number' ? props.threshold : 10,
      peripheralIndex: typeof props.peripheralIndex === 'number' ? props.peripheralIndex : 1,
      enabled: props.enabled !== false,
    } satisfies Config;
  },
  telemetry: (device, at) => ({ illuminance: daylight(at, device) }),
  events: (device, values) => {
    const value = (values as Values | null)?.illuminance;
    const { threshold, enabled } = config(device);
    if (typeof value !== 'number') return [];
    const dark = device.state.dark === true;
    const detail = { illuminance: value, threshold };
    const out: SimEvent[] = [];
    if (!dark && enabled && value < threshold) {
      device.state.dark = true;
      out.push({ code: 'BELOW_THRESHOLD', type: 'occur', level: 'info', detail });
    } else if (dark && (value > threshold * 1.2 || !enabled)) {
      device.state.dark = false;
      out.push({ code: 'BELOW_THRESHOLD', type: 'restore', level: 'info', detail });
    }
    return out;
  },
  commands: {
    realdata: (device, _args, ctx) => {
      const values = ctx.report() ?? { illuminance: daylight(ctx.now, device) };
      return { ok: true, result: { ...values, at: ctx.now.toISOString() } };
    },
    config: (device, args) => {
      const current = config(device);
      const threshold = Number(args.threshold ?? current.threshold);
      if (!Number.isFinite(threshold) || threshold < 0 || threshold > max) return { ok: false, error: 'bad threshold' };
      const next: Config = {
        threshold,
        peripheralIndex: Number(args.peripheralIndex ?? current.peripheralIndex),
        enabled: args.enabled === undefined ? current.enabled : args.enabled !== false,
      };
      device.state.config = next;
      return { ok: true, result: next };
    },
  },
};
