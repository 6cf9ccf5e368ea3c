import { z } from 'zod';
import { grantOf, grantsOf, publicGrantsOf } from '../../endpoints/endpoint.js';
import { int as setting } from '../../settings/kinds.js';
import { intRange } from '../../validation/rules.js';
import { activeStateFilter, deviceCalls, familyEndpoints, familyPublicEndpoints, pageCall } from '../kit/calls.js';
import { noArgs, REBOOT_COMMAND } from '../kit/commands.js';
import { blank } from '../kit/forms.js';
import { HELD_KEY } from '../kit/held-key.js';
import { LIVE_FILE, LIVE_STATES, type LiveVideo, liveVideoCalls } from '../kit/live-video.js';
import { defineFamily } from '../kit/manifest.js';
import { type PeriodError, periodLimitError } from '../kit/periods.js';
import { ipNetwork } from '../kit/planned.js';
import { bool, int, select, text } from '../kit/properties.js';
import { deviceRow, projectColumn } from '../kit/responses.js';
import { FAMILY_READS, familyMenu } from '../kit/screens.js';
import { VIDEO_RECORD_TYPES, type VideoRecordType, videoRecord, videoRecords } from '../kit/video-records.js';
import { replayFileCall, type VideoReplay, videoReplay } from '../kit/video-replay.js';

/** Spec 001 §3 "record source none/device/center" (DSS and ISC alike). */
export const RECORD_SOURCES = ['none', 'device', 'center'] as const;
/** Spec 001 §3 "stream mode": how the camera's stream is taken. */
export const STREAM_MODES = ['rtsp', 'hls', 'rtmp', 'flv'] as const;
export type StreamMode = (typeof STREAM_MODES)[number];

/** Spec 001 §9 "camera snapshots per operation 1-16 (4)". */
export const SNAPSHOTS = { min: 1, max: 16, default: 4 } as const;
/** PTZ speed, 1 (slow) to 8 (fast). */
export const PTZ_SPEED = { min: 1, max: 8, default: 4 } as const;
/** Preset positions 1-255 (what Dahua and Hikvision cameras offer). */
export const PTZ_PRESET = { min: 1, max: 255 } as const;

/** What a PTZ call moves: pan left and right, tilt up and down, zoom in and out, or stops the move. */
export const PTZ_ACTIONS = ['left', 'right', 'up', 'down', 'zoomIn', 'zoomOut', 'stop'] as const;
export type PtzAction = (typeof PTZ_ACTIONS)[number];
/** What a preset call does: go to the preset, save the current position as it, or clear it. */
export const PRESET_ACTIONS = ['goto', 'set', 'clear'] as const;
export type PresetAction = (typeof PRESET_ACTIONS)[number];

const choice = <T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: 'validation.validParam' });

/** POST …/:id/ptz: a move (its speed) or stop. One rule for the server and the console's pad. */
export const ptzBody = z.object({
  action: choice(PTZ_ACTIONS),
  speed: z.preprocess(blank, intRange(PTZ_SPEED.min, PTZ_SPEED.max).default(PTZ_SPEED.default)),
});
export type PtzBody = z.infer<typeof ptzBody>;

/** POST …/:id/preset: go to, set or clear preset `index` (1-255). */
export const presetBody = z.object({
  action: choice(PRESET_ACTIONS),
  index: intRange(PTZ_PRESET.min, PTZ_PRESET.max),
});
export type PresetBody = z.infer<typeof presetBody>;

/** POST …/:id/snapshot: how many pictures (1-16; the setting `cameraSnapshots` when not given). */
export const snapshotBody = z.object({
  count: z.preprocess(blank, intRange(SNAPSHOTS.min, SNAPSHOTS.max).optional()),
});
export type SnapshotBody = z.infer<typeof snapshotBody>;

/** A picture the camera took: when, and the JPEG as a data URL (null when the camera keeps it itself). */
export const cameraSnapshot = z.object({ at: z.string(), image: z.string().nullable() });
export type CameraSnapshot = z.infer<typeof cameraSnapshot>;

/**
 * Spec 001 §7 "camera: PTZ, reboot, synctime" and the snapshots of §9: what the platform tells a camera
 * (docs/device-protocol.md "Camera"). synctime carries the server's time; PTZ and presets are refused
 * for a camera that has no PTZ.
 */
export const CAMERA_COMMANDS = [
  REBOOT_COMMAND,
  { name: 'synctime', args: noArgs },
  { name: 'snapshot', args: snapshotBody as z.ZodType<Record<string, unknown>> },
  { name: 'ptz', args: ptzBody as z.ZodType<Record<string, unknown>> },
  { name: 'preset', args: presetBody as z.ZodType<Record<string, unknown>> },
] as const;
/** The commands only a PTZ camera takes. */
export const PTZ_COMMANDS: readonly string[] = ['ptz', 'preset'];

