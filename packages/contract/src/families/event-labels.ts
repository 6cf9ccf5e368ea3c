import type { Lang } from '../enums.js';
import { I18N_RESOURCES, lookupText, translate } from '../i18n/translate.js';
import { familyOf } from './index.js';

/**
 * Where an event code's label may be, best first: the device's family's own (`lighting.eventCodes.19`),
 * then the platform's (`labels.eventCodes.OFFLINE`). A code none of them knows is shown as sent.
 */
export function eventCodeKeys(deviceType: string | null | undefined, code: string): string[] {
  const slug = deviceType ? familyOf(deviceType)?.slug : undefined;
  return [...(slug ? [`${slug}.eventCodes.${code}`] : []), `labels.eventCodes.${code}`];
}

/** The first of `eventCodeKeys` the catalogues hold (checked in Chinese, the default language). */
export function eventCodeKey(deviceType: string | null | undefined, code: string): string | undefined {
  return eventCodeKeys(deviceType, code).find((key) => lookupText(I18N_RESOURCES.zh_CN, key) !== undefined);
}

/** An event code in words in `lang` (server side: PDFs, messages); the code itself when no label exists. */
export function eventCodeText(lang: Lang, deviceType: string | null | undefined, code: string): string {
  const key = eventCodeKey(deviceType, code);
  return key ? translate(lang, key) : code;
}
