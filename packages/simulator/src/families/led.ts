import { LED_BRIGHTNESS, LED_VOLUME } from '@sc/contract/families/led';
import type { FamilySim, SimDevice, Values } from './types.js';

/** What a screen shows in turn until programs are published to it: its built-in notices. */
export const BUILT_IN = ['城市公告', '空气质量', '交通提示'] as const;
/** How long each built-in notice stays on, ms. */
export const NOTICE_MS = 60_000;

/** A program the screen was given (the device command `program`): what it needs to play it. */
interface Program {
  programId: number;
  name: string;
  durationSeconds: number;
}

interface Screen {
  brightness: number;
  volume: number;
  power: boolean;
  /** The programs published to it, in the order they came (one per program id, the latest version). */
  programs?: Program[];
}
const screenOf = (device: SimDevice) => device.state as unknown as Screen;

/**
 * What the screen shows at `at` (null while it is off): its programs in turn, each for its duration, on
 * the screen's own clock; before any was published, its built-in notices in turn, each screen at its own
 * offset.
 */
export function playingAt(device: SimDevice, at: Date): string | null {
  const screen = screenOf(device);
  if (!screen.power) return null;
  const programs = screen.programs ?? [];
  if (programs.length) {
    const loop = programs.reduce((sum, p) => sum + p.durationSeconds * 1000, 0);
    let t = at.getTime() % loop;
    for (const p of programs) {
      if (t < p.durationSeconds * 1000) return p.name;
      t -= p.durationSeconds * 1000;
    }
  }
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
 * shows (its programs, else its built-in notices, in turn while on), takes published programs, answers realdata with the same, and takes control
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
    /** A published program (docs/device-protocol.md "LED"): kept, played in turn, reported as playing. */
    program: (device, args, ctx) => {
      const { programId, name, durationSeconds, layers } = args;
      if (typeof programId !== 'number' || typeof name !== 'string' || !Array.isArray(layers))
        return { ok: false, error: 'bad program' };
      const s = screenOf(device);
      const program = { programId, name, durationSeconds: Math.max(1, Number(durationSeconds) || 1) };
      s.programs = [...(s.programs ?? []).filter((p) => p.programId !== programId), program];
      const values = ctx.report() ?? report(device, ctx.now);
      return { ok: true, result: { programId, layers: layers.length, playing: values.playing ?? null } };
    },
  },
};
