import { localClock, streamedFrames } from '@sc/contract/families/kit';
import {
  liveLevel,
  NSC_LIVE_PLAYING,
  NSC_VOLUME,
  type NscTaskArgs,
  readLiveFrame,
  taskRunsOn,
  taskSpan,
} from '@sc/contract/families/nsc';
import { clamp, solarHour } from '../cycles.js';
import { stopTimer, stopVod, timerCommands, timerInstants, timerReport, vodCommands, vodReport } from './nsc-vod.js';
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
  /** Seconds. */
  duration: number;
  /** When it ends, ms. */
  until: number;
}

/** What a timed task plays at an instant: the task, the media file, how far into it (s), and the occurrence's key. */
export interface TaskPlay {
  task: NscTaskArgs;
  name: string;
  position: number;
  key: string;
}

/** A list in a random order that is the same for the same seed (a task's random play mode, each round). */
function shuffled<T>(list: readonly T[], seed: number): T[] {
  const out = [...list];
  let x = seed >>> 0 || 1;
  for (let i = out.length - 1; i > 0; i--) {
    x = (Math.imul(x ^ (x >>> 15), 2_246_822_507) + 0x6d2b79f5) >>> 0;
    const j = x % (i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/**
 * What one timed task plays at `at` on the speaker's own clock, or null: on a date its date mode picks,
 * from its start time for its duration (its timezone's), its media one after the other (list cycle: in
 * order, again and again; random: each round in another order).
 */
export function taskPlayAt(task: NscTaskArgs, at: Date): TaskPlay | null {
  const { date } = localClock(at, task.tz);
  if (!taskRunsOn(task, date)) return null;
  const shifted = at.getTime() + task.tz * 3_600_000;
  const second = (((shifted % 86_400_000) + 86_400_000) % 86_400_000) / 1000;
  const span = taskSpan(task);
  if (second < span.start || second >= span.end) return null;
  const total = task.media.reduce((sum, m) => sum + m.duration, 0);
  if (!(total > 0)) return null;
  const elapsed = second - span.start;
  const round = Math.floor(elapsed / total);
  const order = task.playMode === 'random' ? shuffled(task.media, task.taskId * 7919 + round) : task.media;
  let offset = elapsed - round * total;
  for (const m of order) {
    if (offset < m.duration) return { task, name: m.name, position: Math.floor(offset), key: `${task.taskId}:${date}` };
    offset -= m.duration;
  }
  return null;
}

/** The timed task the speaker plays at `at`: of those playing (and not stopped), the highest priority. */
function taskAt(device: SimDevice, at: Date): TaskPlay | null {
  const tasks = (device.state.tasks ?? []) as NscTaskArgs[];
  let best: TaskPlay | null = null;
  for (const task of tasks) {
    const play = taskPlayAt(task, at);
    if (play && device.state.stoppedTask !== play.key && (!best || task.priority > best.task.priority)) best = play;
  }
  return best;
}

/**
 * What the speaker plays at `at`: a media file it was told to play until it ends, else a timed task it
 * was given, else its programme unless stopped.
 */
function nowPlaying(
  device: SimDevice,
  at: Date,
): { name: string; position: number | null; task: TaskPlay | null } | null {
  const played = device.state.played as Played | undefined;
  if (played && played.until > at.getTime())
    return {
      name: played.name,
      position: Math.floor((at.getTime() - (played.until - played.duration * 1000)) / 1000),
      task: null,
    };
  delete device.state.played;
  const task = taskAt(device, at);
  if (task) return { name: task.name, position: task.position, task };
  const slot = slotAt(device, at);
  return slot && device.state.stoppedSlot !== slot.key ? { name: slot.name, position: null, task: null } : null;
}

/**
 * The next instant after `at` when what the speaker plays may change by itself: a timed task starting or
 * ending that day (its timezone's), or the media file it plays ending; null when none is due.
 */
export function nextChange(device: SimDevice, at: Date): number | null {
  const now = at.getTime();
  const instants: number[] = [];
  const played = device.state.played as Played | undefined;
  if (played) instants.push(played.until);
  for (const task of (device.state.tasks ?? []) as NscTaskArgs[]) {
    const { date } = localClock(at, task.tz);
    if (!taskRunsOn(task, date)) continue;
    const midnight = Date.parse(`${date}T00:00:00Z`) - task.tz * 3_600_000;
    const span = taskSpan(task);
    instants.push(midnight + span.start * 1000, midnight + span.end * 1000);
  }
  instants.push(...timerInstants(device, at));
  const later = instants.filter((t) => t > now);
  return later.length ? Math.min(...later) : null;
}

/** The speaker keeps the tasks it is given by id (a task given again replaces the one it had). */
const keepTasks = (device: SimDevice, tasks: NscTaskArgs[]) => {
  device.state.tasks = tasks;
};
const isTask = (v: unknown): v is NscTaskArgs => {
  const t = v as NscTaskArgs;
  return (
    typeof t === 'object' &&
    t !== null &&
    Number.isInteger(t.taskId) &&
    typeof t.startTime === 'string' &&
    Number.isInteger(t.durationSeconds) &&
    Array.isArray(t.media)
  );
};

const report = (ctx: CommandContext) => ({ values: ctx.report() });

/** How often a speaker playing a live broadcast reports its level and delay, ms. */
export const LIVE_REPORT_MS = 500;

/** A live broadcast the speaker pulls: what it measured since its last report, and in all. */
interface Live {
  session: string;
  abort: AbortController;
  frames: number;
  lost: number;
  lastSeq: number;
  /** The last report's measures (null before the first half second of frames). */
  report: { level: number; delayMs: number } | null;
  window: { levels: number; delays: number; n: number };
}

const liveOf = (device: SimDevice) => device.state.live as Live | undefined;

/** Stops pulling the live broadcast, if any. */
function endLive(device: SimDevice) {
  const live = liveOf(device);
  if (!live) return;
  delete device.state.live;
  live.abort.abort();
}

/**
 * Told of every live frame a speaker hears, with its delay from capture (ms): a measurement's hook
 * (bench/nsc.bench.mjs takes the delay of each frame, where the reports carry half-second means).
 * None by default.
 */
export const liveProbe: { heard: ((device: SimDevice, seq: number, delayMs: number) => void) | null } = {
  heard: null,
};

/** One frame of the stream: its sequence (gaps are frames lost), level and delay from capture. */
function heard(device: SimDevice, live: Live, frame: Uint8Array, now: number) {
  const read = readLiveFrame(frame);
  if (!read) return;
  liveProbe.heard?.(device, read.seq, now - read.capturedAt);
  if (live.lastSeq >= 0 && read.seq > live.lastSeq + 1) live.lost += read.seq - live.lastSeq - 1;
  if (read.seq > live.lastSeq) live.lastSeq = read.seq;
  live.frames++;
  live.window.levels += liveLevel(read.samples);
  live.window.delays += Math.max(0, now - read.capturedAt);
  live.window.n++;
}

/**
 * Pulls a live broadcast (docs/nsc-live.md): length-prefixed frames over HTTP while it lasts, each
 * measured as it arrives; every half second the speaker reports the level and mean delay it heard.
 * The stream's end (the operator stopped) or a failure ends it, reported at once.
 */
async function pullLive(device: SimDevice, live: Live, url: string, ctx: CommandContext) {
  const tick = setInterval(() => {
    const w = live.window;
    if (w.n) live.report = { level: Math.round(w.levels / w.n), delayMs: Math.round(w.delays / w.n) };
    live.window = { levels: 0, delays: 0, n: 0 };
    if (liveOf(device) === live) ctx.report();
  }, LIVE_REPORT_MS);
  try {
    const response = await fetch(url, { signal: live.abort.signal });
    if (!response.ok || !response.body) return;
    for await (const frame of streamedFrames(response.body as unknown as AsyncIterable<Uint8Array>))
      heard(device, live, frame, Date.now());
  } catch {
    // Aborted (stopped, or another broadcast), or the server went away: the broadcast is over here.
  } finally {
    clearInterval(tick);
    if (liveOf(device) === live) {
      delete device.state.live;
      ctx.report();
    }
  }
}

/**
 * Network speakers (docs/device-protocol.md "Network speakers"): each reports its volume, whether it
 * plays and what (its own programme at the morning, noon and evening hours of its place, a timed task it
 * was given on its own clock, or a media file the platform told it to play, for the file's duration), how
 * far into it (`position`, seconds) and which task (`taskId`), and its version. A timed task plays at its
 * volume. A live broadcast (`live`: a stream to pull) plays before all else while it lasts, with its
 * level and delay reported every half second. On-demand tasks (`vod` and its pause, resume, stop, volume)
 * and timer broadcasts (`timers`) are in nsc-vod.ts. Volume, stop, play, live and the task commands
 * (`task`, `untask`, `tasks`: the whole list) are answered with a report at once, so the consoles see the
 * change; a timed task starting or ending, or a file played to its end, brings its next reading forward to
 * that instant (the fleet's tick sends it).
 */
export const nsc: FamilySim = {
  type: 'nsc',
  firmware: 'NSC-2.3.1',
  init: (device) => {
    const planned = Number(device.plan.props.volume);
    device.state.volume = Number.isInteger(planned) ? planned : 40 + Math.round(device.place.offset * 40);
  },
  telemetry: (device, at): Values => {
    const live = liveOf(device);
    if (live)
      return {
        volume: Number(device.state.volume),
        status: 'playing',
        playing: NSC_LIVE_PLAYING,
        live: live.session,
        ...(live.report
          ? {
              liveLevel: live.report.level,
              liveDelayMs: live.report.delayMs,
              liveFrames: live.frames,
              liveLost: live.lost,
            }
          : {}),
        version: nsc.firmware!,
      };
    // It says so as soon as what it plays changes (a task or a timer starting or ending, a file played
    // to its end), not at its next reading only: the consoles see a timed task start on every speaker at once.
    const change = nextChange(device, at);
    if (change !== null && change < device.nextTelemetry) device.nextTelemetry = change;
    // An on-demand task plays (or holds, paused) before a timer, a timer before the rest; the last
    // on-demand task's id and state go with every report, so the platform sees its end.
    const vod = vodReport(device, at);
    if (vod?.active) return { ...vod.values, version: nsc.firmware! };
    const timer = timerReport(device, at);
    if (timer) return { ...timer, ...vod?.values, version: nsc.firmware! };
    const playing = nowPlaying(device, at);
    return {
      ...vod?.values,
      volume: playing?.task ? playing.task.task.volume : Number(device.state.volume),
      status: playing ? 'playing' : 'idle',
      playing: playing?.name ?? null,
      ...(playing?.position != null ? { position: playing.position } : {}),
      ...(playing?.task ? { taskId: playing.task.task.taskId } : {}),
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
      endLive(device);
      stopVod(device);
      stopTimer(device, ctx.now);
      delete device.state.played;
      const task = taskAt(device, ctx.now);
      if (task) device.state.stoppedTask = task.key;
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
        duration,
        until: ctx.now.getTime() + duration * 1000,
      } satisfies Played;
      return { ok: true, result: report(ctx) };
    },
    /** A live broadcast to pull (`url`, with its key): replaces one it plays. */
    live: (device, args, ctx) => {
      if (typeof args.url !== 'string' || !/^https?:\/\//.test(args.url) || typeof args.session !== 'string')
        return { ok: false, error: 'bad live' };
      endLive(device);
      const live: Live = {
        session: args.session,
        abort: new AbortController(),
        frames: 0,
        lost: 0,
        lastSeq: -1,
        report: null,
        window: { levels: 0, delays: 0, n: 0 },
      };
      device.state.live = live;
      void pullLive(device, live, args.url, ctx);
      return { ok: true, result: report(ctx) };
    },
    task: (device, args, ctx) => {
      if (!isTask(args)) return { ok: false, error: 'bad task' };
      const tasks = ((device.state.tasks ?? []) as NscTaskArgs[]).filter((t) => t.taskId !== args.taskId);
      keepTasks(device, [...tasks, args]);
      return { ok: true, result: report(ctx) };
    },
    untask: (device, args, ctx) => {
      keepTasks(
        device,
        ((device.state.tasks ?? []) as NscTaskArgs[]).filter((t) => t.taskId !== Number(args.taskId)),
      );
      return { ok: true, result: report(ctx) };
    },
    tasks: (device, args, ctx) => {
      const tasks = Array.isArray(args.tasks) ? args.tasks : null;
      if (!tasks?.every(isTask)) return { ok: false, error: 'bad tasks' };
      keepTasks(device, tasks);
      return { ok: true, result: report(ctx) };
    },
    ...vodCommands,
    ...timerCommands,
  },
};
