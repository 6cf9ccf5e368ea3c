import { MAINTENANCE_LIMITS } from '../api/maintenance.js';
import { LIVE_HEARTBEAT, LOG_PAGE_SIZE, PAGE_SIZE, SESSION_IDLE_MINUTES, TIMEZONE } from '../constants.js';
import { FAMILY_MANIFESTS } from '../families/index.js';
import { text } from '../validation/rules.js';
import { bool, days, int, type SettingDefinition, secret, select, str } from './kinds.js';
import {
  blankOr,
  contextPathRule,
  emailSettingRule,
  hostRule,
  httpAddressRule,
  httpAddressUrlRule,
  mailServerRule,
  wsAddressRule,
} from './rules.js';

const PORT_1024 = { min: 1024, max: 65535 };
const PORT_80 = { min: 80, max: 65534 };
const ONENET = { min: 0, max: 65535 };

export {
  SECRET_MASK,
  SETTING_GROUPS,
  type SettingDefinition,
  type SettingGroup,
  type SettingKind,
} from './kinds.js';

/**
 * System settings of spec 000 §5, §9 and 001 §9 with defaults and ranges; labels are `settings.<key>`.
 * Where the spec gives a range but no default, the default is the product's choice. Text settings that
 * configure an optional integration accept '' (not configured).
 */
const CORE_SETTINGS = [
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
  secret(str('masterKey', 'security', '', blankOr(text(2, 50)))),
  /** Minimum password length for roles with the check level on any function (two kinds of characters too). */
  int('checkPasswordLength', 'security', { default: 8, min: 8, max: 16 }),
  // device
  int('deviceHeartbeat', 'device', { default: 300, min: 60, max: 3600 }),
  int('statusPersistenceDays', 'device', { default: 7, min: 3, max: 90 }),
  int('statusCacheHours', 'device', { default: 2, min: 1, max: 24 }),
  int('commandAttempts', 'device', { default: 10, min: 1, max: 100 }),
  int('httpTimeout', 'device', { default: 10, min: 5, max: 180 }),
  int('socketTimeout', 'device', { default: 20, min: 5, max: 180 }),
  int('sameEventInterval', 'device', { default: 300, min: 60, max: 3600 }),
  int('deviceServerPort', 'device', { default: 18089, ...PORT_1024 }),
  /** Devices per maintenance work order (spec 001 §5: limited, value not shown). */
  int('maintenanceDeviceCap', 'device', MAINTENANCE_LIMITS.deviceCap),
  str('clientServerIp', 'device', '127.0.0.1', hostRule()),
  // retention
  int('siteMessageRetentionDays', 'retention', days(365)),
  /** Hourly and daily aggregates of readings (long charts and exports) outlive the readings themselves. */
  int('rollupHourlyRetentionDays', 'retention', days(400)),
  int('rollupDailyRetentionDays', 'retention', days(3650)),
  int('smsHistoryDays', 'retention', { default: 30, min: 3, max: 90 }),
  // mail
  str('mailServer', 'mail', '', blankOr(mailServerRule())),
  int('smtpPort', 'mail', { default: 25, min: 1, max: 65534 }),
  int('sslPort', 'mail', { default: 465, min: 1, max: 65534 }),
  select('mailSecurity', 'mail', 'none', ['none', 'ssl', 'starttls']),
  str('mailAccount', 'mail', '', blankOr(emailSettingRule())),
  /** Password of the sender's account on the mail server ('' when it takes mail without signing in). */
  secret(str('mailPassword', 'mail', '', blankOr(text(1, 64)))),
  /** The HTTP SMS provider (docs/operations.md): its address, key and message template ({content}). */
  str('smsProviderUrl', 'mail', '', blankOr(httpAddressUrlRule())),
  secret(str('smsProviderKey', 'mail', '', blankOr(text(1, 128)))),
  str(
    'smsTemplate',
    'mail',
    '{content}',
    text(9, 200).refine((v) => v.includes('{content}'), 'settings.rule_smsTemplate'),
  ),
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

/** The platform's settings, then each family's own (heartbeats, retention, limits) from its manifest. */
export const SETTINGS: readonly SettingDefinition[] = [
  ...CORE_SETTINGS,
  ...FAMILY_MANIFESTS.flatMap((f) => f.settings),
];

export type SettingKey = (typeof CORE_SETTINGS)[number]['key'] | (string & {});
/** Values by key: the platform's typed; a family's read by the key its manifest names. */
export type SettingValues = { [K in (typeof CORE_SETTINGS)[number] as K['key']]: K['default'] } & Record<
  string,
  unknown
>;

export const SETTING_DEFAULTS = Object.fromEntries(SETTINGS.map((s) => [s.key, s.default])) as SettingValues;

const byKey = new Map<string, SettingDefinition>(SETTINGS.map((s) => [s.key, s]));
export const settingDefinition = (key: string): SettingDefinition | undefined => byKey.get(key);
