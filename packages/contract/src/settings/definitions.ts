import { z } from 'zod';
import { LIVE_HEARTBEAT, LOG_PAGE_SIZE, PAGE_SIZE, SESSION_IDLE_MINUTES, TIMEZONE } from '../constants.js';
import { intRange, text } from '../validation/rules.js';
import {
  blankOr,
  contextPathRule,
  emailSettingRule,
  hostRule,
  httpAddressRule,
  mailServerRule,
  wsAddressRule,
} from './rules.js';

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
}

type Range = { default: number; min: number; max: number };

const int = <K extends string>(
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

const bool = <K extends string>(key: K, group: SettingGroup, fallback: boolean): SettingDefinition<boolean, K> => ({
  key,
  group,
  kind: 'bool',
  default: fallback,
  rule: z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')], {
    error: 'validation.validParam',
  }),
});

const str = <K extends string>(
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

const select = <K extends string>(
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

const days = (fallback: number, max = 9999): Range => ({ default: fallback, min: 1, max });
const PORT_1024 = { min: 1024, max: 65535 };
const PORT_80 = { min: 80, max: 65534 };
const ONENET = { min: 0, max: 65535 };

/**
 * System settings of spec 000 §5, §9 and 001 §9 with defaults and ranges; labels are `settings.<key>`.
 * Where the spec gives a range but no default, the default is the product's choice. Text settings that
 * configure an optional integration accept '' (not configured).
 */
export const SETTINGS = [
  // general
  int('timezone', 'general', TIMEZONE, true),
  int('dbTimezone', 'general', TIMEZONE, true),
  str('serverAddress', 'general', 'http://127.0.0.1:8080', httpAddressRule()),
  /** User id that system site messages come from; 0: the built-in administrator. */
  int('siteMessageAdmin', 'general', { default: 0, min: 0, max: 2_147_483_647 }),
  // display
  int('pageSize', 'display', PAGE_SIZE),
  int('logPageSize', 'display', LOG_PAGE_SIZE),
  int('liveHeartbeat', 'display', LIVE_HEARTBEAT),
  bool('watermarkEnabled', 'display', false),
  str('watermarkText', 'display', '', blankOr(text(2, 10))),
  // security
  int('sessionIdleMinutes', 'security', SESSION_IDLE_MINUTES),
  str('masterKey', 'security', '', blankOr(text(2, 50))),
  // device
  int('deviceHeartbeat', 'device', { default: 300, min: 60, max: 3600 }),
  int('gatewayHeartbeat', 'device', { default: 60, min: 15, max: 300 }),
  int('statusPersistenceDays', 'device', { default: 7, min: 3, max: 90 }),
  int('statusCacheHours', 'device', { default: 2, min: 1, max: 24 }),
  int('commandAttempts', 'device', { default: 10, min: 1, max: 100 }),
  int('httpTimeout', 'device', { default: 10, min: 5, max: 180 }),
  int('socketTimeout', 'device', { default: 20, min: 5, max: 180 }),
  int('sameEventInterval', 'device', { default: 300, min: 60, max: 3600 }),
  int('envPickInterval', 'device', { default: 300, min: 30, max: 3600 }),
  int('deviceServerPort', 'device', { default: 18089, ...PORT_1024 }),
  str('clientServerIp', 'device', '127.0.0.1', hostRule()),
  // lighting
  int('lcuHeartbeat', 'lighting', { default: 3, min: 1, max: 30 }),
  int('lampEventCache', 'lighting', { default: 25, min: 1, max: 100 }),
  int('warningCache', 'lighting', { default: 10, min: 1, max: 100 }),
  int('policyUnitsMax', 'lighting', { default: 5, min: 1, max: 6 }),
  int('defaultLightLevel', 'lighting', { default: 100, min: 1, max: 100 }),
  int('lightPowerDefault', 'lighting', { default: 100, min: 1, max: 100_000 }),
  int('lampLifeHours', 'lighting', { default: 50_000, min: 1, max: 1_000_000 }),
  int('lampFatigueHours', 'lighting', { default: 40_000, min: 1, max: 1_000_000 }),
  int('currentLimit', 'lighting', { default: 5000, min: 0, max: 90_000 }),
  int('voltageLimit', 'lighting', { default: 260, min: 0, max: 300 }),
  int('leakageLimit', 'lighting', { default: 30, min: 0, max: 255 }),
  int('temperatureLimit', 'lighting', { default: 80, min: 0, max: 300 }),
  int('tiltLimit', 'lighting', { default: 30, min: 0, max: 180 }),
  // retention
  int('envRetentionDays', 'retention', days(365)),
  int('lcuRetentionDays', 'retention', days(365)),
  int('scdRetentionDays', 'retention', days(365)),
  int('siteMessageRetentionDays', 'retention', days(365)),
  int('wifiRetentionDays', 'retention', days(365)),
  int('eceRetentionDays', 'retention', days(365)),
  int('lightPowerRetentionDays', 'retention', days(365)),
  int('gatewayRetentionDays', 'retention', days(365)),
  int('mtcEventRetentionDays', 'retention', days(30, 60)),
  int('smsHistoryDays', 'retention', { default: 30, min: 3, max: 90 }),
  // mail
  str('mailServer', 'mail', '', blankOr(mailServerRule())),
  int('smtpPort', 'mail', { default: 25, min: 1, max: 65534 }),
  int('sslPort', 'mail', { default: 465, min: 1, max: 65534 }),
  select('mailSecurity', 'mail', 'none', ['none', 'ssl', 'starttls']),
  str('mailAccount', 'mail', '', blankOr(emailSettingRule())),
  // video
  int('screenshotsPerOperation', 'video', { default: 4, min: 1, max: 16 }),
  str('dhApiAddress', 'video', '', blankOr(wsAddressRule())),
  str('dssHost', 'video', '', blankOr(hostRule())),
  int('dssPort', 'video', { default: 443, ...PORT_80 }),
  str('iscHost', 'video', '', blankOr(hostRule())),
  int('iscPort', 'video', { default: 443, ...PORT_80 }),
  str('iscContextPath', 'video', '/artemis', contextPathRule()),
  str('mediaServerAddress', 'video', '', blankOr(httpAddressRule())),
  // integration
  int('onenetObjectId', 'integration', { default: 3200, ...ONENET }),
  int('onenetInstanceId', 'integration', { default: 0, ...ONENET }),
  int('onenetResourceId', 'integration', { default: 5501, ...ONENET }),
] as const satisfies readonly SettingDefinition[];

export type SettingKey = (typeof SETTINGS)[number]['key'];
export type SettingValues = { [K in (typeof SETTINGS)[number] as K['key']]: K['default'] };

export const SETTING_DEFAULTS = Object.fromEntries(SETTINGS.map((s) => [s.key, s.default])) as SettingValues;

const byKey = new Map<string, SettingDefinition>(SETTINGS.map((s) => [s.key, s]));
export const settingDefinition = (key: string): SettingDefinition | undefined => byKey.get(key);
