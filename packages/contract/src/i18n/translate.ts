import type { Lang } from '../enums.js';
import { withFamilyTexts } from '../families/texts.js';
import { decodeMessage } from '../validation/message.js';
import { CORE_RESOURCES } from './core.js';
import { interpolate, lookupText } from './lookup.js';

export { CORE_RESOURCES } from './core.js';
export { interpolate, lookupText } from './lookup.js';

/** The platform's catalogues with each family's texts (families/texts.ts) merged in. */
const zhCN = withFamilyTexts(CORE_RESOURCES.zh_CN, 'zh_CN');
const enUS = withFamilyTexts(CORE_RESOURCES.en_US, 'en_US');

/**
 * Catalogues by the API's lang code, families included: the server's. The console starts from
 * CORE_RESOURCES and adds the families' texts with its frame (web src/i18n/family-texts.ts).
 */
export const I18N_RESOURCES = { zh_CN: zhCN, en_US: enUS } as const;
export type Namespace = keyof typeof zhCN;

/**
 * The en-US shape of a zh-CN namespace: same keys at every depth, any strings, and beside a text an
 * optional singular `<key>_one` for a count of 1 ("1 speaker"; Chinese has one form).
 */
export type Translation<T> = { [K in keyof T]: T[K] extends string ? string : Translation<T[K]> } & {
  [K in keyof T as T[K] extends string ? `${K & string}_one` : never]?: string;
};

/**
 * Translates `ns.key` (optionally an encoded validation message, see `msg`) into `lang`; an unknown
 * key is returned as it is so that a missing translation shows rather than vanishes.
 */
export function translate(lang: Lang, keyOrEncoded: string, params?: Record<string, string | number>): string {
  const ref = decodeMessage(keyOrEncoded);
  const all = { ...ref.params, ...params };
  // The singular where the language has one, as the console's i18next picks it.
  const singular = Number(all.count) === 1 ? lookupText(I18N_RESOURCES[lang], `${ref.key}_one`) : undefined;
  const template =
    singular ?? lookupText(I18N_RESOURCES[lang], ref.key) ?? lookupText(I18N_RESOURCES.zh_CN, ref.key) ?? ref.key;
  return interpolate(template, withTextParams(lang, all));
}

/**
 * A parameter named `xKey` holds a text key, and {x} is filled with that text in the same language:
 * a stored title ("设备告警：{name}，{event}") then names an event in each reader's own language.
 */
function withTextParams(lang: Lang, params: Record<string, string | number>): Record<string, string | number> {
  const out = { ...params };
  for (const [name, value] of Object.entries(params))
    if (name.endsWith('Key') && name.length > 3 && typeof value === 'string' && !(name.slice(0, -3) in params))
      out[name.slice(0, -3)] = translate(lang, value);
  return out;
}
