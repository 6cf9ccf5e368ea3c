import {
  CAMERA_RECORD_TYPES,
  CAMERA_RECORDS_MAX,
  type CameraRecordType,
  PLAYBACK_MINUTES,
  PTZ_ACTIONS,
  PTZ_PRESET,
  type PtzAction,
  RECORDS_COMMAND,
  REPLAY_COMMAND,
  SNAPSHOTS,
} from '@sc/contract/families/camera';
import { createCameraStreams, replayPace, simFfmpeg, type ViewMotion } from './camera-stream.js';
import { keptRecords } from './kit/records.js';
import type { CommandAnswer, FamilySim, SimDevice, SimEvent } from './types.js';

/**
 * Where a camera looks: pan and tilt as the share of the wide picture left of and above its window
 * (0-1), zoom as how much the window is narrowed (1: the widest, 4: a quarter of it), and the move
 * under way (per second, started at `since`, ms).
 */
export interface CameraView {
  pan: number;
  tilt: number;
  zoom: number;
  move: { action: PtzAction; speed: number; since: number } | null;
  presets: Record<number, { pan: number; tilt: number; zoom: number }>;
}

export const ZOOM = { min: 1, max: 4 } as const;
/** How far a move at speed 1 goes in a second (of the whole pan or tilt range; zoom steps). */
const RATE = 0.025;

const clamp = (v: number, min: number, max: number) => Math.min(max, Math.max(min, v));
export const viewOf = (device: SimDevice) => device.state.view as CameraView;

/** The view at `now` with the move under way taken into account (the move goes on). */
export function viewAt(device: SimDevice, now: number): Omit<CameraView, 'move' | 'presets'> {
  const v = viewOf(device);
  if (!v.move) return { pan: v.pan, tilt: v.tilt, zoom: v.zoom };
  const d = ((now - v.move.since) / 1000) * v.move.speed * RATE;
  const { action } = v.move;
  return {
    pan: clamp(v.pan + (action === 'right' ? d : action === 'left' ? -d : 0), 0, 1),
    tilt: clamp(v.tilt + (action === 'down' ? d : action === 'up' ? -d : 0), 0, 1),
    zoom: clamp(v.zoom + (action === 'zoomIn' ? d * 8 : action === 'zoomOut' ? -d * 8 : 0), ZOOM.min, ZOOM.max),
  };
}

/** How the view changes per second under the move under way. */
export function motionOf(device: SimDevice, now: number): ViewMotion {
  const v = viewOf(device);
  const rate = v.move ? v.move.speed * RATE : 0;
  const a = v.move?.action;
  return {
    ...viewAt(device, now),
    dPan: a === 'right' ? rate : a === 'left' ? -rate : 0,
    dTilt: a === 'down' ? rate : a === 'up' ? -rate : 0,
    dZoom: a === 'zoomIn' ? rate * 8 : a === 'zoomOut' ? -rate * 8 : 0,
  };
}

/** The cameras' video, made on first use (FFMPEG_PATH, or the npm package's ffmpeg; SIM_STREAM_HOST). */
let streams: ReturnType<typeof createCameraStreams> | null = null;
export const cameraStreams = () => {
  streams ??= createCameraStreams({
    ffmpeg: simFfmpeg(),
    host: process.env.SIM_STREAM_HOST,
    motion: (d) => motionOf(d, Date.now()),
  });
  return streams;
};
const changed = (device: SimDevice) => streams?.moved(device);

/** Minutes of one continuous recording on the camera's card. */
export const SEGMENT_MINUTES = 30;
/** How long the card keeps recordings (older ones are overwritten), days. */
export const CARD_DAYS = 7;
/** Average bit rate of the card's recording, bits per second (1 Mbps: 1080p H.265). */
const BITRATE = 1_000_000;
const HOUR = 3_600_000;

export interface CameraRecordFile {
  type: CameraRecordType;
  start: string;
  end: string;
  size: number;
}

/** A number in [0, 1) from the camera, hour and salt: the same records every time they are asked for. */
function draw(device: SimDevice, hour: number, salt: number): number {
  let h = 2166136261;
  for (const ch of `${device.equipmentId}:${hour}:${salt}`) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
  h = Math.imul(h ^ (h >>> 15), h | 1);
  h ^= h + Math.imul(h ^ (h >>> 7), h | 61);
  return ((h ^ (h >>> 14)) >>> 0) / 4_294_967_296;
}

const record = (type: CameraRecordType, start: number, end: number): CameraRecordFile => ({
  type,
  start: new Date(start).toISOString(),
  end: new Date(end).toISOString(),
  size: Math.round(((end - start) / 1000) * (BITRATE / 8) * (0.85 + (start % 7) / 20)),
});

