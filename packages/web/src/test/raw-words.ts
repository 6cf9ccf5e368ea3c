import {
  ACTIVE_STATE,
  AUTH_LEVEL,
  FAMILY_MANIFESTS,
  I18N_RESOURCES,
  ITEM_STATUS,
  MEDIA_TYPES,
  MODULES,
  NOTICE_EVENTS,
  NOTICE_TYPES,
} from '@sc/contract';
import * as kit from '@sc/contract/families/kit';
import * as lighting from '@sc/contract/families/lighting';
import * as mtc from '@sc/contract/families/mtc';
import { CARRIER_BANDS, SIGNAL_LEVELS } from '@sc/contract/families/pgw';

/** Every i18n key (`ns.key`, `ns.group.key`) of the console's catalogues. */
export function keysOf(node: unknown, prefix: string, into: Set<string>): Set<string> {
  if (typeof node === 'string') into.add(prefix);
  else if (typeof node === 'object' && node !== null)
    for (const [k, v] of Object.entries(node)) keysOf(v, prefix ? `${prefix}.${k}` : k, into);
  return into;
}
export const I18N_KEYS = keysOf(I18N_RESOURCES.zh_CN, '', new Set());

/**
 * ASCII identifiers of the contract's enumerations that a screen shows only through a label: states,
 * levels, modules, notice types and event codes, log actions and objects, event levels. Device type and
 * model codes are left out: lists show them as codes on purpose, next to their names.
 */
export const ENUM_WORDS = new Set<string>([
  ...Object.keys(ITEM_STATUS),
  ...Object.keys(ACTIVE_STATE),
  ...Object.keys(AUTH_LEVEL),
  ...MEDIA_TYPES,
  ...MODULES.filter((m) => m.length > 3),
  ...NOTICE_TYPES,
  ...NOTICE_EVENTS.map((e) => e.code),
  'OFFLINE',
  'ONLINE',
  'info',
  'warning',
  'alarm',
  'productionItem',
  'deviceArea',
  'deviceGroup',
  'deviceType',
  'deviceModel',
  'deviceFactory',
  'webparam',
  'sysdata',
  'managelog',
  'visitlog',
  'operatelog',
  'sitemessage',
  'authmodule',
  'login_failed',
  'auto_login',
  ...FAMILY_MANIFESTS.flatMap((m) => [
    ...m.commands.map((c) => c.name),
    ...m.events.map((e) => e.code).filter((c) => /[A-Za-z]/.test(c)),
    ...m.readings.map((r) => r.key),
    ...m.fields.map((f) => f.key),
  ]),
  // The families' own enumerations: lamp and cabinet states, modes, alarm kinds, policy units and
  // cycles, trigger types, signal levels, peripheral kinds and upgrade states.
  ...lighting.LIGHTING_EVENT_TYPES,
  ...lighting.LIGHTING_TRIGGER_TYPES,
  ...lighting.RUN_STATUS,
  ...lighting.LIGHTING_CHANNELS,
  ...lighting.RUN_MODES,
  ...lighting.POLICY_MODES,
  ...lighting.BATCH_COMMANDS,
  ...kit.UNIT_TYPES,
  ...kit.START_KINDS,
  ...kit.CYCLE_MODES,
  ...lighting.LAMP_STATES,
  ...lighting.POWER_SCOPES,
  ...mtc.MTC_MODES,
  ...mtc.MTC_ALARM_KINDS,
  ...mtc.MTC_PARITIES,
  ...mtc.MTC_PERIPHERAL_KINDS,
  ...mtc.MTC_ADDRESS_TYPES,
  ...mtc.MTC_UPGRADE_STATES,
  ...mtc.MTC_TIME_MODES,
  ...mtc.MTC_RELATIVE_TYPES,
  ...mtc.MTC_STATES,
  ...mtc.MTC_ALARM_STATUSES,
  ...SIGNAL_LEVELS,
  ...CARRIER_BANDS,
]);

/**
 * The raw words a zh-CN screen's text shows: i18n keys, and enumeration identifiers standing alone
 * (a word of their own, not part of a typed name or an address).
 */
export function rawWords(text: string): string[] {
  const found = new Set<string>();
  for (const token of text.match(/[A-Za-z_][A-Za-z0-9_.-]*[A-Za-z0-9_]/g) ?? []) {
    if (I18N_KEYS.has(token)) found.add(token);
  }
  for (const line of text.split('\n')) {
    for (const token of line.split(/[\s,，:：;；()（）[\]{}"'`/|=<>]+/)) {
      if (ENUM_WORDS.has(token)) found.add(token);
    }
  }
  return [...found];
}
