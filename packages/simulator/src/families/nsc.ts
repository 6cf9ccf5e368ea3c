import { NSC_VOLUME } from '@sc/contract/families/nsc';
import { clamp, solarHour } from '../cycles.js';
import type { CommandContext, FamilySim, SimDevice, Values } from './types.js';

/** The speakers' own daily programme by solar hour: [from, to, what]; the rest of the day they are idle. */
export const PROGRAMME: readonly (readonly [number, number, string])[] = [
  [7, 7.5, 'Morning broadcast'],
  [12, 12.25, 'Noon chime'],
  [18, 18.5, 'Evening music'],
];

/** The programme's slot at `at` (its key names the day too, so a stopped slot stays stopped that day only). */
export function slotAt(device: SimDevice, at: Date) {
  const hour = solarHour(at, device.place.lng);
  const index = PROGRAMME.findIndex(([from, to]) => hour >= from && hour < to);
  if (index === -1) return null;
  const day = Math.floor((at.getTime() + (device.place.lng / 15) * 3_600_000) / 86_400_000);
  return { key: `${day}:${index}`, name: PROGRAMME[index]![2] };
}

interface Played {
  mediaId: number;
  name: string;
  /** When it ends, ms. */
  until: number;
}

/** What the speaker plays at `at`: a media file it was told to play until it ends, else its programme unless stopped. */
function nowPlaying(device: SimDevice, at: Date): string | null {
  const played = device.state.played as Played | undefined;
  if (played && played.until > at.getTime()) return played.name;
  delete device.state.played;
  const slot = slotAt(device, at);
  return slot && device.state.stoppedSlot !== slot.key ? slot.name : null;
}

const report = (ctx: CommandContext) => ({ values: ctx.report() });

/**
 * Network speakers (docs/device-protocol.md "Network speakers"): each reports its volume, whether it
 * plays and what (its own programme at the morning, noon and evening hours of its place, or a media file
 * the platform told it to play, for the file's duration), and its version. Volume, stop and play are
 * answered with a report at once, so the consoles see the change.
 */
export const nsc: FamilySim = {
  type: 'nsc',
  firmware: 'NSC-2.3.1',
  init: (device) => {
    const planned = Number(device.plan.props.volume);
    device.state.volume = Number.isInteger(planned) ? planned : 40 + Math.round(device.place.offset * 40);
  },
  telemetry: (device, at): Values => {
    const playing = nowPlaying(device, at);
    return {
      volume: Number(device.state.volume),
      status: playing ? 'playing' : 'idle',
      playing,
      version: nsc.firmware!,
    };
  },
  commands: {
    volume: (device, args, ctx) => {
      const volume = Number(args.volume);
      if (!Number.isInteger(volume) || volume < NSC_VOLUME.min || volume > NSC_VOLUME.max)
        return { ok: false, error: 'bad volume' };
      device.state.volume = clamp(volume, NSC_VOLUME.min, NSC_VOLUME.max);
      return { ok: true, result: report(ctx) };
    },
    stop: (device, _args, ctx) => {
      delete device.state.played;
      const slot = slotAt(device, ctx.now);
      if (slot) device.state.stoppedSlot = slot.key;
      return { ok: true, result: report(ctx) };
    },
    play: (device, args, ctx) => {
      const duration = Number(args.duration);
      if (typeof args.name !== 'string' || !(duration > 0)) return { ok: false, error: 'bad media' };
      device.state.played = {
        mediaId: Number(args.mediaId),
        name: args.name,
        until: ctx.now.getTime() + duration * 1000,
      } satisfies Played;
      return { ok: true, result: report(ctx) };
    },
  },
};