/**
 * What the card wrote during the hour starting at `hour` (ms): two half-hour continuous files, a motion
 * clip or two (event), now and then an alarm clip (warning) and, some days at 10:00 (UTC+8), a manual one.
 */
function hourRecords(device: SimDevice, hour: number): CameraRecordFile[] {
  const out: CameraRecordFile[] = [];
  for (let start = hour; start < hour + HOUR; start += SEGMENT_MINUTES * 60_000)
    out.push(record('normal', start, start + SEGMENT_MINUTES * 60_000));
  const clips = 1 + Math.floor(draw(device, hour, 1) * 2);
  for (let i = 0; i < clips; i++) {
    const start = hour + Math.floor(draw(device, hour, 10 + i) * 55 * 60_000);
    out.push(record('event', start, start + (20 + Math.floor(draw(device, hour, 20 + i) * 100)) * 1000));
  }
  if (draw(device, hour, 2) < 0.08) {
    const start = hour + Math.floor(draw(device, hour, 3) * 50 * 60_000);
    out.push(record('warning', start, start + 60_000 + Math.floor(draw(device, hour, 4) * 60_000)));
  }
  if ((new Date(hour).getUTCHours() + 8) % 24 === 10 && draw(device, Math.floor(hour / (24 * HOUR)), 5) < 0.5)
    out.push(record('manual', hour + 15 * 60_000, hour + 20 * 60_000));
  return out;
}

/**
 * The card's records overlapping [from, to), of `type` when given, finished by `now` and younger than
 * CARD_DAYS, oldest first, at most `limit` (`truncated` when it holds more).
 */
export function cameraRecords(
  device: SimDevice,
  query: { from: number; to: number; type?: CameraRecordType; limit?: number },
  now: number,
): { files: CameraRecordFile[]; truncated: boolean } {
  const limit = Math.min(query.limit ?? CAMERA_RECORDS_MAX, CAMERA_RECORDS_MAX);
  return keptRecords((hour) => hourRecords(device, hour), { ...query, limit, keptDays: CARD_DAYS }, now);
}

/** The period of `records` and `replay` (ISO times): within the card's days and at most the DSS's 120 minutes. */
function periodOf(args: Record<string, unknown>, now: number): { from: number; to: number } | string {
  const from = Date.parse(String(args.from));
  const to = Date.parse(String(args.to));
  if (Number.isNaN(from) || Number.isNaN(to) || from >= to) return 'bad period';
  if (to - from > PLAYBACK_MINUTES.max * 60_000) return 'period too long';
  if (from > now) return 'period in the future';
  return { from, to };
}

/** `records`: the card's records of the period, of a type when given. */
function recordsCommand(device: SimDevice, args: Record<string, unknown>, now: Date): CommandAnswer {
  const period = periodOf(args, now.getTime());
  if (typeof period === 'string') return { ok: false, error: period };
  const type = args.type === undefined ? undefined : CAMERA_RECORD_TYPES.find((t) => t === args.type);
  if (args.type !== undefined && !type) return { ok: false, error: 'bad type' };
  const limit = Number(args.limit) || CAMERA_RECORDS_MAX;
  return { ok: true, result: cameraRecords(device, { ...period, type, limit }, now.getTime()) };
}

/** `replay`: where the recorded period streams from (its length and speed: `replayPace`). */
async function replayCommand(device: SimDevice, args: Record<string, unknown>, now: Date): Promise<CommandAnswer> {
  const period = periodOf(args, now.getTime());
  if (typeof period === 'string') return { ok: false, error: period };
  const video = cameraStreams();
  if (!video.available) return { ok: false, error: 'no video: ffmpeg not found' };
  const to = Math.min(period.to, now.getTime());
  const url = await video.replayUrlOf(device, period.from, to);
  return { ok: true, result: { url, codec: 'h264', ...replayPace(to - period.from) } };
}

/**
 * The chances, per reading, that a camera raises motion, loses its video or is tampered with; an alarm
 * is restored at a later reading with the chance `restore`.
 */
export const CAMERA_ALARMS = { MOTION: 0.05, VIDEO_LOSS: 0.004, TAMPER: 0.002, restore: 0.5 } as const;