/** GET …/pages: the project's cameras by name, no or equipment id, online state and PTZ. */
export const cameraPageFilter = activeStateFilter.extend({
  ptz: z.enum(['true', 'false'], { error: 'validation.validParam' }).optional(),
});

/** A camera in the list: its codes, how its stream is taken, whether it has PTZ, its recorder. */
export const cameraRow = deviceRow.extend({
  ...projectColumn,
  code: z.string().nullable(),
  serialNumber: z.string().nullable(),
  streamMode: z.enum(STREAM_MODES).nullable(),
  ptzSupported: z.boolean(),
  /** The recorder it is bound to (null: none). */
  parentName: z.string().nullable(),
  /** Its live video on the stream gateway now (spec 001 §2 "live state"). */
  live: z.enum(LIVE_STATES),
});
export type CameraRow = z.infer<typeof cameraRow>;

/** The idle time of a stream after its last viewer, seconds (the setting `cameraLiveIdle`). */
export const LIVE_IDLE = { min: 5, max: 600, default: 30 } as const;
/** A camera's live stream on the server's stream gateway (spec 001 §7 "live, HLS restart and stop"): the kit's. */
export type CameraLive = LiveVideo;
/**
 * A live stream's key (its files' path carries it): random, made when the stream starts, forgotten when
 * it stops; whoever was given the playlist by the live call (signed in, the camera in their projects)
 * reads the files with it, without a session lookup for each of them.
 */
export const LIVE_KEY = HELD_KEY;

/**
 * Spec 001 §9 "DSS playback max 120 minutes": the longest period one recordings search or one replay
 * covers, minutes (the setting `cameraPlaybackMinutes`, 10 to 120; the server checks the setting, the
 * console the spec's maximum before asking).
 */
export const PLAYBACK_MINUTES = { min: 10, max: 120, default: 120 } as const;
/** The kinds of a camera's local (on-board card) records: spec 001 §3's record types of a recorder. */
export const CAMERA_RECORD_TYPES = VIDEO_RECORD_TYPES;
export type CameraRecordType = VideoRecordType;
/** The most records one search answers (the camera says `truncated` when it holds more). */
export const CAMERA_RECORDS_MAX = 500;
/**
 * A replay's video lasts the recorded period, but at most this many seconds: a longer period is played
 * faster (a 30-minute record in 60 s is 30 times as fast), the recorded time burned into each picture
 * (docs/device-protocol.md "Camera").
 */
export const REPLAY_SECONDS = 60;
/** The commands the camera answers for its records and replays (asked by their own calls). */
export const RECORDS_COMMAND = 'records';
export const REPLAY_COMMAND = 'replay';

const periodTime = z.preprocess(blank, z.coerce.date({ error: 'camera.rules.periodRequired' }));

/**
 * What is wrong with a period (`from` before `to`, at most `maxMinutes`): a message key with its
 * parameters, null when it is right. The server checks it against the setting, the console against the
 * spec's 120 minutes before asking.
 */
export function playbackPeriodError(from: Date, to: Date, maxMinutes: number = PLAYBACK_MINUTES.max): PeriodError {
  return periodLimitError('camera', from, to, maxMinutes, 60_000);
}

/** GET …/:id/records: the camera's local records of a period (required, see `playbackPeriodError`), of a type. */
export const cameraRecordsQuery = z.object({
  from: periodTime,
  to: periodTime,
  type: z.preprocess(blank, z.enum(CAMERA_RECORD_TYPES, { error: 'validation.validParam' }).optional()),
});
export type CameraRecordsQuery = z.infer<typeof cameraRecordsQuery>;
/** GET …/:id/replay: the recorded period to play (required, see `playbackPeriodError`). */
export const cameraReplayQuery = z.object({ from: periodTime, to: periodTime });
export type CameraReplayQuery = z.infer<typeof cameraReplayQuery>;

/** One record in the search's answer. */
export const cameraRecord = videoRecord;
export type CameraRecord = z.infer<typeof cameraRecord>;
export const cameraRecords = videoRecords(cameraRecord);
export type CameraRecords = z.infer<typeof cameraRecords>;

/** A replay's name in its files' key: the period's start and end, ms. */
export const REPLAY_NAME = /\d{1,15}-\d{1,15}/;
export const replayNameOf = (from: Date, to: Date) => `${from.getTime()}-${to.getTime()}`;

/** A replay on the stream gateway: an HLS VOD (a finite playlist, seekable), shared by its viewers (the kit's). */
export const cameraReplay = videoReplay;
export type CameraReplay = VideoReplay;

/** What the camera raises: motion (a warning), video loss and tampering (alarms, into site messages). */
export const CAMERA_EVENTS = [
  { code: 'MOTION', level: 'warning' },
  { code: 'VIDEO_LOSS', level: 'alarm' },
  { code: 'TAMPER', level: 'alarm' },
] as const;

const e = familyEndpoints('camera');

