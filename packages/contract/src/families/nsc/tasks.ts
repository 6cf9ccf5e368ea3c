import { z } from 'zod';
import { AUTH_LEVEL } from '../../enums.js';
import { msg } from '../../validation/message.js';
import { description, intRange, scopedName, scopedNo } from '../../validation/rules.js';
import { type FamilyEndpoints, recordCalls } from '../kit/calls.js';
import { idList } from '../kit/forms.js';
import { clockTime, isoDate, type PolicyCycle } from '../kit/policy.js';
import { projectRecord, recordDeleted, reviewedRecord } from '../kit/responses.js';
import { addDays, clockOf, policyApplies } from '../kit/schedule.js';

/**
 * Timed tasks of network speakers (spec 001 §3 "NSC: timed task", §4 edit and checked states, started and
 * stopped, §5 "at least one weekday or date; group/endpoint and media selections required … tasks per
 * project 1-10"): every rule written once here for the server and the console's editor, with the
 * overlap of two tasks on a speaker (the conflicts the editor shows before saving).
 *
 * Times are local to the system timezone (the setting `timezone`, hours east of UTC): a task at 08:00
 * plays at 08:00 of that offset on each date its date mode picks between its begin and end dates, for
 * its duration (it ends the same day).
 */

export const NSC_PLAY_MODES = ['random', 'cycle'] as const;
export type NscPlayMode = (typeof NSC_PLAY_MODES)[number];
/** Spec 001 §3 "date mode everyday/week/date". */
export const NSC_DATE_MODES = ['everyday', 'week', 'date'] as const;
export type NscDateMode = (typeof NSC_DATE_MODES)[number];
/** Terminals by terminal group or by endpoint (speaker). */
export const NSC_TARGET_MODES = ['group', 'endpoint'] as const;
/** Media by media group or by media file. */
export const NSC_SOURCE_MODES = ['group', 'media'] as const;
export const NSC_TASK_STATES = ['edit', 'checked'] as const;
export type NscTaskState = (typeof NSC_TASK_STATES)[number];

/** The limits of a task (spec 001 §9 "tasks per project 1-10"; the others are our choices). */
export const NSC_TASK_LIMITS = {
  perProject: 10,
  priority: { min: 1, max: 10 },
  volume: { min: 0, max: 100 },
  durationSeconds: { min: 1, max: 86_400 },
  dates: 366,
  targets: 1000,
  media: 200,
} as const;
const L = NSC_TASK_LIMITS;
const DAY_SECONDS = 86_400;

const ids = (key: string, max: number) =>
  idList({ max, tooMany: `nsc.taskRules.${key}TooMany`, duplicate: `nsc.taskRules.${key}Duplicate` });

/** A task's fields as the editor fills them (POST and PUT …/tasks, JSON). */
export const nscTaskFields = z.object({
  name: scopedName(),
  no: scopedNo(),
  beginDate: isoDate,
  endDate: isoDate,
  startTime: clockTime,
  priority: intRange(L.priority.min, L.priority.max).optional().default(5),
  volume: intRange(L.volume.min, L.volume.max),
  playMode: z.enum(NSC_PLAY_MODES, { error: 'validation.validParam' }).optional().default('cycle'),
  durationSeconds: intRange(L.durationSeconds.min, L.durationSeconds.max),
  dateMode: z.enum(NSC_DATE_MODES, { error: 'validation.validParam' }),
  /** Week mode: 1 Monday … 7 Sunday. */
  weekdays: z.array(intRange(1, 7)).optional().default([]),
  /** Date mode: the dates it plays on, between its begin and end dates. */
  dates: z
    .array(isoDate)
    .max(L.dates, msg('nsc.taskRules.tooManyDates', { count: L.dates }))
    .optional()
    .default([]),
  targetMode: z.enum(NSC_TARGET_MODES, { error: 'validation.validParam' }),
  groupIds: ids('groups', L.targets),
  deviceIds: ids('devices', L.targets),
  sourceMode: z.enum(NSC_SOURCE_MODES, { error: 'validation.validParam' }),
  mediaGroupIds: ids('mediaGroups', L.media),
  mediaIds: ids('media', L.media),
  description: description(),
});
export type NscTaskFields = z.infer<typeof nscTaskFields>;

