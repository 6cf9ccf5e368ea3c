import { z } from 'zod';
import { pageQuery } from '../../api/paging.js';
import { intRange, scopedName } from '../../validation/rules.js';
import { type FamilyEndpoints, recordCalls } from '../kit/calls.js';
import { idList, required } from '../kit/forms.js';
import { isoTime, pageOf, projectRecord, recordDeleted } from '../kit/responses.js';
import { NSC_DELIVERY } from './tasks.js';

/**
 * Voice on demand (spec 001 §2 control center "voice on demand", "VOD task"; §3 "on-demand task
 * (devices, files, volume, repeat)"; §4 "queue: ready, playing, finished. Playback: play, pause,
 * continue, stop"; docs/nsc-vod.md): a list of media files played now on chosen speakers and terminal
 * groups, at a volume, the whole list `repeat` times. Repeat is a count (1-99), not "loop until
 * stopped": every on-demand task then ends by itself, so the queue always reaches `finished`.
 *
 * The task's state follows its speakers: `playing` once at least one speaker took the `vod` command,
 * `paused` and `playing` again by pause and resume, `finished` when every speaker that took it reports
 * it done (or left: offline), or by stop. A finished task may be changed (back to `ready`) or played again.
 */

/** Queue states (spec 001 §4), plus `paused` between pause and continue. */
export const NSC_VOD_STATES = ['ready', 'playing', 'paused', 'finished'] as const;
export type NscVodState = (typeof NSC_VOD_STATES)[number];

/**
 * One speaker's part of a played task: `playing`/`paused` as it reports, `finished` when it reported the
 * end (or was stopped, or left), `missed` when the `vod` command did not reach it (offline, silent, refused).
 */
export const NSC_VOD_SPEAKER_STATES = ['playing', 'paused', 'finished', 'missed'] as const;
export type NscVodSpeakerState = (typeof NSC_VOD_SPEAKER_STATES)[number];

/** Our limits (the spec names none): targets as a live broadcast's, media as a media group's. */
export const NSC_VOD_LIMITS = {
  targets: 1000,
  media: 200,
  volume: { min: 0, max: 100 },
  repeat: { min: 1, max: 99 },
} as const;
const L = NSC_VOD_LIMITS;

const ids = (key: string, max: number, requiredKey?: string) =>
  idList({
    max,
    tooMany: `nsc.vodRules.${key}TooMany`,
    duplicate: `nsc.vodRules.${key}Duplicate`,
    required: requiredKey,
  });

/**
 * POST and PUT …/nsc/vod (JSON or form): speakers and/or terminal groups (one at least), media in
 * playing order (one at least), volume, and how many times the list plays (default once).
 */
export const nscVodBody = z
  .object({
    name: scopedName(),
    deviceIds: ids('devices', L.targets),
    groupIds: ids('groups', L.targets),
    mediaIds: ids('media', L.media, 'nsc.vodRules.mediaRequired'),
    volume: required(intRange(L.volume.min, L.volume.max)),
    repeat: intRange(L.repeat.min, L.repeat.max).optional().default(1),
  })
  .superRefine((t, ctx) => {
    if (t.deviceIds.length + t.groupIds.length === 0)
      ctx.addIssue({ code: 'custom', path: ['deviceIds'], message: 'nsc.vodRules.targetsRequired' });
  });
export type NscVodBody = z.infer<typeof nscVodBody>;
export type NscVodInput = z.input<typeof nscVodBody>;

const named = z.object({ id: z.number().int(), name: z.string() });
const mediaRef = named.extend({ duration: z.number() });

/** An on-demand task as the calls answer it. */
export const nscVod = z.object({
  ...projectRecord,
  name: z.string(),
  deviceIds: z.array(z.number().int()),
  groupIds: z.array(z.number().int()),
  mediaIds: z.array(z.number().int()),
  volume: z.number().int(),
  repeat: z.number().int(),
  state: z.enum(NSC_VOD_STATES),
  /** The chosen speakers and groups, by name (one deleted since is left out). */
  devices: z.array(named),
  groups: z.array(named),
  /** Its media in playing order. */
  media: z.array(mediaRef),
  /** Seconds: the list once times `repeat`. */
  durationSeconds: z.number(),
  /** The speakers it plays on (the chosen ones and their groups' members), each with its part once played. */
  speakers: z.array(named.extend({ state: z.enum(NSC_VOD_SPEAKER_STATES).nullable() })),
  createdBy: z.string(),
  createdAt: isoTime,
  updatedAt: isoTime,
  startedAt: isoTime.nullable(),
  finishedAt: isoTime.nullable(),
});
export type NscVod = z.infer<typeof nscVod>;

