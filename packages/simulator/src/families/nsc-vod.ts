import { addDays, localClock } from '@sc/contract/families/kit';
import {
  NSC_MIC_PLAYING,
  NSC_VOD_COMMANDS,
  NSC_VOLUME,
  type NscTimerArgs,
  type NscVodArgs,
  secondsOfClock,
  timerActiveAt,
  timerRunsOn,
} from '@sc/contract/families/nsc';
import type { CommandAnswer, CommandContext, SimDevice, Values } from './types.js';

/**
 * A network speaker's on-demand tasks and timer broadcasts (docs/nsc-vod.md, docs/device-protocol.md
 * "Network speakers"). An on-demand task plays its list `repeat` times from when it is told, on the
 * speaker's own clock less its pauses; the speaker reports at once when it ends (a timer of its own), so
 * the queue follows without waiting for the next report. Timers run on its clock like timed tasks.
 */

type Media = NscVodArgs['media'][number];

/** The on-demand task the speaker plays or played last. */
interface Vod {
  args: NscVodArgs;
  volume: number;
  /** Ended (played out or stopped); otherwise its clock says. */
  ended: boolean;
  startedAt: number;
  /** When it was paused (ms), null while it plays. */
  pausedAt: number | null;
  /** Time spent paused before, ms. */
  pausedMs: number;
  /** Reports the end when it comes (cleared on pause, stop and replacement). */
  end: NodeJS.Timeout | null;
}

const vodOf = (device: SimDevice) => device.state.vod as Vod | undefined;
const seconds = (media: readonly Media[]) => media.reduce((sum, m) => sum + m.duration, 0);

/** The media file at `offset` seconds into a list played in a loop, and how far into it. */
function mediaAt(media: readonly Media[], offset: number): { name: string; position: number } | null {
  const total = seconds(media);
  if (!(total > 0)) return null;
  let rest = offset % total;
  for (const m of media) {
    if (rest < m.duration) return { name: m.name, position: Math.floor(rest) };
    rest -= m.duration;
  }
  return null;
}

/** How far into its whole run (s) an on-demand task is at `at`, pauses left out. */
const elapsed = (vod: Vod, at: number) => ((vod.pausedAt ?? at) - vod.startedAt - vod.pausedMs) / 1000;
const runSeconds = (vod: Vod) => seconds(vod.args.media) * vod.args.repeat;
const vodState = (vod: Vod, at: number) =>
  vod.ended || elapsed(vod, at) >= runSeconds(vod) ? 'finished' : vod.pausedAt !== null ? 'paused' : 'playing';

function clearEnd(vod: Vod) {
  if (vod.end) clearTimeout(vod.end);
  vod.end = null;
}

/** Reports the end of the task when its run is over (real time: the simulated speaker's clock). */
function endLater(device: SimDevice, vod: Vod, ctx: CommandContext) {
  clearEnd(vod);
  const left = (runSeconds(vod) - elapsed(vod, ctx.now.getTime())) * 1000;
  vod.end = setTimeout(
    () => {
      if (vodOf(device) !== vod) return;
      vod.ended = true;
      vod.end = null;
      ctx.report();
    },
    Math.max(0, left),
  );
  // A speaker's pending end does not keep the simulator (or a test) running.
  vod.end.unref?.();
}

/**
 * What the on-demand task adds to the report at `at`, or null when it plays none: while it plays, what
 * and where (at its volume); paused, silence; either way and after its end, `vodId`, `vodState`, `vodRound`.
 */
export function vodReport(device: SimDevice, at: Date): { values: Values; active: boolean } | null {
  const vod = vodOf(device);
  if (!vod) return null;
  const state = vodState(vod, at.getTime());
  const once = seconds(vod.args.media);
  const run = Math.min(elapsed(vod, at.getTime()), runSeconds(vod));
  const round = Math.min(vod.args.repeat, Math.floor(run / once) + 1);
  const ids = { vodId: vod.args.vodId, vodState: state, vodRound: round };
  if (state === 'finished') return { values: ids, active: false };
  if (state === 'paused')
    return { values: { ...ids, volume: vod.volume, status: 'idle', playing: null }, active: true };
  const now = mediaAt(vod.args.media, run);
  return {
    values: { ...ids, volume: vod.volume, status: 'playing', playing: now?.name ?? null, position: now?.position ?? 0 },
    active: true,
  };
}

/** The `stop` command ends the on-demand task too. */
export function stopVod(device: SimDevice) {
  const vod = vodOf(device);
  if (!vod) return;
  clearEnd(vod);
  vod.ended = true;
}

const isVod = (v: unknown): v is NscVodArgs => {
  const t = v as NscVodArgs;
  return (
    typeof t === 'object' &&
    t !== null &&
    Number.isInteger(t.vodId) &&
    Number.isInteger(t.repeat) &&
    t.repeat > 0 &&
    Number.isInteger(t.volume) &&
    Array.isArray(t.media) &&
    t.media.length > 0 &&
    t.media.every((m) => typeof m.name === 'string' && m.duration > 0)
  );
};
const validVolume = (v: unknown) =>
  Number.isInteger(v) && (v as number) >= NSC_VOLUME.min && (v as number) <= NSC_VOLUME.max;

/** The task a command names, if the speaker plays it (not ended). */
function named(device: SimDevice, args: Record<string, unknown>, at: Date) {
  const vod = vodOf(device);
  return vod && vod.args.vodId === Number(args.vodId) && vodState(vod, at.getTime()) !== 'finished' ? vod : null;
}