/** The seconds after local midnight a task starts and ends. */
export function taskSpan(t: { startTime: string; durationSeconds: number }) {
  const [h, m] = t.startTime.split(':').map(Number) as [number, number];
  const start = (h * 60 + m) * 60;
  return { start, end: start + t.durationSeconds };
}

/** 'HH:mm' (or 'HH:mm:ss' when not on a minute) of seconds after midnight. */
export const clockOfSeconds = (s: number) =>
  s % 60 === 0 ? clockOf(s / 60) : `${clockOf(Math.floor(s / 60))}:${String(s % 60).padStart(2, '0')}`;

/**
 * Each rule of spec 001 §5 that spans fields, as [path, message]: dates in order, a task ends the day it
 * starts, at least one weekday (week mode) or date (date mode, between its begin and end dates), the
 * terminals and the media of its modes chosen.
 */
export function nscTaskProblems(t: NscTaskFields): [string[], string][] {
  const out: [string[], string][] = [];
  if (t.beginDate > t.endDate) out.push([['endDate'], 'nsc.taskRules.dateRange']);
  if (taskSpan(t).end > DAY_SECONDS) out.push([['durationSeconds'], 'nsc.taskRules.pastMidnight']);
  if (t.dateMode === 'week' && t.weekdays.length === 0) out.push([['weekdays'], 'nsc.taskRules.weekdays']);
  if (t.dateMode === 'date') {
    if (t.dates.length === 0) out.push([['dates'], 'nsc.taskRules.dates']);
    else if (t.dates.some((d) => d < t.beginDate || d > t.endDate)) out.push([['dates'], 'nsc.taskRules.dateOutside']);
  }
  if (t.targetMode === 'group' && t.groupIds.length === 0) out.push([['groupIds'], 'nsc.taskRules.groupsRequired']);
  if (t.targetMode === 'endpoint' && t.deviceIds.length === 0)
    out.push([['deviceIds'], 'nsc.taskRules.devicesRequired']);
  if (t.sourceMode === 'group' && t.mediaGroupIds.length === 0)
    out.push([['mediaGroupIds'], 'nsc.taskRules.mediaGroupsRequired']);
  if (t.sourceMode === 'media' && t.mediaIds.length === 0) out.push([['mediaIds'], 'nsc.taskRules.mediaRequired']);
  return out;
}

/** POST and PUT …/tasks: the fields with every rule of spec 001 §5 (the server checks the references). */
export const nscTaskBody = nscTaskFields.superRefine((t, ctx) => {
  for (const [path, message] of nscTaskProblems(t)) ctx.addIssue({ code: 'custom', path, message });
});
export type NscTaskBody = z.infer<typeof nscTaskBody>;
export type NscTaskInput = z.input<typeof nscTaskBody>;

/** Only the selections of a task's modes are kept (the others emptied), weekdays and dates sorted. */
export function keptSelections<T extends NscTaskFields>(t: T): T {
  return {
    ...t,
    weekdays: t.dateMode === 'week' ? [...new Set(t.weekdays)].sort() : [],
    dates: t.dateMode === 'date' ? [...new Set(t.dates)].sort() : [],
    groupIds: t.targetMode === 'group' ? t.groupIds : [],
    deviceIds: t.targetMode === 'endpoint' ? t.deviceIds : [],
    mediaGroupIds: t.sourceMode === 'group' ? t.mediaGroupIds : [],
    mediaIds: t.sourceMode === 'media' ? t.mediaIds : [],
  };
}

