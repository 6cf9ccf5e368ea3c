import { z } from 'zod';
import { TIMEZONE } from '../constants.js';
import { msg } from './message.js';

/** Spec 000 §5 helper patterns. */
export const PATTERNS = {
  /** Letters, digits and Chinese characters. */
  name: /^[A-Za-z0-9\u4e00-\u9fa5]+$/,
  /** Letters and digits. */
  code: /^[A-Za-z0-9]+$/,
  /** Letters, digits and - _ ! @ # $ % ^ &. */
  altCode: /^[A-Za-z0-9\-_!@#$%^&]+$/,
  ipv4: /^((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/,
  email: /^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$/,
  /** Mainland mobile: starts with 1, 11 digits. */
  mobile: /^1\d{10}$/,
  domain: /^(?=.{1,253}$)([A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,}$/,
} as const;

export function isSubnetMask(value: string): boolean {
  if (!PATTERNS.ipv4.test(value)) return false;
  const bits = value
    .split('.')
    .map((octet) => Number(octet).toString(2).padStart(8, '0'))
    .join('');
  return /^1*0*$/.test(bits) && bits.includes('1');
}

/** Required text with a length range; `required` names the message key when it is missing. */
export function text(min: number, max: number, required = 'validation.required') {
  return z
    .string({ error: required })
    .trim()
    .min(1, required)
    .min(min, msg('validation.length', { min, count: max }))
    .max(max, msg('validation.length', { min, count: max }));
}

/** Optional text up to `max` characters; blank becomes ''. */
export function optionalText(max: number) {
  return z
    .string()
    .trim()
    .max(max, msg('validation.tooLongMax', { count: max }))
    .optional()
    .default('');
}

export const nameRule = (min: number, max: number) => text(min, max).regex(PATTERNS.name, 'validation.namePattern');
export const codeRule = (min: number, max: number) => text(min, max).regex(PATTERNS.code, 'validation.codePattern');
export const altCodeRule = (min: number, max: number) =>
  text(min, max).regex(PATTERNS.altCode, 'validation.altCodePattern');

/** Base item name and no (spec 000 §5): 3-25. */
export const baseName = () => nameRule(3, 25);
export const baseNo = () => altCodeRule(3, 25);
/** Project-scope name and no (spec 001 §5): 2-32. */
export const scopedName = () => nameRule(2, 32);
export const scopedNo = () => altCodeRule(2, 32);
export const description = () => optionalText(100);

export const ipv4Rule = () => z.string().trim().regex(PATTERNS.ipv4, 'validation.ipv4');
export const subnetMaskRule = () => z.string().trim().refine(isSubnetMask, 'validation.subnetMask');
export const emailRule = () => z.string().trim().regex(PATTERNS.email, 'validation.email');
export const mobileRule = () =>
  z
    .string({ error: 'validation.mobileRequired' })
    .trim()
    .min(1, 'validation.mobileRequired')
    .regex(PATTERNS.mobile, 'validation.mobile');

/** An integer in a range, accepting form-encoded strings. */
export function intRange(min: number, max: number) {
  return z.coerce
    .number({ error: 'validation.numeric' })
    .int('validation.numeric')
    .min(min, msg('validation.range', { min, max }))
    .max(max, msg('validation.range', { min, max }));
}

export const portRule = () => intRange(0, 65535);

export const longitude = () =>
  z.coerce
    .number({ error: 'validation.coordinate' })
    .min(-180, 'validation.coordinate')
    .max(180, 'validation.coordinate');
export const latitude = () =>
  z.coerce
    .number({ error: 'validation.coordinate' })
    .min(-90, 'validation.coordinate')
    .max(90, 'validation.coordinate');
export const coordinate = () => z.object({ lng: longitude(), lat: latitude() });

export const timezoneRule = () => intRange(TIMEZONE.min, TIMEZONE.max);

/** The largest id a table holds: ids are PostgreSQL `integer` (int4) columns. */
export const MAX_ID = 2_147_483_647;

/**
 * A positive integer id from a path or form field, within the int4 range of the tables' ids: a larger
 * one names nothing and is refused here with the localised message, not by the database (issue 11).
 */
export const idParam = () =>
  z.coerce
    .number({ error: 'validation.validParam' })
    .int('validation.validParam')
    .positive('validation.validParam')
    .max(MAX_ID, 'validation.validParam');

/** An id inside a list of ids (batch calls): the same rule as idParam, on a number already parsed. */
export const listedId = () =>
  z.number().int('validation.validParam').positive('validation.validParam').max(MAX_ID, 'validation.validParam');
