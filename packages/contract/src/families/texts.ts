import { i18n as camera } from './camera/i18n.js';
import { i18n as dvr } from './dvr/i18n.js';
import { i18n as ece } from './ece/i18n.js';
import { i18n as envmonitor } from './envmonitor/i18n.js';
import { i18n as evse } from './evse/i18n.js';
import { i18n as gateway } from './gateway/i18n.js';
import { i18n as illum } from './illum/i18n.js';
import type { FamilyI18n, FamilyTexts } from './kit/manifest.js';
import { i18n as led } from './led/i18n.js';
import { i18n as lighting } from './lighting/i18n.js';
import { i18n as mtc } from './mtc/i18n.js';
import { i18n as nsc } from './nsc/i18n.js';
import { i18n as pgw } from './pgw/i18n.js';
import { i18n as scd } from './scd/i18n.js';
import { i18n as whm } from './whm/i18n.js';
import { i18n as wifi } from './wifi/i18n.js';

/**
 * Every family's texts (its folder's `i18n.ts`) by slug: one line per family of FAMILY_MANIFESTS
 * (texts.test.ts keeps the two lists equal). The server's catalogues merge them (i18n/translate.ts);
 * the console does not import this list: it loads each family's `i18n.ts` as a chunk of its own with
 * the frame (web src/i18n/family-texts.ts), so that they stay off the login page (issue 12).
 */
export const FAMILY_TEXTS: Readonly<Record<string, FamilyI18n>> = {
  lighting,
  mtc,
  pgw,
  dvr,
  camera,
  envmonitor,
  led,
  nsc,
  scd,
  wifi,
  ece,
  illum,
  whm,
  gateway,
  evse,
};

/** Merges `source` into `target`, namespace by namespace, at every depth (copies, never shares). */
export function mergeTexts(target: Record<string, unknown>, source: Record<string, unknown>): void {
  for (const [key, value] of Object.entries(source)) {
    const current = target[key];
    if (value && typeof value === 'object' && current && typeof current === 'object')
      mergeTexts(current as Record<string, unknown>, value as Record<string, unknown>);
    else target[key] = value && typeof value === 'object' ? structuredClone(value) : value;
  }
}

/** The i18n resources of one language with every family's texts merged in, namespace by namespace. */
export function withFamilyTexts<T extends Record<string, unknown>>(
  core: T,
  lang: 'zh_CN' | 'en_US',
): T & { families: { types: Record<string, string> } } & Record<string, Record<string, unknown>> {
  const out = structuredClone(core) as Record<string, unknown>;
  for (const texts of Object.values(FAMILY_TEXTS)) mergeTexts(out, texts[lang] as FamilyTexts);
  return out as T & { families: { types: Record<string, string> } } & Record<string, Record<string, unknown>>;
}