/** When a task plays, as the dates it needs. */
export interface TaskTiming {
  beginDate: string;
  endDate: string;
  startTime: string;
  durationSeconds: number;
  dateMode: NscDateMode;
  weekdays: readonly number[];
  dates: readonly string[];
}

const cycleOf = (t: TaskTiming): PolicyCycle => ({
  mode: t.dateMode === 'date' ? 'holiday' : t.dateMode,
  from: t.beginDate,
  to: t.endDate,
  weekdays: [...t.weekdays],
  dates: [...t.dates],
});

/** Whether a task plays on a local date (its date mode, between its begin and end dates). */
export const taskRunsOn = (t: TaskTiming, date: string) => policyApplies({ units: [], cycle: cycleOf(t) }, date);

/** The dates of `days` days from `from` a task plays on. */
export function taskDates(t: TaskTiming, from: string, days: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < days; i++) {
    const date = addDays(from, i);
    if (taskRunsOn(t, date)) out.push(date);
  }
  return out;
}

/**
 * The first date two tasks both play on with their times overlapping, or null: a conflict when they
 * share a speaker. Weekly patterns repeat, so a week of their common dates tells; a date-mode task is
 * checked on its own dates.
 */
export function tasksOverlap(a: TaskTiming, b: TaskTiming): string | null {
  const x = taskSpan(a);
  const y = taskSpan(b);
  if (x.start >= y.end || y.start >= x.end) return null;
  // The later begin and the earlier end (yyyy-MM-dd sorts as text).
  const from = [a.beginDate, b.beginDate].sort()[1]!;
  const to = [a.endDate, b.endDate].sort()[0]!;
  if (from > to) return null;
  const candidates =
    a.dateMode === 'date' ? [...a.dates] : b.dateMode === 'date' ? [...b.dates] : taskDates(a, from, 7);
  return candidates.sort().find((d) => d >= from && d <= to && taskRunsOn(a, d) && taskRunsOn(b, d)) ?? null;
}

const named = z.object({ id: z.number().int(), name: z.string() });

/** A task as the calls answer it: its fields, what its selections name, its state and whether it runs. */
export const nscTask = z.object({
  ...projectRecord,
  name: z.string(),
  no: z.string(),
  beginDate: z.string(),
  endDate: z.string(),
  startTime: z.string(),
  /** 'HH:mm' or 'HH:mm:ss': start plus duration. */
  endTime: z.string(),
  priority: z.number().int(),
  volume: z.number().int(),
  playMode: z.enum(NSC_PLAY_MODES),
  durationSeconds: z.number().int(),
  dateMode: z.enum(NSC_DATE_MODES),
  weekdays: z.array(z.number().int()),
  dates: z.array(z.string()),
  targetMode: z.enum(NSC_TARGET_MODES),
  groupIds: z.array(z.number().int()),
  deviceIds: z.array(z.number().int()),
  sourceMode: z.enum(NSC_SOURCE_MODES),
  mediaGroupIds: z.array(z.number().int()),
  mediaIds: z.array(z.number().int()),
  description: z.string(),
  /** The groups or speakers it names, by name. */
  targets: z.array(named),
  /** The media groups or media it names, in playing order. */
  sources: z.array(named),
  /** The speakers it plays on (its groups' members, or its endpoints). */
  speakers: z.array(named),
  state: z.enum(NSC_TASK_STATES),
  /** Started (sent to its speakers) and not stopped. */
  running: z.boolean(),
  ...reviewedRecord,
});
export type NscTask = z.infer<typeof nscTask>;

/** POST …/tasks/conflicts: the task being edited (its id when it exists, so it does not conflict with itself). */
export const nscConflictBody = nscTaskFields.extend({
  id: z.coerce.number().int().positive().optional(),
});

/** Another task of the project that plays on some of the same speakers at an overlapping time. */
export const nscTaskConflict = z.object({
  taskId: z.number().int(),
  name: z.string(),
  no: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  /** The first date both play on. */
  date: z.string(),
  speakers: z.array(named),
});
export type NscTaskConflict = z.infer<typeof nscTaskConflict>;

