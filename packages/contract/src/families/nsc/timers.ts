import { z } from 'zod';
import { pageQuery } from '../../api/paging.js';
import { intRange, scopedName } from '../../validation/rules.js';
import { type FamilyEndpoints, recordCalls } from '../kit/calls.js';
import { blank, idList, required } from '../kit/forms.js';
import { isoDate } from '../kit/policy.js';
import { isoTime, pageOf, projectRecord, recordDeleted } from '../kit/responses.js';
import { addDays, localClock } from '../kit/schedule.js';
import { NSC_DELIVERY } from './tasks.js';

/**
 * Timer broadcasts (spec 001 §2 control center "timer task"; §3 "timer broadcast (type mic/file, mode
 * every day/week/single, start time, duration, volume, enabled/disabled)"; §4 "Timer task
 * enabled/disabled"; docs/nsc-vod.md): at a time of day, on every day, some weekdays or one date, the
 * speakers play media files (type `file`) or their microphone input (type `mic`) for a duration.
 *
 * Like timed tasks, an enabled timer runs on each speaker's own clock: the server sends each speaker the
 * whole list of its enabled timers (command `timers`) when one is enabled, changed while enabled,
 * disabled or deleted, and again when the speaker comes back. Times are in the system timezone (setting
 * `timezone`); a timer may run past midnight (its duration is up to 24 h).
 */

export const NSC_TIMER_TYPES = ['mic', 'file'] as const;
export type NscTimerType = (typeof NSC_TIMER_TYPES)[number];
export const NSC_TIMER_MODES = ['everyday', 'week', 'single'] as const;
export type NscTimerMode = (typeof NSC_TIMER_MODES)[number];

/** Our limits (the spec names none): a speaker's list stays small enough for one command. */
export const NSC_TIMER_LIMITS = {
  perProject: 50,
  targets: 1000,
  media: 200,
  volume: { min: 0, max: 100 },
  durationSeconds: { min: 1, max: 86_400 },
} as const;
const L = NSC_TIMER_LIMITS;