/** Spec 001 §7 "camera: register, PTZ, reboot, synctime": the cameras' calls, declared once. */
export const CAMERA_API = {
  ...deviceCalls(e, { commands: CAMERA_COMMANDS }),
  page: pageCall(e, cameraRow, "A page of the project's cameras with their stream mode and PTZ", cameraPageFilter),
  ...liveVideoCalls(e, 'camera'),
  records: e.get(':id/records', {
    query: cameraRecordsQuery,
    response: cameraRecords,
    summary: `Spec 001 §7 "camera: local records": asks the camera (the command records) for the records on its own card of a period (required, at most the setting cameraPlaybackMinutes, ${PLAYBACK_MINUTES.max} minutes), of one type when given; at most ${CAMERA_RECORDS_MAX}, oldest first. Offline 409, silent 504`,
  }),
  replay: e.get(':id/replay', {
    query: cameraReplayQuery,
    response: cameraReplay,
    summary: `Spec 001 §7 "camera: replay": asks the camera (the command replay) for the recorded period as a stream (at most the setting cameraPlaybackMinutes; played in at most ${REPLAY_SECONDS} s, faster when longer) and has the stream gateway copy it to an HLS VOD (a finite playlist that can be sought), shared by the replay's viewers and stopped a while after the last one (setting cameraLiveIdle). Offline 409, silent 504`,
  }),
  replayFile: replayFileCall(e, REPLAY_NAME, "a camera's replay", "the period's start-end, ms"),
};

const pub = familyPublicEndpoints('camera', 'camera');
/** A live stream's files by its key (no sign-in: the key the live call gave, 404 for any other). */
export const CAMERA_LIVE_MEDIA_API = {
  liveMedia: pub.get('live/:key/:file', {
    params: {
      key: z.string().regex(LIVE_KEY, 'validation.validParam'),
      file: z.string().regex(LIVE_FILE, 'validation.validParam'),
    },
    response: z.string(),
    summary:
      "The HLS playlist (index.m3u8) or a segment (seg<n>.ts) of a camera's live stream, by the stream's key that the live call answered (no sign-in; 404 for a wrong key or a stopped stream)",
  }),
};

const video = familyMenu('pjtvideo', 'video');

/** Cameras (spec 001 §3 "Camera"), in the video group the recorders open. */
export const cameraManifest = defineFamily({
  type: 'camera',
  slug: 'camera',
  module: 'video',
  properties: [
    text('serialNumber', 64),
    text('code', 64),
    select('streamMode', STREAM_MODES),
    text('primaryChannel', 128),
    text('secondaryChannel', 128),
    text('recordChannel', 128),
    text('hlsAddress', 128),
    int('hlsPort', 0, 65535),
    int('rtmpPort', 0, 65535),
    bool('ptzSupported'),
    text('dssDeviceCode', 64),
    int('dssChannel', 0, 1024),
    bool('multiStream'),
    select('recordSource', RECORD_SOURCES),
    text('recordChannelCode', 64),
    text('recordChannelId', 64),
    text('recordAddress', 128),
    text('cameraIndexCode', 64),
    text('encodingDeviceCode', 64),
    select('iscRecordSource', RECORD_SOURCES),
  ],
  network: ipNetwork('rtspPort', 'minPort', 'maxPort', 'channelNo'),
  parentTypes: ['dvr'],
  commands: CAMERA_COMMANDS,
  settings: [
    setting('cameraSnapshots', 'device', SNAPSHOTS),
    setting('cameraLiveIdle', 'device', LIVE_IDLE),
    setting('cameraPlaybackMinutes', 'video', PLAYBACK_MINUTES),
  ],
  events: CAMERA_EVENTS,
  api: { ...CAMERA_API, ...CAMERA_LIVE_MEDIA_API },
  publicApis: publicGrantsOf(CAMERA_LIVE_MEDIA_API),
  screens: [
    video('pjtdevicecameralist', 'VideoCameraOutlined', {
      ready: true,
      apis: [...grantsOf(CAMERA_API), ...FAMILY_READS],
    }),
    video('pjtcameralivegrid', 'AppstoreOutlined', {
      ready: true,
      apis: [grantOf(CAMERA_API.page), grantOf(CAMERA_API.live), grantOf(CAMERA_API.liveFile), ...FAMILY_READS],
    }),
    video('pjtdevicecamera', 'VideoCameraOutlined', { ready: true, menu: false, authOf: 'pjtdevicecameralist' }),
    video('pjtdevicecamerarecord', 'PlaySquareOutlined', {
      ready: true,
      apis: [
        grantOf(CAMERA_API.page),
        grantOf(CAMERA_API.records),
        grantOf(CAMERA_API.replay),
        grantOf(CAMERA_API.replayFile),
        ...FAMILY_READS,
      ],
    }),
  ],
  demo: { weight: 12, props: (random) => ({ streamMode: 'hls', ptzSupported: random() < 0.3 }) },
});
