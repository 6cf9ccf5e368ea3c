import { z } from 'zod';
import { deletedAnswer, pageQuery } from '../../api/paging.js';
import { grantsOf, publicGrantsOf } from '../../endpoints/endpoint.js';
import { description, idParam, intRange, scopedName, scopedNo } from '../../validation/rules.js';
import { activeStateFilter, deviceCalls, familyEndpoints, groupCalls, pageCall } from '../kit/calls.js';
import { idList, required } from '../kit/forms.js';
import { defineFamily } from '../kit/manifest.js';
import { ipNetwork } from '../kit/planned.js';
import { text } from '../kit/properties.js';
import {
  commandResponse,
  deviceRef,
  deviceRow,
  isoTime,
  namedRecord,
  pageOf,
  projectColumn,
  projectRecord,
} from '../kit/responses.js';
import { FAMILY_READS, familyGroup, familyMenu } from '../kit/screens.js';
import { NSC_STREAM_API, nscLiveCalls } from './live.js';
import { nscTaskCalls } from './tasks.js';
import { nscTimerCalls } from './timers.js';
import { nscVodCalls } from './vod.js';

export * from './live.js';
export * from './tasks.js';
export * from './timers.js';
export * from './vod.js';

/** What a speaker is doing (its reports' `status`). */
export const NSC_STATUSES = ['idle', 'playing'] as const;
export type NscStatus = (typeof NSC_STATUSES)[number];

/** A speaker's volume range (0 silent, 100 loudest). */
export const NSC_VOLUME = { min: 0, max: 100 } as const;

/** The media files a media group holds at most. */
export const NSC_GROUP_MEDIA_MAX = 200;
/** The speakers a terminal group holds at most. */
export const NSC_GROUP_DEVICES_MAX = 1000;
/** Spec 001 §9 "Media group id 1-65535". */
export const NSC_MEDIA_GROUP_ID = { min: 1, max: 65535 } as const;

/** POST …/:id/volume: the speaker's volume, 0-100. */
export const nscVolumeBody = z.object({ volume: required(intRange(NSC_VOLUME.min, NSC_VOLUME.max)) });

/**
 * Commands a speaker answers (docs/device-protocol.md "Network speakers"): set its volume, stop what it
 * plays, and play a media file of the project (the platform adds its name and duration).
 */
export const NSC_COMMANDS = [
  { name: 'volume', args: nscVolumeBody as z.ZodType<Record<string, unknown>> },
  { name: 'stop', args: z.strictObject({}) as z.ZodType<Record<string, unknown>> },
] as const;

/** POST …/:id/play: a media file of the project (by id) played on the speaker. */
export const nscPlayBody = z.object({
  mediaId: required(idParam(), 'nsc.play.mediaRequired'),
});

/** A speaker in the list (spec 001 §2 "Endpoint fields: mac, id, ip, name, type, version") and what it reports. */
export const nscSpeakerRow = deviceRow.extend({
  ...projectColumn,
  mac: z.string(),
  ip: z.string(),
  /** The terminal's own id (its type property). */
  terminalId: z.string().nullable(),
  /** Its model's name. */
  modelName: z.string().nullable(),
  /** Its firmware version: as reported, else as entered. */
  version: z.string().nullable(),
  /** Time of the latest report (null before the first). */
  reportedAt: isoTime.nullable(),
  volume: z.number().int().nullable(),
  status: z.enum(NSC_STATUSES).nullable(),
  /** The media it plays now (its name as reported), null when idle. */
  playing: z.string().nullable(),
});
export type NscSpeaker = z.infer<typeof nscSpeakerRow>;

/** A terminal group (spec 001 §3 "NSC: terminal group"): speakers of the project, project-scope name and no. */
export const nscGroupBody = z.object({
  name: scopedName(),
  no: scopedNo(),
  deviceIds: idList({
    max: NSC_GROUP_DEVICES_MAX,
    tooMany: 'nsc.groups.tooMany',
    duplicate: 'nsc.groups.duplicateDevice',
    required: 'nsc.groups.devicesRequired',
  }),
  description: description(),
});
export type NscGroupBody = z.infer<typeof nscGroupBody>;

/** A speaker as a group names it: who it is and whether it is online. */
const speakerRef = deviceRef.extend({ activeState: z.number().int() });
/** A speaker a group may hold: with its place, when it has one, to be picked on the map. */
const speakerOption = speakerRef.extend({ lng: z.number().nullable(), lat: z.number().nullable() });

