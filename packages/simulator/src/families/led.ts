import { LED_BRIGHTNESS, LED_VOLUME } from '@sc/contract/families/led';
import type { FamilySim, SimDevice, Values } from './types.js';

/** What a screen shows in turn until programs are published to it: its built-in notices. */
export const BUILT_IN = ['城市公告', '空气质量', '交通提示'] as const;
/** How long each built-in notice stays on, ms. */
export const NOTICE_MS = 60_000;

interface Screen {
  brightness: number;
  volume: number;
  power: boolean;
}
const screenOf = (device: SimDevice) => device.state as unknown as Screen;

/** What the screen shows at `at` (null while it is off): the notices in turn, each screen at its own offset. */
export function playingAt(device: SimDevice, at: Date): string | null {
  if (!screenOf(device).power) return null;
  const shift = Math.round(device.place.offset * BUILT_IN.length * NOTICE_MS);
  return BUILT_IN[Math.floor((at.getTime() + shift) / NOTICE_MS) % BUILT_IN.length]!;
}

const report = (device: SimDevice, at: Date): Values => {
  const s = screenOf(device);
  return { brightness: s.brightness, volume: s.volume, power: s.power, playing: playingAt(device, at) };
};

const inRange = (v: unknown, range: { min: number; max: number }) =>
  typeof v === 'number' && Number.isInteger(v) && v >= range.min && v <= range.max;

/**
 * LED screens (docs/device-protocol.md "LED"): each reports its brightness, volume, power and what it
 * shows (its built-in notices in turn while on), answers realdata with the same, and takes control
 * (brightness 1-255, volume 0-15, power), reporting the new state at once.
 */
export const led: FamilySim = {
  type: 'led',
  firmware: 'LED-3.2.1',
  init: (device) => {
    const s: Screen = { brightness: 160 + Math.round(device.place.offset * 60), volume: 6, power: true };
    Object.assign(device.state, s);
  },
  telemetry: (device, at) => report(device, at),
  commands: {
    realdata: (device, _args, ctx) => ({ ok: true, result: ctx.report() ?? report(device, ctx.now) }),
    control: (device, args, ctx) => {
      const s = screenOf(device);
      if (args.brightness !== undefined && !inRange(args.brightness, LED_BRIGHTNESS))
        return { ok: false, error: 'brightness out of range' };
      if (args.volume !== undefined && !inRange(args.volume, LED_VOLUME))
        return { ok: false, error: 'volume out of range' };
      if (args.power !== undefined && typeof args.power !== 'boolean') return { ok: false, error: 'bad power' };
      if (args.brightness !== undefined) s.brightness = args.brightness as number;
      if (args.volume !== undefined) s.volume = args.volume as number;
      if (args.power !== undefined) s.power = args.power as boolean;
      // The console sees the new state at once, not with the next report.
      const values = ctx.report() ?? report(device, ctx.now);
      return { ok: true, result: values };
    },
  },
};
