import type { Lang } from '../enums.js';
import { withFamilyTexts } from '../families/index.js';
import { decodeMessage } from '../validation/message.js';
import { resources as enCore } from './en-US/index.js';
import { resources as zhCore } from './zh-CN/index.js';

/** The platform's catalogues with each family's texts (from its manifest) merged in. */
const zhCN = withFamilyTexts(zhCore, 'zh_CN');
const enUS = withFamilyTexts(enCore, 'en_US');

/** Catalogues by the API's lang code; the console's i18next uses the same objects. */
export const I18N_RESOURCES = { zh_CN: zhCN, en_US: enUS } as const;
export type Namespace = keyof typeof zhCN;

/** The en-US shape of a zh-CN namespace: same keys at every depth, any strings. */
export type Translation<T> = { [K in keyof T]: T[K] extends string ? string : Translation<T[K]> };

/** `ns.key` or `ns.group.key`, as i18next reads them. */
function lookup(lang: Lang, key: string): string | undefined {
  let node: unknown = I18N_RESOURCES[lang];
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

export function interpolate(template: string, params?: Record<string, string | number>): string {
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

/**
 * Translates `ns.key` (optionally an encoded validation message, see `msg`) into `lang`; an unknown
 * key is returned as it is so that a missing translation shows rather than vanishes.
 */
export function translate(lang: Lang, keyOrEncoded: string, params?: Record<string, string | number>): string {
  const ref = decodeMessage(keyOrEncoded);
  const template = lookup(lang, ref.key) ?? lookup('zh_CN', ref.key) ?? ref.key;
  return interpolate(template, { ...ref.params, ...params });
}