const groupRow = z.object({
  ...namedRecord,
  projectId: z.number().int(),
  description: z.string(),
  /** The speakers, by name. */
  speakers: z.array(speakerRef),
  createdAt: isoTime,
});
export type NscGroup = z.infer<typeof groupRow>;

/** POST …/media (multipart fields `name`, `description` and the file `file`) and PUT …/media/:id. */
export const nscMediaBody = z.object({ name: scopedName(), description: description() });
export type NscMediaBody = z.infer<typeof nscMediaBody>;

const mediaRow = z.object({
  ...projectRecord,
  name: z.string(),
  description: z.string(),
  fileName: z.string(),
  /** Bytes. */
  size: z.number().int(),
  /** Seconds, as the mp3 decoder read it. */
  duration: z.number(),
  /** Bit rate, bit/s. */
  bitrate: z.number().int().nullable(),
  createdAt: isoTime,
});
export type NscMedia = z.infer<typeof mediaRow>;

/**
 * A media group (spec 001 §3 "NSC: media group"; §9 "Media group id 1-65535"): its id as the speakers
 * know it (`groupId`, unique in the project), name and its media in playing order.
 */
export const nscMediaGroupBody = z.object({
  groupId: required(intRange(NSC_MEDIA_GROUP_ID.min, NSC_MEDIA_GROUP_ID.max)),
  name: scopedName(),
  mediaIds: idList({
    max: NSC_GROUP_MEDIA_MAX,
    tooMany: 'nsc.mediaGroups.tooMany',
    duplicate: 'nsc.mediaGroups.duplicateMedia',
    required: 'nsc.mediaGroups.mediaRequired',
  }),
  description: description(),
});
export type NscMediaGroupBody = z.infer<typeof nscMediaGroupBody>;

const mediaRef = z.object({ id: z.number().int(), name: z.string(), duration: z.number() });
const mediaGroupRow = z.object({
  id: z.number().int(),
  groupId: z.number().int(),
  projectId: z.number().int(),
  name: z.string(),
  description: z.string(),
  /** In playing order. */
  media: z.array(mediaRef),
  /** Seconds, all its media once. */
  duration: z.number(),
  createdAt: isoTime,
});
export type NscMediaGroup = z.infer<typeof mediaGroupRow>;

const e = familyEndpoints('nsc');

/** Spec 001 §2 "speakers: list": registration, volume, stop and play, and the list with what each reports. */
export const NSC_API = {
  ...deviceCalls(e, { commands: NSC_COMMANDS, events: false }),
  play: e.post(':id/play', {
    body: nscPlayBody,
    response: commandResponse,
    summary: 'Play a media file of the project on a speaker (sent with its name and duration)',
  }),
  page: pageCall(e, nscSpeakerRow, "A page of the project's speakers with what each reports", activeStateFilter),
};

const groups = groupCalls(
  e,
  ['group', 'groups'],
  { row: groupRow, body: nscGroupBody },
  {
    noun: ['a terminal group', 'terminal groups'],
    several: 'Delete several terminal groups (form body ids=1,2,3)',
  },
);

/** Spec 001 §7 "nsc: groups": terminal groups of the project, members picked from its speakers. */
export const NSC_GROUP_API = {
  groups: groups.list,
  groupOptions: e.get('groups/options', {
    response: z.array(speakerOption),
    summary: "What a terminal group may hold: the project's speakers (up to 1000) with their places",
  }),
  ...groups.records,
};

const mediaGroups = groupCalls(
  e,
  ['mediaGroup', 'mediaGroups'],
  { row: mediaGroupRow, body: nscMediaGroupBody },
  {
    noun: ['a media group', 'media groups'],
    several: 'Delete several media groups (form body ids=1,2,3)',
  },
);

