import { z } from 'zod';
import { grantsOf } from '../../endpoints/endpoint.js';
import { AUTH_LEVEL } from '../../enums.js';
import { intRange } from '../../validation/rules.js';
import { activeStateFilter, deviceCalls, familyEndpoints, pageCall } from '../kit/calls.js';
import { noArgs, REBOOT_COMMAND } from '../kit/commands.js';
import { blank } from '../kit/forms.js';
import { defineFamily } from '../kit/manifest.js';
import { type PeriodError, periodLimitError } from '../kit/periods.js';
import { ipNetwork } from '../kit/planned.js';
import { int } from '../kit/properties.js';
import { deviceRef, deviceRow, projectColumn } from '../kit/responses.js';
import { FAMILY_READS, familyGroup, familyMenu } from '../kit/screens.js';
import {
  deviceVideoRecord,
  VIDEO_RECORD_TYPES,
  type VideoRecordType,
  videoRecord,
  videoRecords,
} from '../kit/video-records.js';
import { replayFileCall, videoReplay } from '../kit/video-replay.js';

/** Spec 001 §3 "Recorder: … record types normal, event, warning, manual". */
export const RECORD_TYPES = VIDEO_RECORD_TYPES;
export type RecordType = VideoRecordType;

/** A recorder's channels (its `channelCount` property): 1 to 256. */
export const DVR_CHANNELS = { min: 1, max: 256 } as const;

/**
 * The longest period one record-file search covers, in hours. Spec 001 §9 caps a DSS playback search at
 * 120 minutes; a recorder's own file search pages offer one day at a time, so a search here covers at
 * most 24 hours (docs/device-protocol.md "Recorder").
 */
export const RECORD_SEARCH_HOURS = 24;
/** The most files one search answers (the recorder says `truncated` when it holds more). */
export const RECORD_FILES_MAX = 2000;
/** The cameras a recorder's channel picker offers at most (spec 000 §9 "parent list 1000"). */
export const DVR_CAMERAS_MAX = 1000;

/**
 * Spec 001 §7 "dvr: reboot, synctime": what the platform tells a recorder (docs/device-protocol.md
 * "Recorder"). synctime carries the server's time. The record-file search is the command `records`,
 * asked by its own call (POST …/:id/records, its period checked and its answer checked and completed).
 */
export const DVR_COMMANDS = [REBOOT_COMMAND, { name: 'synctime', args: noArgs }] as const;
/** The command that asks a recorder for its record files (arguments `recordsArgs`, answer the kit's `deviceVideoRecords`). */
export const RECORDS_COMMAND = 'records';
/**
 * The command that asks a recorder where one of its files streams from (arguments `ReplayArgs`; answer
 * `{ url, codec }`, a finite stream of the recording), asked by the call GET …/:id/replay.
 */
export const REPLAY_COMMAND = 'replay';

const channelRule = z.preprocess(blank, intRange(DVR_CHANNELS.min, DVR_CHANNELS.max));
const positiveId = z.preprocess(
  blank,
  z.coerce
    .number({ error: 'dvr.rules.cameraRequired' })
    .int('dvr.rules.cameraRequired')
    .positive('dvr.rules.cameraRequired'),
);

/**
 * POST …/:id/bind: a camera of the recorder's project on one of its channels (1 to its channel count,
 * checked by the server against the recorder), one camera per channel.
 */
export const bindBody = z.object({ channel: channelRule, cameraId: positiveId });
export type BindBody = z.infer<typeof bindBody>;
/** POST …/:id/unbind: frees a channel. */
export const unbindBody = z.object({ channel: channelRule });
export type UnbindBody = z.infer<typeof unbindBody>;

/** The period's time: required, a date. */
const periodTime = z.preprocess(blank, z.coerce.date({ error: 'dvr.rules.periodRequired' }));

/**
 * What is wrong with a search's period (`from` before `to`, at most RECORD_SEARCH_HOURS): a message key
 * with its parameters, null when it is right. The server checks it and the console's form before asking.
 */
export const recordsPeriodError = (from: Date, to: Date): PeriodError =>
  periodLimitError('dvr', from, to, RECORD_SEARCH_HOURS, 3_600_000);

/**
 * POST …/:id/records: the recorder's files of a period (required; `recordsPeriodError` says what else it
 * must be), of one type and one channel when given.
 */
export const recordsBody = z.object({
  from: periodTime,
  to: periodTime,
  type: z.preprocess(blank, z.enum(RECORD_TYPES, { error: 'validation.validParam' }).optional()),
  channel: z.preprocess(blank, intRange(DVR_CHANNELS.min, DVR_CHANNELS.max).optional()),
});
export type RecordsBody = z.infer<typeof recordsBody>;

/** What the platform sends with `records` (ISO times; `type` and `channel` only when asked). */
export interface RecordsArgs {
  from: string;
  to: string;
  type?: RecordType;
  channel?: number;
  /** The most files to answer. */
  limit: number;
}

/** One file as the recorder answers it: a device's video record with its channel (its answer is the kit's deviceVideoRecords). */
export const deviceRecordFile = deviceVideoRecord.extend({
  channel: z.number().int().min(DVR_CHANNELS.min).max(DVR_CHANNELS.max),
});
export type DeviceRecordFile = z.infer<typeof deviceRecordFile>;

/**
 * GET …/:id/replay: a record file to play, by its channel (1 to the recorder's channel count, checked by
 * the server against the recorder) and its start and end (`recordsPeriodError` says what they must be).
 */
export const replayQuery = z.object({
  channel: channelRule,
  from: periodTime,
  to: periodTime,
});
export type ReplayQuery = z.infer<typeof replayQuery>;

