import { z } from 'zod';
import { msg } from '../../validation/message.js';
import { intRange } from '../../validation/rules.js';
import type { FamilyField } from '../types.js';

/**
 * A family's type properties (spec 001 §3) are written once, as a list of these: each carries the
 * wizard field (what the console renders) and the zod rule (what the server and the console check).
 */
export interface Property {
  field: FamilyField;
  schema: z.ZodType;
  /** A `device` field's role among the family's `peers`: defineFamily sets its `refType` from it. */
  peer?: string;
}

/** Every property is optional: blank and null mean "not given". */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), schema.optional());

/** An integer in [min, max]. */
export const int = (key: string, min: number, max: number, unit?: string): Property => ({
  field: { key, kind: 'int', min, max, ...(unit ? { unit } : {}) },
  schema: optional(intRange(min, max)),
});

/** A decimal number in [min, max]. */
export const num = (key: string, min: number, max: number, unit?: string): Property => {
  const range = msg('validation.range', { min, max });
  return {
    field: { key, kind: 'number', min, max, ...(unit ? { unit } : {}) },
    schema: optional(z.coerce.number({ error: 'validation.numeric' }).min(min, range).max(max, range)),
  };
};

/** Text of at most `max` characters, or matching `pattern` (with its message key). */
export const text = (key: string, max?: number, pattern?: { regex: RegExp; message: string }): Property => {
  let rule = z.string().trim();
  if (max !== undefined) rule = rule.max(max, msg('validation.tooLongMax', { count: max }));
  if (pattern) rule = rule.regex(pattern.regex, pattern.message);
  return { field: { key, kind: 'text', ...(max !== undefined ? { max } : {}) }, schema: optional(rule) };
};

/** A yes/no; forms send it as "true"/"false". */
export const bool = (key: string): Property => ({
  field: { key, kind: 'bool' },
  schema: optional(z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')])),
});

/** One of `options` (labels are the family's i18n `families.<type>.<key>_<option>` or the value). */
export const select = <T extends readonly [string, ...string[]]>(key: string, options: T): Property => ({
  field: { key, kind: 'select', options },
  schema: optional(z.enum(options, { error: 'validation.validParam' })),
});

/**
 * Another device of the same project, by its id: the family's peer in `role` (its manifest's `peers`
 * names the type, so a family's code names no other family). The wizard picks it by name; the server
 * checks it exists, is of that type and in the device's project.
 */
export const linkedDevice = (key: string, role: string): Property => ({
  field: { key, kind: 'device' },
  schema: optional(intRange(1, 2147483647)),
  peer: role,
});

/** Feeder keys: the number of the cabinet that powers a device, and its circuit (the cabinet page lists them). */
export const FEEDER = { no: 'feederNo', circuit: 'feederCircuit' } as const;

/** Which cabinet circuit powers the device: the cabinet's device number and the circuit (1-32). */
export const feeder = (): Property[] => [text(FEEDER.no, 32), int(FEEDER.circuit, 1, 32)];

/** The zod schema of `props` and the wizard fields, both from one list. */
export function properties(
  list: readonly Property[],
  refine?: (props: Record<string, unknown>, ctx: z.RefinementCtx) => void,
): { props: z.ZodType<Record<string, unknown>>; fields: readonly FamilyField[] } {
  let props = z.object(Object.fromEntries(list.map((p) => [p.field.key, p.schema]))) as z.ZodType<
    Record<string, unknown>
  >;
  if (refine) props = props.superRefine(refine);
  return { props, fields: list.map((p) => p.field) };
}
