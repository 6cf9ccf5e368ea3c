import { z } from 'zod';
import { LIVE_HEARTBEAT, LOG_PAGE_SIZE, PAGE_SIZE, SESSION_IDLE_MINUTES, TIMEZONE } from '../constants.js';
import { intRange, text } from '../validation/rules.js';

/** Tabs of the system settings screen. */
export const SETTING_GROUPS = ['general', 'security', 'display'] as const;
export type SettingGroup = (typeof SETTING_GROUPS)[number];

export interface SettingDefinition<T = unknown, K extends string = string> {
  key: K;
  group: SettingGroup;
  kind: 'int' | 'text' | 'bool';
  default: T;
  rule: z.ZodType<T>;
}

const int = <K extends string>(
  key: K,
  group: SettingGroup,
  range: { default: number; min: number; max: number },
): SettingDefinition<number, K> => ({
  key,
  group,
  kind: 'int',
  default: range.default,
  rule: intRange(range.min, range.max),
});

const bool = <K extends string>(key: K, group: SettingGroup, fallback: boolean): SettingDefinition<boolean, K> => ({
  key,
  group,
  kind: 'bool',
  default: fallback,
  rule: z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]),
});

/**
 * System settings of spec 000 §5 and §9 with defaults and ranges. Labels are `settings.<key>`.
 * A setting is stored only once it differs from its default.
 */
export const SETTINGS = [
  int('pageSize', 'display', PAGE_SIZE),
  int('logPageSize', 'display', LOG_PAGE_SIZE),
  int('liveHeartbeat', 'display', LIVE_HEARTBEAT),
  int('timezone', 'general', TIMEZONE),
  int('sessionIdleMinutes', 'security', SESSION_IDLE_MINUTES),
  bool('watermarkEnabled', 'display', false),
  {
    key: 'watermarkText' as const,
    group: 'display' as const,
    kind: 'text' as const,
    default: '',
    rule: z.union([z.literal(''), text(2, 10)]),
  } satisfies SettingDefinition<string, 'watermarkText'>,
] as const satisfies readonly SettingDefinition[];

export type SettingKey = (typeof SETTINGS)[number]['key'];
export type SettingValues = { [K in (typeof SETTINGS)[number] as K['key']]: K['default'] };

export const SETTING_DEFAULTS = Object.fromEntries(SETTINGS.map((s) => [s.key, s.default])) as SettingValues;
