import { PTZ_ACTIONS, PTZ_PRESET, type PtzAction, SNAPSHOTS } from '@sc/contract/families/camera';
import { createCameraStreams, simFfmpeg, type ViewMotion } from './camera-stream.js';
import type { FamilySim, SimDevice } from './types.js';

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

/**
 * Cameras (docs/device-protocol.md "Camera"): they answer stream (the URL of their video), reboot,
 * synctime, snapshot (1-16 pictures) and,
 * when their properties say they have PTZ, ptz (pan, tilt, zoom at a speed until stop) and presets.
 */
export const camera: FamilySim = {
  type: 'camera',
  firmware: 'IPC-2.8.0',
  init: (device) => {
    const view: CameraView = { pan: 0.5, tilt: 0.5, zoom: 1, move: null, presets: {} };
    device.state.view = view;
  },
  commands: {
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
    snapshot: (_device, args, ctx) => {
      const count = Number(args.count ?? SNAPSHOTS.default);
      if (!Number.isInteger(count) || count < SNAPSHOTS.min || count > SNAPSHOTS.max)
        return { ok: false, error: 'count out of range' };
      const at = ctx.now.getTime();
      return {
        ok: true,
        result: {
          pictures: Array.from({ length: count }, (_, i) => ({
            at: new Date(at + i * 500).toISOString(),
            image: null,
          })),
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