/** What the platform sends with `replay`: the file's channel and its start and end (ISO). */
export interface ReplayArgs {
  channel: number;
  from: string;
  to: string;
}

/** A replay's name in its files' key: the file's channel, start and end (ms). */
export const REPLAY_NAME = /\d{1,3}-\d{1,15}-\d{1,15}/;
export const replayNameOf = (channel: number, from: Date, to: Date) => `${channel}-${from.getTime()}-${to.getTime()}`;

/** A record file's replay on the stream gateway (the kit's answer) and the channel it was recorded on. */
export const dvrReplay = videoReplay.extend({ channel: z.number().int() });
export type DvrReplay = z.infer<typeof dvrReplay>;

/** A camera as a recorder's channel names it: who it is and its online state. */
export const boundCamera = deviceRef.extend({ activeState: z.number().int() });

/** One record file in the search's answer, with the camera bound to its channel (null: none). */
export const recordFile = videoRecord.extend({ channel: z.number().int(), camera: boundCamera.nullable() });
export type RecordFile = z.infer<typeof recordFile>;

export const recordsAnswer = videoRecords(recordFile);
export type RecordsAnswer = z.infer<typeof recordsAnswer>;

/** A recorder's channels 1 to its channel count, each with its camera (null: free). */
export const dvrChannels = z.object({
  id: z.number().int(),
  channelCount: z.number().int(),
  channels: z.array(z.object({ channel: z.number().int(), camera: boundCamera.nullable() })),
});
export type DvrChannels = z.infer<typeof dvrChannels>;

/** A camera the channel picker offers: the recorder's project's, with the channel it has here (null: none). */
export const dvrCamera = boundCamera.extend({ channel: z.number().int().nullable() });
export type DvrCamera = z.infer<typeof dvrCamera>;

/** Spec 001 §3 "Recorder: name, model, group, IPv4, MAC, channel count, registered, active, last active time". */
export const dvrRow = deviceRow.extend({
  ...projectColumn,
  modelName: z.string().nullable(),
  groupName: z.string().nullable(),
  ip: z.string().nullable(),
  mac: z.string().nullable(),
  channelCount: z.number().int().nullable(),
  /** Channels with a camera bound. */
  boundCount: z.number().int(),
});
export type DvrRow = z.infer<typeof dvrRow>;

const e = familyEndpoints('dvr');

/** Spec 001 §7 "dvr: register, channels, bind/unbind, record files, reboot, synctime", declared once. */
export const DVR_API = {
  ...deviceCalls(e, { commands: DVR_COMMANDS, events: false }),
  page: pageCall(
    e,
    dvrRow,
    "A page of the project's recorders with their model, group, address and channels",
    activeStateFilter,
  ),
  channels: e.get(':id/channels', {
    response: dvrChannels,
    summary: "A recorder's channels, 1 to its channel count, each with the camera bound to it",
  }),
  cameras: e.get(':id/cameras', {
    response: z.array(dvrCamera),
    summary: `The cameras of the recorder's project that a channel may take (at most ${DVR_CAMERAS_MAX}), with the channel each has on this recorder`,
  }),
  bind: e.post(':id/bind', {
    body: bindBody,
    response: dvrChannels,
    summary:
      "Binds a camera of the recorder's project to a channel (1 to its channel count; one camera per channel, a camera on one channel of a recorder); answers the channels",
  }),
  unbind: e.post(':id/unbind', {
    body: unbindBody,
    response: dvrChannels,
    summary: 'Frees a channel of a recorder; answers the channels',
  }),
  records: e.post(':id/records', {
    // Looking at recordings is viewing, as the camera's own records and every replay are.
    level: AUTH_LEVEL.view,
    body: recordsBody,
    response: recordsAnswer,
    summary: `Asks the recorder (the command records, as realdata asks a device for its values) for its record files of a period (required, at most ${RECORD_SEARCH_HOURS} hours), of one type (normal, event, warning, manual) and channel when given; at most ${RECORD_FILES_MAX} files, oldest first. Offline 409, silent 504`,
  }),
  replay: e.get(':id/replay', {
    query: replayQuery,
    response: dvrReplay,
    summary: `Replays a record file: asks the recorder (the command replay) for the file of a channel (1 to its channel count) and period (its start and end, at most ${RECORD_SEARCH_HOURS} hours) as a stream, and has the stream gateway copy it whole to an HLS VOD (a finite playlist that can be sought), shared by the file's viewers and stopped a while after the last one (setting cameraLiveIdle). Offline 409, silent 504`,
  }),
  replayFile: replayFileCall(e, REPLAY_NAME, "a record file's replay", "the file's channel-start-end, ms"),
};

const video = familyMenu('pjtvideo', 'video', { ready: true });

/** Recorders (spec 001 §3 "Recorder"): cameras record to their channels. The video menu group starts here. */
export const dvrManifest = defineFamily({
  type: 'dvr',
  slug: 'dvr',
  module: 'video',
  properties: [int('channelCount', DVR_CHANNELS.min, DVR_CHANNELS.max)],
  network: ipNetwork('rtspPort', 'minPort', 'maxPort'),
  // The cameras its channels record: a type as data (the binding names no other family's code).
  peers: { recorded: 'camera' },
  commands: DVR_COMMANDS,
  api: DVR_API,
  screens: [
    familyGroup('pjtvideo', 'VideoCameraOutlined'),
    video('pjtdevicedvrlist', 'DatabaseOutlined', { apis: [...grantsOf(DVR_API), ...FAMILY_READS] }),
    video('pjtdevicedvr', 'DatabaseOutlined', { menu: false, authOf: 'pjtdevicedvrlist' }),
  ],
  demo: { weight: 2, props: (random) => ({ channelCount: [4, 8, 16][Math.floor(random() * 3)] }) },
});
