import {
  type DeviceRecordFile,
  DVR_CHANNELS,
  RECORD_FILES_MAX,
  RECORD_SEARCH_HOURS,
  RECORD_TYPES,
  RECORDS_COMMAND,
  REPLAY_COMMAND,
  type RecordType,
} from '@sc/contract/families/dvr';
import { createReplayServer, replayPace, simFfmpeg } from '../video.js';
import { keptRecords } from './kit/records.js';
import type { CommandAnswer, FamilySim, SimDevice } from './types.js';

/** Minutes of one continuous (normal) recording file: a recorder closes a file every half hour. */
export const SEGMENT_MINUTES = 30;
/** How long the recorder keeps files (older ones are overwritten), days. */
export const KEPT_DAYS = 30;
/** Average bit rate of a channel's recording, bits per second (2 Mbps: 1080p H.264). */
const BITRATE = 2_000_000;
const HOUR = 3_600_000;
/** Seconds a recorder is away while it restarts. */
export const REBOOT_MS = 5000;

/** Its channels (the property; 4 when not set). */
export const channelsOf = (device: SimDevice): number => {
  const n = Number(device.plan.props.channelCount);
  return Number.isInteger(n) && n >= DVR_CHANNELS.min && n <= DVR_CHANNELS.max ? n : 4;
};

/** A number in [0, 1) from the recorder, channel, hour and salt: the same files every time they are asked for. */
function draw(device: SimDevice, channel: number, hour: number, salt: number): number {
  let h = 2166136261;
  for (const ch of `${device.equipmentId}:${channel}:${hour}:${salt}`) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
  h = Math.imul(h ^ (h >>> 15), h | 1);
  h ^= h + Math.imul(h ^ (h >>> 7), h | 61);
  return ((h ^ (h >>> 14)) >>> 0) / 4_294_967_296;
}

const file = (channel: number, type: RecordType, start: number, end: number): DeviceRecordFile => ({
  channel,
  type,
  start: new Date(start).toISOString(),
  end: new Date(end).toISOString(),
  size: Math.round(((end - start) / 1000) * (BITRATE / 8) * (0.85 + (start % 7) / 20)),
});

/**
 * The files one channel wrote during the hour starting at `hour` (ms): two half-hour normal files, motion
 * clips (events: more by day than by night), now and then a warning clip (an alarm input) and, once a
 * day on some channels, an operator's manual recording.
 */
function hourFiles(device: SimDevice, channel: number, hour: number): DeviceRecordFile[] {
  const out: DeviceRecordFile[] = [];
  const segment = SEGMENT_MINUTES * 60_000;
  for (let start = hour; start < hour + HOUR; start += segment)
    out.push(file(channel, 'normal', start, start + segment));
  const utcHour = new Date(hour).getUTCHours();
  // A street is never still for an hour: at least one clip an hour, up to three by day (UTC+8
  // 06:00-22:00), up to two at night. So any search of a few hours finds event files.
  const busy = (utcHour + 8) % 24 >= 6 && (utcHour + 8) % 24 < 22;
  const clips = 1 + Math.floor(draw(device, channel, hour, 1) * (busy ? 2.5 : 1.4));
  for (let i = 0; i < clips; i++) {
    const start = hour + Math.floor(draw(device, channel, hour, 10 + i) * 55 * 60_000);
    out.push(file(channel, 'event', start, start + (30 + Math.floor(draw(device, channel, hour, 20 + i) * 90)) * 1000));
  }
  if (draw(device, channel, hour, 2) < 0.06) {
    const start = hour + Math.floor(draw(device, channel, hour, 3) * 50 * 60_000);
    out.push(file(channel, 'warning', start, start + 60_000 + Math.floor(draw(device, channel, hour, 4) * 120_000)));
  }
  if ((utcHour + 8) % 24 === 10 && draw(device, channel, Math.floor(hour / (24 * HOUR)), 5) < 0.5) {
    const start = hour + 15 * 60_000;
    out.push(file(channel, 'manual', start, start + 5 * 60_000));
  }
  return out;
}

/**
 * The files of its channels (or `channel`) that overlap [from, to), of `type` when given, finished by
 * `now` and younger than KEPT_DAYS, oldest first, at most `limit` (`truncated` when it holds more).
 */
