import { z } from 'zod';
import type { FamilyReading } from './manifest.js';
import { isoTime } from './responses.js';

/**
 * A project's totals of a family's energy-like readings (`sum: true`), from the per-project daily
 * rollup: one point per day, month or year (each beginning at midnight of the system timezone).
 */
export const TOTALS_UNITS = ['day', 'month', 'year'] as const;
export type TotalsUnit = (typeof TOTALS_UNITS)[number];

/** The period asked when none is given, and the longest one allowed, in days per unit. */
export const TOTALS_PERIOD_DAYS: Record<TotalsUnit, { default: number; max: number }> = {
  day: { default: 30, max: 400 },
  month: { default: 365, max: 3660 },
  year: { default: 5 * 365, max: 30 * 366 },
};

/** GET …/iot/<slug>/totals: the unit of a point and the period (default: the unit's usual period up to now). */
export const totalsQuery = z.object({
  unit: z.enum(TOTALS_UNITS, { error: 'validation.validParam' }).default('day'),
  from: z.coerce.date({ error: 'validation.validParam' }).optional(),
  to: z.coerce.date({ error: 'validation.validParam' }).optional(),
});
export type TotalsQuery = z.input<typeof totalsQuery>;

/** The answer: the unit and period, a point per unit with each summed reading, and the period's total. */
export const totalsOf = (readings: readonly FamilyReading[]) => {
  const sums = readings.filter((r) => r.sum);
  return z.object({
    unit: z.enum(TOTALS_UNITS),
    from: isoTime,
    to: isoTime,
    points: z.array(
      z.object({
        at: isoTime,
        ...Object.fromEntries(sums.map((r) => [r.key, z.number().nullable().describe(r.unit)])),
      }) as unknown as z.ZodType<{ at: string } & Record<string, number | null>>,
    ),
    total: z.object(Object.fromEntries(sums.map((r) => [r.key, z.number().describe(r.unit)]))) as unknown as z.ZodType<
      Record<string, number>
    >,
  });
};