type Handler = (device: SimDevice, args: Record<string, unknown>, ctx: CommandContext) => CommandAnswer;
const report = (ctx: CommandContext) => ({ values: ctx.report() });

/** The on-demand commands: `vod` (replacing one it plays), pause, resume, stop, volume. */
export const vodCommands: Record<string, Handler> = {
  [NSC_VOD_COMMANDS.play]: (device, args, ctx) => {
    if (!isVod(args)) return { ok: false, error: 'bad vod' };
    const before = vodOf(device);
    if (before) clearEnd(before);
    const vod: Vod = {
      args,
      volume: args.volume,
      ended: false,
      startedAt: ctx.now.getTime(),
      pausedAt: null,
      pausedMs: 0,
      end: null,
    };
    device.state.vod = vod;
    endLater(device, vod, ctx);
    return { ok: true, result: report(ctx) };
  },
  [NSC_VOD_COMMANDS.pause]: (device, args, ctx) => {
    const vod = named(device, args, ctx.now);
    if (!vod) return { ok: false, error: 'not playing' };
    if (vod.pausedAt === null) {
      vod.pausedAt = ctx.now.getTime();
      clearEnd(vod);
    }
    return { ok: true, result: report(ctx) };
  },
  [NSC_VOD_COMMANDS.resume]: (device, args, ctx) => {
    const vod = named(device, args, ctx.now);
    if (!vod) return { ok: false, error: 'not playing' };
    if (vod.pausedAt !== null) {
      vod.pausedMs += ctx.now.getTime() - vod.pausedAt;
      vod.pausedAt = null;
      endLater(device, vod, ctx);
    }
    return { ok: true, result: report(ctx) };
  },
  [NSC_VOD_COMMANDS.stop]: (device, args, ctx) => {
    // Stopping what already ended is done: the platform may stop a task a speaker just finished.
    if (named(device, args, ctx.now)) stopVod(device);
    return { ok: true, result: report(ctx) };
  },
  [NSC_VOD_COMMANDS.volume]: (device, args, ctx) => {
    const vod = named(device, args, ctx.now);
    if (!vod) return { ok: false, error: 'not playing' };
    if (!validVolume(args.volume)) return { ok: false, error: 'bad volume' };
    vod.volume = args.volume as number;
    return { ok: true, result: report(ctx) };
  },
};

// ── Timer broadcasts

const isTimer = (v: unknown): v is NscTimerArgs => {
  const t = v as NscTimerArgs;
  return (
    typeof t === 'object' &&
    t !== null &&
    Number.isInteger(t.timerId) &&
    (t.type === 'mic' || t.type === 'file') &&
    ['everyday', 'week', 'single'].includes(t.mode) &&
    typeof t.startTime === 'string' &&
    Number.isInteger(t.durationSeconds) &&
    Array.isArray(t.media)
  );
};

/** A microphone's level 0-100 that moves like speech (a slow swell with syllables on it). */
const micLevel = (elapsed: number) =>
  Math.round(45 + 20 * Math.sin(elapsed / 3) * Math.abs(Math.sin(elapsed * 2.1)) + 10 * Math.sin(elapsed * 7.3));

/**
 * What a timer plays at `at` on the speaker's own clock (the first of its list that runs then and was
 * not stopped), as the report's values: a file timer its media in a loop, a mic timer its microphone
 * input with a level; at the timer's volume.
 */
export function timerReport(device: SimDevice, at: Date): Values | null {
  for (const timer of (device.state.timers ?? []) as NscTimerArgs[]) {
    const active = timerActiveAt(timer, at);
    if (!active || device.state.stoppedTimer === active.key) continue;
    const common = { volume: timer.volume, status: 'playing', timerId: timer.timerId };
    if (timer.type === 'mic') return { ...common, playing: NSC_MIC_PLAYING, micLevel: micLevel(active.elapsed) };
    const now = mediaAt(timer.media, active.elapsed);
    if (now) return { ...common, playing: now.name, position: now.position };
  }
  return null;
}

/** When its timers start and end today and tomorrow (ms): the instants its report is due at once. */
export function timerInstants(device: SimDevice, at: Date): number[] {
  const out: number[] = [];
  for (const timer of (device.state.timers ?? []) as NscTimerArgs[]) {
    const { date } = localClock(at, timer.tz);
    for (const day of [date, addDays(date, 1)]) {
      if (!timerRunsOn(timer, day)) continue;
      const start = Date.parse(`${day}T00:00:00Z`) - timer.tz * 3_600_000 + secondsOfClock(timer.startTime) * 1000;
      out.push(start, start + timer.durationSeconds * 1000);
    }
  }
  return out;
}

/** The `stop` command stops the timer's occurrence playing now (it plays again on its next start). */
export function stopTimer(device: SimDevice, at: Date) {
  for (const timer of (device.state.timers ?? []) as NscTimerArgs[]) {
    const active = timerActiveAt(timer, at);
    if (active) device.state.stoppedTimer = active.key;
  }
}

/** `timers`: the speaker keeps exactly the list it is given. */
export const timerCommands: Record<string, Handler> = {
  timers: (device, args, ctx) => {
    const timers = Array.isArray(args.timers) ? args.timers : null;
    if (!timers?.every(isTimer)) return { ok: false, error: 'bad timers' };
    device.state.timers = timers;
    return { ok: true, result: report(ctx) };
  },
};
