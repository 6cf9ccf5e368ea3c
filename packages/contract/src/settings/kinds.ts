import { z } from 'zod';
import { intRange } from '../validation/rules.js';

/** Tabs of the system settings screen; labels are `settings.group_<group>`. */
export const SETTING_GROUPS = [
  'general',
  'display',
  'security',
  'device',
  'lighting',
  'retention',
  'mail',
  'video',
  'integration',
] as const;
export type SettingGroup = (typeof SETTING_GROUPS)[number];
export type SettingKind = 'int' | 'text' | 'bool' | 'select';

export interface SettingDefinition<T = unknown, K extends string = string> {
  key: K;
  group: SettingGroup;
  kind: SettingKind;
  default: T;
  rule: z.ZodType<T>;
  /** int: the range, for the console to show. */
  min?: number;
  max?: number;
  /** select: the values; labels are `settings.option_<key>_<value>`. */
  options?: readonly string[];
  /** int chosen from the timezone list (TIMEZONES) rather than typed. */
  timezones?: boolean;
  /**
   * A secret (a key, a password): answers carry SECRET_MASK instead of a set value (a PUT of the mask
   * keeps it), and the management log says it changed, never its value.
   */
  secret?: boolean;
}

/** What answers show of a secret setting that is set; sent back, it leaves the secret as it is. */
export const SECRET_MASK = '******';

/** Marks a setting secret (see `SettingDefinition.secret`). */
export const secret = <D extends SettingDefinition>(definition: D): D & { secret: true } => ({
  ...definition,
  secret: true,
});

export type Range = { default: number; min: number; max: number };

export const int = <K extends string>(
  key: K,
  group: SettingGroup,
  range: Range,
  timezones = false,
): SettingDefinition<number, K> => ({
  key,
  group,
  kind: 'int',
  default: range.default,
  rule: intRange(range.min, range.max),
  min: range.min,
  max: range.max,
  ...(timezones ? { timezones } : {}),
});

export const bool = <K extends string>(
  key: K,
  group: SettingGroup,
  fallback: boolean,
): SettingDefinition<boolean, K> => ({
  key,
  group,
  kind: 'bool',
  default: fallback,
  rule: z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')], {
    error: 'validation.validParam',
  }),
});

export const str = <K extends string>(
  key: K,
  group: SettingGroup,
  fallback: string,
  rule: z.ZodType<string>,
): SettingDefinition<string, K> => ({
  key,
  group,
  kind: 'text',
  default: fallback,
  rule,
});

export const select = <K extends string>(
  key: K,
  group: SettingGroup,
  fallback: string,
  options: readonly [string, ...string[]],
): SettingDefinition<string, K> => ({
  key,
  group,
  kind: 'select',
  default: fallback,
  rule: z.enum(options, { error: 'validation.validParam' }),
  options,
});

export const days = (fallback: number, max = 9999): Range => ({ default: fallback, min: 1, max });