/** 'HH:mm:ss' (an 'HH:mm' is read as on the minute). */
export const clockSeconds = z.preprocess(
  (v) => (typeof v === 'string' && /^\d{2}:\d{2}$/.test(v.trim()) ? `${v.trim()}:00` : v),
  z
    .string({ error: 'nsc.timerRules.startTime' })
    .trim()
    .regex(/^([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/, 'nsc.timerRules.startTime'),
);

const ids = (key: string, max: number) =>
  idList({ max, tooMany: `nsc.timerRules.${key}TooMany`, duplicate: `nsc.timerRules.${key}Duplicate` });

/** A timer's fields (POST and PUT …/nsc/timers, JSON or form). */
export const nscTimerFields = z.object({
  name: scopedName(),
  type: z.enum(NSC_TIMER_TYPES, { error: 'validation.validParam' }),
  mode: z.enum(NSC_TIMER_MODES, { error: 'validation.validParam' }),
  /** Week mode: 1 Monday … 7 Sunday. */
  weekdays: z.array(intRange(1, 7)).optional().default([]),
  /** Single mode: the date it runs on. */
  date: z.preprocess(blank, isoDate.optional()),
  startTime: clockSeconds,
  durationSeconds: required(intRange(L.durationSeconds.min, L.durationSeconds.max)),
  volume: required(intRange(L.volume.min, L.volume.max)),
  deviceIds: ids('devices', L.targets),
  groupIds: ids('groups', L.targets),
  /** File type: the media in playing order (again from the first until its duration ends); mic: none. */
  mediaIds: ids('media', L.media),
});
export type NscTimerFields = z.infer<typeof nscTimerFields>;

/** Each rule spanning fields, as [path, message]. */
export function nscTimerProblems(t: NscTimerFields): [string[], string][] {
  const out: [string[], string][] = [];
  if (t.mode === 'week' && t.weekdays.length === 0) out.push([['weekdays'], 'nsc.timerRules.weekdays']);
  if (t.mode === 'single' && !t.date) out.push([['date'], 'nsc.timerRules.date']);
  if (t.deviceIds.length + t.groupIds.length === 0) out.push([['deviceIds'], 'nsc.timerRules.targetsRequired']);
  if (t.type === 'file' && t.mediaIds.length === 0) out.push([['mediaIds'], 'nsc.timerRules.mediaRequired']);
  return out;
}

/** POST and PUT …/nsc/timers: the fields with their rules (the server checks the references). */
export const nscTimerBody = nscTimerFields.superRefine((t, ctx) => {
  for (const [path, message] of nscTimerProblems(t)) ctx.addIssue({ code: 'custom', path, message });
});
export type NscTimerBody = z.infer<typeof nscTimerBody>;
export type NscTimerInput = z.input<typeof nscTimerBody>;

/** Only what its type and mode use is kept: weekdays sorted (week), the date (single), media (file). */
export function keptTimer<T extends NscTimerFields>(t: T): T {
  return {
    ...t,
    weekdays: t.mode === 'week' ? [...new Set(t.weekdays)].sort() : [],
    date: t.mode === 'single' ? t.date : undefined,
    mediaIds: t.type === 'file' ? t.mediaIds : [],
  };
}

const named = z.object({ id: z.number().int(), name: z.string() });

/** A timer as the calls answer it. */
export const nscTimer = z.object({
  ...projectRecord,
  name: z.string(),
  type: z.enum(NSC_TIMER_TYPES),
  mode: z.enum(NSC_TIMER_MODES),
  weekdays: z.array(z.number().int()),
  date: z.string().nullable(),
  startTime: z.string(),
  /** 'HH:mm:ss' it ends (past midnight: of the next day). */
  endTime: z.string(),
  durationSeconds: z.number().int(),
  volume: z.number().int(),
  deviceIds: z.array(z.number().int()),
  groupIds: z.array(z.number().int()),
  mediaIds: z.array(z.number().int()),
  enabled: z.boolean(),
  devices: z.array(named),
  groups: z.array(named),
  media: z.array(named.extend({ duration: z.number() })),
  /** The speakers it runs on (the chosen ones and their groups' members). */
  speakers: z.array(named),
  createdBy: z.string(),
  createdAt: isoTime,
  updatedAt: isoTime,
});
export type NscTimer = z.infer<typeof nscTimer>;

/** What a change that reaches the speakers did on each (the `timers` command: sent, offline, silent, failed). */
export const nscTimerRun = z.object({
  timer: nscTimer,
  speakers: z.array(named.extend({ outcome: z.enum(NSC_DELIVERY) })),
});
export type NscTimerRun = z.infer<typeof nscTimerRun>;

export const nscTimerQuery = pageQuery.extend({
  enabled: z.enum(['true', 'false'], { error: 'validation.validParam' }).optional(),
});

/**
 * The name a speaker reports while a mic timer plays its microphone input (the console shows it as
 * `nsc.timers.micInput` in the user's language).
 */
export const NSC_MIC_PLAYING = 'Microphone input';

/** The device command: the speaker's whole list of enabled timers (it keeps exactly these). */
export const NSC_TIMERS_COMMAND = 'timers';

/** One timer as a speaker gets it. */
export interface NscTimerArgs {
  timerId: number;
  name: string;
  type: NscTimerType;
  mode: NscTimerMode;
  weekdays: number[];
  date: string | null;
  startTime: string;
  durationSeconds: number;
  volume: number;
  /** Hours east of UTC its times are in. */
  tz: number;
  /** File type: in playing order; mic: none. */
  media: { id: number; name: string; duration: number }[];
}

/** The seconds after midnight of 'HH:mm:ss'. */
export const secondsOfClock = (clock: string) => {
  const [h = 0, m = 0, s = 0] = clock.split(':').map(Number);
  return h * 3600 + m * 60 + s;
};
/** 'HH:mm:ss' of seconds after midnight (wrapped past 24 h). */
export const clockOfDaySeconds = (seconds: number) => {
  const s = ((seconds % 86_400) + 86_400) % 86_400;
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(Math.floor(s / 3600))}:${two(Math.floor((s % 3600) / 60))}:${two(s % 60)}`;
};

const weekdayOf = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay() || 7;

/** Whether a timer starts on a local date. */
export function timerRunsOn(t: Pick<NscTimerArgs, 'mode' | 'weekdays' | 'date'>, date: string): boolean {
  if (t.mode === 'everyday') return true;
  if (t.mode === 'week') return t.weekdays.includes(weekdayOf(date));
  return t.date === date;
}

/**
 * Whether a timer plays at `at` (its timezone's clock): the occurrence started today or, past
 * midnight, yesterday; how far into it (s) and the occurrence's key (timer and start date).
 */
export function timerActiveAt(t: NscTimerArgs, at: Date): { elapsed: number; key: string } | null {
  const { date } = localClock(at, t.tz);
  const shifted = at.getTime() + t.tz * 3_600_000;
  const second = (((shifted % 86_400_000) + 86_400_000) % 86_400_000) / 1000;
  const start = secondsOfClock(t.startTime);
  for (const [day, offset] of [
    [date, 0],
    [addDays(date, -1), 86_400],
  ] as const) {
    const elapsed = second + offset - start;
    if (timerRunsOn(t, day) && elapsed >= 0 && elapsed < t.durationSeconds)
      return { elapsed, key: `${t.timerId}:${day}` };
  }
  return null;
}

const timer = 'timers/:timerId' as const;

/** Spec 001 §2 "timer task": timers of the project, enabled and disabled. */
export const nscTimerCalls = <S extends string>(e: FamilyEndpoints<S>) => {
  const { timers: _plain, ...records } = recordCalls(
    e,
    {
      names: ['timer', 'timers'],
      path: 'timers',
      id: 'timerId',
      list: 'timers/pages',
      noun: ['a timer broadcast', 'timer broadcasts'],
    },
    { row: nscTimer, detail: nscTimer, body: nscTimerBody, deleted: recordDeleted },
    {
      create: ` (disabled until enabled): at most ${L.perProject} per project`,
      delete: ' (an enabled one is withdrawn from its speakers first)',
    },
  );
  return {
    timers: e.get('timers/pages', {
      query: nscTimerQuery,
      response: pageOf(nscTimer),
      summary: "A page of the project's timer broadcasts by start time (keyword over the name; enabled true/false)",
    }),
    ...records,
    updateTimer: e.put(timer, {
      body: nscTimerBody,
      response: nscTimerRun,
      summary: 'Change a timer broadcast; an enabled one is sent again to its speakers, old and new (command `timers`)',
    }),
    enableTimer: e.post(`${timer}/enable`, {
      response: nscTimerRun,
      summary:
        'Enable a timer broadcast: each of its speakers is sent its enabled timers (command `timers`); an offline or silent one when it comes back',
    }),
    disableTimer: e.post(`${timer}/disable`, {
      response: nscTimerRun,
      summary: 'Disable a timer broadcast: withdrawn from its speakers (command `timers` without it)',
    }),
  };
};
