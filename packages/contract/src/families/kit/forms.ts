import { z } from 'zod';
import { msg } from '../../validation/message.js';
import { latitude, longitude } from '../../validation/rules.js';

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
 * list unless `required` (its message) asks for one at least. `tooMany` is the message key (with `max`)
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
      (rules.required ? ids.min(1, rules.required) : ids).max(rules.max, msg(rules.tooMany, { max: rules.max })),
    )
    .refine((list) => new Set(list).size === list.length, rules.duplicate);
};

/** PUT …/{id}/location: a device's coordinates. */
export const locationBody = z.object({ lng: longitude(), lat: latitude() });