export function recordFiles(
  device: SimDevice,
  query: { from: number; to: number; type?: RecordType; channel?: number; limit?: number },
  now: number,
): { files: DeviceRecordFile[]; truncated: boolean } {
  const limit = Math.min(query.limit ?? RECORD_FILES_MAX, RECORD_FILES_MAX);
  const channels = query.channel ? [query.channel] : Array.from({ length: channelsOf(device) }, (_, i) => i + 1);
  return keptRecords(
    (hour) => channels.flatMap((channel) => hourFiles(device, channel, hour)),
    { ...query, limit, keptDays: KEPT_DAYS },
    now,
    (a, b) => a.channel - b.channel,
  );
}

/** What `records` asks (docs/device-protocol.md "Recorder"): ISO times, type and channel when given. */
function recordsCommand(device: SimDevice, args: Record<string, unknown>, now: Date): CommandAnswer {
  const from = Date.parse(String(args.from));
  const to = Date.parse(String(args.to));
  if (Number.isNaN(from) || Number.isNaN(to) || from >= to) return { ok: false, error: 'bad period' };
  const type = args.type === undefined ? undefined : RECORD_TYPES.find((t) => t === args.type);
  if (args.type !== undefined && !type) return { ok: false, error: 'bad type' };
  const channel = args.channel === undefined ? undefined : Number(args.channel);
  if (channel !== undefined && !(Number.isInteger(channel) && channel >= 1 && channel <= channelsOf(device)))
    return { ok: false, error: 'no such channel' };
  const limit = Number(args.limit) || RECORD_FILES_MAX;
  return { ok: true, result: recordFiles(device, { from, to, type, channel, limit }, now.getTime()) };
}

/** The recorders' files as video, made on first use (FFMPEG_PATH, or the npm package's ffmpeg; SIM_STREAM_HOST). */
let replays: ReturnType<typeof createReplayServer> | null = null;
export const dvrReplays = () => {
  replays ??= createReplayServer({ ffmpeg: simFfmpeg(), host: process.env.SIM_STREAM_HOST });
  return replays;
};

/**
 * `replay` (docs/device-protocol.md "Recorder"): where a file of a channel streams from, its start and end
 * (ISO) within what the recorder keeps (past, younger than KEPT_DAYS, at most a search's hours); the
 * video shows the recorder's name, the channel and the recorded time (its length and speed: `replayPace`).
 */
async function replayCommand(device: SimDevice, args: Record<string, unknown>, now: Date): Promise<CommandAnswer> {
  const channel = Number(args.channel);
  if (!(Number.isInteger(channel) && channel >= 1 && channel <= channelsOf(device)))
    return { ok: false, error: 'no such channel' };
  const from = Date.parse(String(args.from));
  const end = Date.parse(String(args.to));
  if (Number.isNaN(from) || Number.isNaN(end) || from >= end) return { ok: false, error: 'bad period' };
  if (end - from > RECORD_SEARCH_HOURS * HOUR) return { ok: false, error: 'period too long' };
  if (from >= now.getTime() || from < now.getTime() - KEPT_DAYS * 24 * HOUR)
    return { ok: false, error: 'no such file' };
  const video = dvrReplays();
  if (!video.available) return { ok: false, error: 'no video: ffmpeg not found' };
  const to = Math.min(end, now.getTime());
  const name = device.plan.name ?? device.equipmentId;
  const url = await video.urlOf(`${device.equipmentId}-${channel}`, `${name}  CH${channel}`, from, to);
  return { ok: true, result: { url, codec: 'h264', ...replayPace(to - from) } };
}

/**
 * Recorders (docs/device-protocol.md "Recorder"): each channel records continuously in half-hour files,
 * with motion (event) clips, now and then an alarm (warning) clip and a daily manual recording, kept for
 * 30 days; it answers records (the files of a period by type and channel), replay (where a file streams
 * from), reboot (away a few seconds) and synctime.
 */
export const dvr: FamilySim = {
  type: 'dvr',
  firmware: 'NVR-4.2.1',
  commands: {
    [RECORDS_COMMAND]: (device, args, ctx) => recordsCommand(device, args, ctx.now),
    [REPLAY_COMMAND]: (device, args, ctx) => replayCommand(device, args, ctx.now),
    reboot: (_device, _args, ctx) => {
      setTimeout(() => ctx.reboot(REBOOT_MS), 300);
      return { ok: true, result: { rebooting: true } };
    },
    synctime: (device, args) => {
      if (typeof args.time !== 'string' || Number.isNaN(Date.parse(args.time))) return { ok: false, error: 'bad time' };
      device.state.syncedAt = args.time;
      return { ok: true, result: { time: args.time } };
    },
  },
};