/** Motion (a warning) and video loss and tampering (alarms) now and then, each restored a while later. */
export function cameraEvents(device: SimDevice, random: () => number = Math.random): SimEvent[] {
  const out: SimEvent[] = [];
  for (const [code, level] of [
    ['MOTION', 'warning'],
    ['VIDEO_LOSS', 'alarm'],
    ['TAMPER', 'alarm'],
  ] as const) {
    const key = `alarm:${code}`;
    if (device.state[key] === true) {
      if (random() < CAMERA_ALARMS.restore) {
        device.state[key] = false;
        out.push({ code, type: 'restore', level });
      }
    } else if (random() < CAMERA_ALARMS[code]) {
      device.state[key] = true;
      out.push({ code, type: 'occur', level, detail: code === 'MOTION' ? { area: 1 + Math.floor(random() * 4) } : {} });
    }
  }
  return out;
}

/**
 * Cameras (docs/device-protocol.md "Camera"): they answer stream (the URL of their video), records (what
 * their card holds of a period), replay (the URL of a recorded period's video), reboot, synctime,
 * snapshot (1-16 pictures) and,
 * when their properties say they have PTZ, ptz (pan, tilt, zoom at a speed until stop) and presets.
 */
export const camera: FamilySim = {
  type: 'camera',
  firmware: 'IPC-2.8.0',
  init: (device) => {
    const view: CameraView = { pan: 0.5, tilt: 0.5, zoom: 1, move: null, presets: {} };
    device.state.view = view;
  },
  events: (device) => cameraEvents(device),
  commands: {
    [RECORDS_COMMAND]: (device, args, ctx) => recordsCommand(device, args, ctx.now),
    [REPLAY_COMMAND]: (device, args, ctx) => replayCommand(device, args, ctx.now),
    // Where its video is: H.264 in MPEG-TS over HTTP, made by ffmpeg while anybody reads it.
    stream: async (device) => {
      const video = cameraStreams();
      if (!video.available) return { ok: false, error: 'no video: ffmpeg not found' };
      return { ok: true, result: { url: await video.urlOf(device), codec: 'h264', width: 640, height: 360, fps: 10 } };
    },
    reboot: (_device, _args, ctx) => {
      ctx.reboot(3000);
      return { ok: true, result: { rebooting: true } };
    },
    synctime: (_device, args) =>
      typeof args.time === 'string' && !Number.isNaN(Date.parse(args.time))
        ? { ok: true, result: { time: args.time } }
        : { ok: false, error: 'bad time' },
    // JPEGs of its picture (the name and time on it), half a second apart, as data URLs within the MQTT
    // packet's size (null beyond it, or without ffmpeg).
    snapshot: async (device, args, ctx) => {
      const count = Number(args.count ?? SNAPSHOTS.default);
      if (!Number.isInteger(count) || count < SNAPSHOTS.min || count > SNAPSHOTS.max)
        return { ok: false, error: 'count out of range' };
      const at = ctx.now.getTime();
      const images = await cameraStreams().snapshots(device, at, count);
      return {
        ok: true,
        result: {
          pictures: images.map((image, i) => ({ at: new Date(at + i * 500).toISOString(), image })),
        },
      };
    },
    ptz: (device, args, ctx) => {
      if (device.plan.props.ptzSupported !== true) return { ok: false, error: 'no ptz' };
      const action = args.action as PtzAction;
      const speed = Number(args.speed ?? 4);
      if (!PTZ_ACTIONS.includes(action) || !(speed >= 1 && speed <= 8)) return { ok: false, error: 'bad ptz' };
      const now = ctx.now.getTime();
      const v = viewOf(device);
      Object.assign(v, viewAt(device, now));
      v.move = action === 'stop' ? null : { action, speed, since: now };
      changed(device);
      return { ok: true, result: { pan: v.pan, tilt: v.tilt, zoom: v.zoom } };
    },
    preset: (device, args, ctx) => {
      if (device.plan.props.ptzSupported !== true) return { ok: false, error: 'no ptz' };
      const index = Number(args.index);
      if (!Number.isInteger(index) || index < PTZ_PRESET.min || index > PTZ_PRESET.max)
        return { ok: false, error: 'bad preset' };
      const v = viewOf(device);
      Object.assign(v, viewAt(device, ctx.now.getTime()));
      v.move = null;
      if (args.action === 'set') v.presets[index] = { pan: v.pan, tilt: v.tilt, zoom: v.zoom };
      else if (args.action === 'clear') delete v.presets[index];
      else if (args.action === 'goto') {
        const p = v.presets[index];
        if (!p) return { ok: false, error: 'no such preset' };
        Object.assign(v, p);
      } else return { ok: false, error: 'bad preset action' };
      changed(device);
      return { ok: true, result: { pan: v.pan, tilt: v.tilt, zoom: v.zoom } };
    },
  },
};
