import { decodeMessage, interpolate, type Lang } from '@sc/contract';
import i18next from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import { storedLang, storeLang } from './lang';

/**
 * One i18next namespace holds the contract's catalogues, so keys read `ns.key` as the server's do;
 * the contract writes parameters as `{name}`, hence the single-brace interpolation. The catalogues
 * load per language: the platform's own texts of the language shown before the console renders
 * (main.tsx, loadLanguage), another on a language switch, the families' texts with the frame
 * (family-texts.ts): the login page carries neither the other language nor the families (issue 12).
 */
export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources: {},
  partialBundledLanguages: true,
  lng: storedLang(),
  fallbackLng: 'zh_CN',
  load: 'currentOnly',
  initAsync: false,
  interpolation: { prefix: '{', suffix: '}', escapeValue: false },
  returnNull: false,
});

/** The platform's catalogue of each language (the contract's `i18n/<lang>/index.ts`), a chunk each. */
const CORE = import.meta.glob<Record<string, unknown>>('../../../contract/src/i18n/*/index.ts', {
  import: 'resources',
});
const FOLDERS: Record<Lang, string> = { zh_CN: 'zh-CN', en_US: 'en-US' };
const loadingLang = new Map<Lang, Promise<void>>();

/** Adds the platform's texts of `lang`, once (a family's text of the same key stays over it). */
export function loadLanguage(lang: Lang): Promise<void> {
  let loading = loadingLang.get(lang);
  if (!loading) {
    const load = CORE[`../../../contract/src/i18n/${FOLDERS[lang]}/index.ts`]!;
    loading = load()
      .then((resources) => {
        i18n.addResourceBundle(lang, 'translation', structuredClone(resources), true, false);
      })
      .catch((error: unknown) => {
        loadingLang.delete(lang); // asked again by the next switch
        throw error;
      });
    loadingLang.set(lang, loading);
  }
  return loading;
}

export function currentLang(): Lang {
  return i18n.language === 'en_US' ? 'en_US' : 'zh_CN';
}

/** The page's `lang` (screen readers and fonts follow it); index.html says Chinese. */
export function markDocumentLang(lang: Lang): void {
  document.documentElement.lang = lang === 'zh_CN' ? 'zh-CN' : 'en-US';
}

export async function changeLang(lang: Lang): Promise<void> {
  await loadLanguage(lang);
  storeLang(lang);
  markDocumentLang(lang);
  await i18n.changeLanguage(lang);
}

/** The current language, re-rendering on change. */
export function useLang(): Lang {
  const { i18n: instance } = useTranslation();
  return instance.language === 'en_US' ? 'en_US' : 'zh_CN';
}

function text(lang: Lang, key: string): string | undefined {
  const value: unknown = i18n.getResource(lang, 'translation', key);
  return typeof value === 'string' ? value : undefined;
}

/**
 * The contract's translate() on the console's catalogues (which hold the families' texts once the
 * frame has loaded them): `ns.key` or an encoded validation message (`msg`) in `lang`, Chinese when
 * `lang` lacks it, the key itself when both do.
 */
export function translate(lang: Lang, keyOrEncoded: string, params?: Record<string, string | number>): string {
  const ref = decodeMessage(keyOrEncoded);
  const template = text(lang, ref.key) ?? text('zh_CN', ref.key) ?? ref.key;
  return interpolate(template, { ...ref.params, ...params });
}

/** Shows an encoded contract message (validation rules, `msg(...)`) in the current language. */
export function useTranslateMessage(): (encoded: string) => string {
  const lang = useLang();
  return (encoded) => translate(lang, encoded);
}
