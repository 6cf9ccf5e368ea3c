import { z } from 'zod';
import { msg } from '../../validation/message.js';
import { intRange, latitude, longitude } from '../../validation/rules.js';

/**
 * Rules of the families' form bodies (config, in-use, member lists): a form sends every value as text,
 * a blank field as '' and JSON as null, so each rule reads both.
 */

/** '' and null are "not given". */
export const blank = (v: unknown) => (v === '' || v === null ? undefined : v);

/** A yes/no of a form ("true"/"false") or of JSON (a boolean). */
export const formFlag = () =>
  z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')], { error: 'validation.validParam' });

/** `rule`, required: missing, blank or null answer `message` (zod skips an absent optional key's refinements). */
export const required = <T extends z.ZodType>(rule: T, message = 'validation.required') =>
  z.preprocess((v) => blank(v) ?? null, z.custom<unknown>((v) => v !== null, message).pipe(rule));

/**
 * Ids of a form (`childIds=1&childIds=2`, or `1,2`) or JSON (an array), each once; none is an empty
 * list unless `required` (its message) asks for one at least. `tooMany` is the message key (with `count` = `max`)
 * of a list longer than `max`, `duplicate` the one of an id given twice.
 */
export const idList = (rules: { max: number; tooMany: string; duplicate: string; required?: string }) => {
  const ids = z.array(
    z.number({ error: 'validation.validParam' }).int('validation.validParam').positive('validation.validParam'),
  );
  return z
    .preprocess(
      (v) =>
        v === undefined || v === null || v === ''
          ? []
          : (Array.isArray(v) ? v : String(v).split(',')).filter((x) => x !== '').map(Number),
      (rules.required ? ids.min(1, rules.required) : ids).max(rules.max, msg(rules.tooMany, { count: rules.max })),
    )
    .refine((list) => new Set(list).size === list.length, rules.duplicate);
};

/** PUT …/{id}/location: a device's coordinates. */
export const locationBody = z.object({ lng: longitude(), lat: latitude() });

/** The integer rules of a table of ranges `{ field: [min, max] }` (a device's config or alarm thresholds). */
export const rangeRules = <const R extends Record<string, readonly [number, number]>>(ranges: R) =>
  Object.fromEntries(Object.entries(ranges).map(([k, [min, max]]) => [k, intRange(min, max)])) as Record<
    keyof R,
    ReturnType<typeof intRange>
  >;

/**
 * A refinement of a config: in each `[low, high, message]` the low field must stay below the high one
 * (under below over current, …); else `message` on the low field.
 */
export const lowBelowHigh =
  (pairs: readonly (readonly [low: string, high: string, message: string])[]) =>
  (v: Record<string, unknown>, ctx: z.RefinementCtx) => {
    for (const [low, high, message] of pairs)
      if ((v[low] as number) >= (v[high] as number)) ctx.addIssue({ code: 'custom', path: [low], message });
  };

/**
 * PUT …/{id}/alarmconfig of a device: its thresholds (`ranges`), which alarms are on (`enabled`, of
 * `kinds`, all by default), the family's `more` fields, and its low-below-high `rules`.
 */
export const alarmConfigBody = <
  const R extends Record<string, readonly [number, number]>,
  const K extends readonly string[],
  M extends z.ZodRawShape,
>(
  ranges: R,
  kinds: K,
  more: M,
  rules: Parameters<typeof lowBelowHigh>[0],
) =>
  z
    .object({
      ...rangeRules(ranges),
      enabled: z
        .array(z.enum(kinds, { error: 'validation.validParam' }))
        .optional()
        .default([...kinds]),
      ...more,
    })
    .superRefine(lowBelowHigh(rules));
