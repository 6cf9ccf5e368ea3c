import { z } from 'zod';
import { msg } from '../../validation/message.js';
import { intRange as range } from '../../validation/rules.js';

/**
 * What every family's timed policy is made of (spec 001 §3 "Lighting policy", §5, §8): units that start
 * at a clock time or at sunrise/sunset ± minutes, and a cycle that says on which dates a policy applies.
 * The lamps' policies switch levels, the cabinets' circuits; schedule.ts runs both.
 */

/** What a unit does at its start: switch on (a level), off, or to eco. */
export const UNIT_TYPES = ['on', 'off', 'eco'] as const;
export type UnitType = (typeof UNIT_TYPES)[number];
/** A unit starts at a clock time (local time of the project's timezone) or sunrise/sunset ± minutes. */
export const START_KINDS = ['clock', 'sunrise', 'sunset'] as const;
export const CYCLE_MODES = ['everyday', 'once', 'year', 'month', 'week', 'holiday'] as const;
export type CycleMode = (typeof CYCLE_MODES)[number];

export const clockTime = z
  .string({ error: 'schedule.rules.clockTime' })
  .trim()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'schedule.rules.clockTime');
export const isoDate = z
  .string({ error: 'schedule.rules.date' })
  .trim()
  .regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, 'schedule.rules.date');

export const policyStart = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('clock'), time: clockTime }),
    z.object({ kind: z.literal('sunrise'), offset: range(-720, 720).optional().default(0) }),
    z.object({ kind: z.literal('sunset'), offset: range(-720, 720).optional().default(0) }),
  ],
  { error: 'validation.validParam' },
);
export type PolicyStart = z.infer<typeof policyStart>;

/**
 * When a policy applies (spec 001 §3 "cycle mode … with effective-date variants"): every day; once
 * (`date`); year (`months` 1-12); month (`days` 1-31); week (`weekdays` 1 Monday … 7 Sunday); holiday
 * (`dates`). Every mode but once may be limited to effective dates `from`…`to` (inclusive, either open).
 */
export const policyCycle = z
  .object({
    mode: z.enum(CYCLE_MODES, { error: 'validation.validParam' }),
    from: isoDate.optional(),
    to: isoDate.optional(),
    date: isoDate.optional(),
    months: z.array(range(1, 12)).optional(),
    days: z.array(range(1, 31)).optional(),
    weekdays: z.array(range(1, 7)).optional(),
    dates: z.array(isoDate).max(366).optional(),
  })
  .superRefine((c, ctx) => {
    const need = (key: 'date' | 'months' | 'days' | 'weekdays' | 'dates') => {
      const v = c[key];
      if (v === undefined || (Array.isArray(v) && v.length === 0))
        ctx.addIssue({ code: 'custom', path: [key], message: `schedule.rules.cycle.${key}` });
    };
    if (c.mode === 'once') need('date');
    if (c.mode === 'year') need('months');
    if (c.mode === 'month') need('days');
    if (c.mode === 'week') need('weekdays');
    if (c.mode === 'holiday') need('dates');
    if (c.from && c.to && c.from > c.to)
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'schedule.rules.effectiveDates' });
  });
export type PolicyCycle = z.infer<typeof policyCycle>;

/**
 * A policy's steps (`unit` each): at least one, at most `maxUnits` (the policyUnitsMax setting of the
 * time of the call), the same rule and words for every family with stepped policies.
 */
export const policyUnits = <U extends z.ZodType>(unit: U, maxUnits: number) =>
  z
    .array(unit, { error: 'schedule.rules.unitsMin' })
    .min(1, 'schedule.rules.unitsMin')
    .max(maxUnits, msg('schedule.rules.unitsMax', { count: maxUnits }));

/** A policy's cycle as the calls answer it. */
export const policyCycleOut = z.object({
  mode: z.enum(CYCLE_MODES),
  from: z.string().optional(),
  to: z.string().optional(),
  date: z.string().optional(),
  months: z.array(z.number()).optional(),
  days: z.array(z.number()).optional(),
  weekdays: z.array(z.number()).optional(),
  dates: z.array(z.string()).optional(),
});

/** A year of a schedule as the preview answers it: each date's first on and off minute. */
export const yearScheduleResponse = z.object({
  year: z.number().int(),
  days: z.array(
    z.object({
      date: z.string(),
      on: z.number().int().nullable(),
      off: z.number().int().nullable(),
      litMinutes: z.number().int(),
      polar: z.enum(['day', 'night']).nullable(),
    }),
  ),
});