/** Spec 001 §7 "nsc: media with upload, media groups": mp3 files checked by content, and ordered groups of them. */
export const NSC_MEDIA_API = {
  media: e.get('media/pages', {
    query: pageQuery,
    response: pageOf(mediaRow),
    summary: "A page of the project's media (keyword over name and description)",
  }),
  upload: e.post('media', {
    response: mediaRow,
    summary:
      'Upload an mp3 (multipart: fields `name`, `description`, file `file`, under 10 MB): read by an mp3 decoder, refused unless it is one',
  }),
  updateMedia: e.put('media/:id', {
    body: nscMediaBody,
    response: mediaRow,
    summary: "Change a media file's name and description",
  }),
  deleteMedia: e.delete('media/:id', {
    response: deletedAnswer,
    summary: 'Delete a media file (refused while a media group holds it)',
  }),
  mediaOptions: e.get('media/options', {
    response: z.array(mediaRef),
    summary: "What a media group may hold: the project's media (up to 1000)",
  }),
  mediaGroups: mediaGroups.list,
  ...mediaGroups.records,
};

/** Spec 001 §7 "nsc: … tasks including start, stop, check": timed tasks, their conflicts and week. */
export const NSC_TASK_API = nscTaskCalls(e);

/** Spec 001 §2 control center, realtime broadcast: the operator's socket (docs/nsc-live.md). */
export const NSC_LIVE_API = nscLiveCalls(e);

/** Spec 001 §2 control center, voice on demand and VOD task: the on-demand queue (docs/nsc-vod.md). */
export const NSC_VOD_API = nscVodCalls(e);

/** Spec 001 §2 control center, timer task: timer broadcasts enabled on the speakers (docs/nsc-vod.md). */
export const NSC_TIMER_API = nscTimerCalls(e);

/**
 * What the control center reads and does: the speakers live with volume and stop, the groups, the
 * broadcast, the media (voice resource), the on-demand queue and the timers (reads at view level,
 * changes at modify).
 */
const CONTROL_CENTER = grantsOf(
  NSC_API,
  { groups: NSC_GROUP_API.groups, groupOptions: NSC_GROUP_API.groupOptions },
  NSC_LIVE_API,
  // The voice resource tab: the media, uploaded and grouped as on their own screen.
  NSC_MEDIA_API,
  NSC_VOD_API,
  NSC_TIMER_API,
);

/** What the task editor picks from: terminal groups, speakers, media groups and media. */
const TASK_PICKS = grantsOf({
  groups: NSC_GROUP_API.groups,
  groupOptions: NSC_GROUP_API.groupOptions,
  mediaOptions: NSC_MEDIA_API.mediaOptions,
  mediaGroups: NSC_MEDIA_API.mediaGroups,
});

/** What the audio entry reads: the speakers with their reports, and the week of tasks (today's). */
const VOICE_READS = grantsOf({ page: NSC_API.page, taskWeek: NSC_TASK_API.taskWeek });

const built = familyMenu('pjtnsc', 'nsc', { ready: true });
const page = (key: string, icon: string, apis: ReturnType<typeof grantsOf>) =>
  built(key, icon, { apis: [...apis, ...FAMILY_READS] });

/**
 * Network speakers (spec 001 §3 "NSC"): broadcast terminals, terminal groups, media and media groups.
 */
export const nscManifest = defineFamily({
  type: 'nsc',
  slug: 'nsc',
  module: 'nsc',
  properties: [text('terminalId', 64), text('version', 32)],
  network: ipNetwork(),
  commands: NSC_COMMANDS,
  api: {
    ...NSC_API,
    ...NSC_GROUP_API,
    ...NSC_MEDIA_API,
    ...NSC_TASK_API,
    ...NSC_LIVE_API,
    ...NSC_VOD_API,
    ...NSC_TIMER_API,
    ...NSC_STREAM_API,
  },
  publicApis: publicGrantsOf(NSC_STREAM_API),
  screens: [
    familyGroup('pjtnsc', 'SoundOutlined'),
    page('pjtdevicevoice', 'SoundOutlined', VOICE_READS),
    page('pjtdevicensclist', 'SoundOutlined', grantsOf(NSC_API)),
    page('pjtdevicenscgroup', 'GroupOutlined', grantsOf(NSC_GROUP_API)),
    page('pjtnscmediagroup', 'CustomerServiceOutlined', grantsOf(NSC_MEDIA_API)),
    page('pjtnsctasklist', 'FieldTimeOutlined', [...grantsOf(NSC_TASK_API), ...TASK_PICKS]),
    built('pjtnsctask', 'EditOutlined', { menu: false, authOf: 'pjtnsctasklist' }),
    page('pjtnsccontrolcenter', 'ControlOutlined', CONTROL_CENTER),
  ],
  demo: { weight: 4 },
});