/** GET …/tasks/week: from a date (default today), seven days of what plays where. */
export const nscWeekQuery = z.object({ from: isoDate.optional() });
export const nscWeekEntry = z.object({
  taskId: z.number().int(),
  name: z.string(),
  state: z.enum(NSC_TASK_STATES),
  running: z.boolean(),
  priority: z.number().int(),
  volume: z.number().int(),
  startTime: z.string(),
  endTime: z.string(),
  speakers: z.array(named),
  sources: z.array(named),
  /** Another task shares a speaker at an overlapping time that day. */
  conflict: z.boolean(),
});
export type NscWeekEntry = z.infer<typeof nscWeekEntry>;
export const nscWeek = z.object({
  from: z.string(),
  today: z.string(),
  days: z.array(z.object({ date: z.string(), weekday: z.number().int(), entries: z.array(nscWeekEntry) })),
});
export type NscWeek = z.infer<typeof nscWeek>;

/** What start and stop did on each speaker: sent, or left for when it comes back (offline, silent, refused). */
export const NSC_DELIVERY = ['sent', 'offline', 'silent', 'failed'] as const;
export const nscTaskRun = z.object({
  task: nscTask,
  speakers: z.array(named.extend({ outcome: z.enum(NSC_DELIVERY) })),
});
export type NscTaskRun = z.infer<typeof nscTaskRun>;

/** The device commands: a started task (its timing and media), and the end of one (`taskId`). */
export const NSC_TASK_COMMAND = 'task';
export const NSC_UNTASK_COMMAND = 'untask';

/** The speaker's side of a task (the `task` command's args). */
export interface NscTaskArgs extends TaskTiming {
  taskId: number;
  name: string;
  priority: number;
  volume: number;
  playMode: NscPlayMode;
  /** Hours east of UTC its times are in. */
  tz: number;
  media: { id: number; name: string; duration: number }[];
}

const task = 'tasks/:taskId' as const;
const check = { level: AUTH_LEVEL.check } as const;

/** Spec 001 §7 "nsc: … tasks including start, stop, check". */
export const nscTaskCalls = <S extends string>(e: FamilyEndpoints<S>) => ({
  ...recordCalls(
    e,
    { names: ['task', 'tasks'], path: 'tasks', id: 'taskId', noun: ['a timed task', 'timed tasks'] },
    { row: nscTask, detail: nscTask, body: nscTaskBody, deleted: recordDeleted },
    {
      list: ' (at most 10), by start time',
      create: ' (JSON), every rule of spec 001 §5; at most 10 per project',
      update: ' in the edit state',
      delete: ' in the edit state',
    },
  ),
  taskConflicts: e.post('tasks/conflicts', {
    body: nscConflictBody,
    response: z.array(nscTaskConflict),
    summary:
      "The project's other tasks that play on some of the same speakers at an overlapping time on a shared date (the editor asks before saving)",
  }),
  taskWeek: e.get('tasks/week', {
    query: nscWeekQuery,
    response: nscWeek,
    summary: 'Seven days from a date (default today): which task plays when, on which speakers',
  }),
  checkTask: e.post(`${task}/check`, {
    ...check,
    response: nscTask,
    summary: 'Approve a task (check level): it can be started, no longer changed',
  }),
  uncheckTask: e.post(`${task}/uncheck`, {
    ...check,
    response: nscTask,
    summary: 'Back to the edit state (check level; a started task is stopped first)',
  }),
  startTask: e.post(`${task}/start`, {
    response: nscTaskRun,
    summary:
      'Send a checked task to its speakers (command `task`); an offline or silent speaker gets it when it comes back',
  }),
  stopTask: e.post(`${task}/stop`, {
    response: nscTaskRun,
    summary: 'Take a started task off its speakers (command `untask`); an offline one is told when it comes back',
  }),
});
