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

/** Every i18n key (`ns.key`, `ns.group.key`) of the console's catalogues. */
function keysOf(node: unknown, prefix: string, into: Set<string>): Set<string> {
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
  ]),
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