/** GET …/nsc/vod/pages: the queue, newest first, by state (keyword over the name). */
export const nscVodQuery = pageQuery.extend({
  state: z.enum(NSC_VOD_STATES, { error: 'validation.validParam' }).optional(),
});

/** POST …/nsc/vod/:vodId/volume: the volume it plays at from now on, 0-100. */
export const nscVodVolumeBody = z.object({ volume: required(intRange(L.volume.min, L.volume.max)) });

/** What play, pause, resume, stop and volume did on each speaker (as timed tasks' start: sent, offline, silent, failed). */
export const nscVodRun = z.object({
  vod: nscVod,
  speakers: z.array(named.extend({ outcome: z.enum(NSC_DELIVERY) })),
});
export type NscVodRun = z.infer<typeof nscVodRun>;

/** The device commands (docs/device-protocol.md "Network speakers"). */
export const NSC_VOD_COMMANDS = {
  play: 'vod',
  pause: 'vodpause',
  resume: 'vodresume',
  stop: 'vodstop',
  volume: 'vodvolume',
} as const;

/** The `vod` command's args: what the speaker plays now, in order, `repeat` times, at `volume`. */
export interface NscVodArgs {
  vodId: number;
  name: string;
  volume: number;
  repeat: number;
  media: { id: number; name: string; duration: number }[];
}

/**
 * What a speaker reports of the on-demand task it plays or played last (its telemetry carries it flat:
 * `vodId`, `vodState` playing | paused | finished, `vodRound` 1…repeat; `playing` and `position` as ever).
 */
export const nscVodReport = z.object({
  id: z.number().int().positive(),
  state: z.enum(['playing', 'paused', 'finished']),
  round: z.number().int().positive().optional(),
});
export type NscVodReport = z.infer<typeof nscVodReport>;

/** The on-demand report of a speaker's telemetry values, or null when it has none. */
export function vodReportOf(values: Record<string, unknown>): NscVodReport | null {
  const parsed = nscVodReport.safeParse({ id: values.vodId, state: values.vodState, round: values.vodRound });
  return parsed.success ? parsed.data : null;
}

/**
 * The realtime push that says an on-demand task's state changed (the channel's `batch` kind, the
 * progress of a family's group command): `batchId` is this, `command` 'vod', `acknowledged` the speakers
 * done, `pending` those still playing, `done` once finished.
 */
export const nscVodBatchId = (vodId: number) => `nsc-vod-${vodId}`;

const vod = 'vod/:vodId' as const;

/** Spec 001 §2 "voice on demand", "VOD task": the queue and its playback. */
export const nscVodCalls = <S extends string>(e: FamilyEndpoints<S>) => ({
  ...recordCalls(
    e,
    {
      names: ['vod', 'vods'],
      path: 'vod',
      id: 'vodId',
      list: 'vod/pages',
      noun: ['an on-demand task', 'on-demand tasks'],
    },
    { row: nscVod, detail: nscVod, body: nscVodBody, deleted: recordDeleted },
    {
      create: ' (ready): speakers and/or groups of the project, its media in order, volume, repeat 1-99',
      update: ' while ready or finished (a finished one is ready again)',
      delete: ' (not while playing or paused)',
    },
  ),
  // The queue's page with its state filter replaces recordCalls' plain one.
  vods: e.get('vod/pages', {
    query: nscVodQuery,
    response: pageOf(nscVod),
    summary: 'The on-demand queue, newest first (keyword over the name; state ready, playing, paused, finished)',
  }),
  playVod: e.post(`${vod}/play`, {
    response: nscVodRun,
    summary:
      'Play a ready or finished task now on its speakers (command `vod`); each speaker answers sent, offline, silent or failed; playing once one took it',
  }),
  pauseVod: e.post(`${vod}/pause`, {
    response: nscVodRun,
    summary: 'Pause a playing task on its speakers (command `vodpause`)',
  }),
  resumeVod: e.post(`${vod}/resume`, {
    response: nscVodRun,
    summary: 'Continue a paused task where each speaker paused (command `vodresume`)',
  }),
  stopVod: e.post(`${vod}/stop`, {
    response: nscVodRun,
    summary: 'Stop a playing or paused task (command `vodstop`): finished at once',
  }),
  vodVolume: e.post(`${vod}/volume`, {
    body: nscVodVolumeBody,
    response: nscVodRun,
    summary: "Change a task's volume: kept, and sent to its speakers while it plays or is paused (command `vodvolume`)",
  }),
});
