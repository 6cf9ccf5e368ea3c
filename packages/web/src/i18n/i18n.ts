import { I18N_RESOURCES, type Lang, translate } from '@sc/contract';
import dayjs from 'dayjs';
import i18next from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import 'dayjs/locale/zh-cn';
import { storedLang, storeLang } from './lang';

/**
 * One i18next namespace holds the contract's catalogues, so keys read `ns.key` as the server's do;
 * the contract writes parameters as `{name}`, hence the single-brace interpolation.
 */
export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources: {
    zh_CN: { translation: I18N_RESOURCES.zh_CN },
    en_US: { translation: I18N_RESOURCES.en_US },
  },
  lng: storedLang(),
  fallbackLng: 'zh_CN',
  load: 'currentOnly',
  initAsync: false,
  interpolation: { prefix: '{', suffix: '}', escapeValue: false },
  returnNull: false,
});
dayjs.locale(dayjsLocale(i18n.language as Lang));

function dayjsLocale(lang: Lang): string {
  return lang === 'zh_CN' ? 'zh-cn' : 'en';
}

export function currentLang(): Lang {
  return i18n.language === 'en_US' ? 'en_US' : 'zh_CN';
}

export async function changeLang(lang: Lang): Promise<void> {
  storeLang(lang);
  dayjs.locale(dayjsLocale(lang));
  document.documentElement.lang = lang === 'zh_CN' ? 'zh-CN' : 'en-US';
  await i18n.changeLanguage(lang);
}

/** The current language, re-rendering on change. */
export function useLang(): Lang {
  const { i18n: instance } = useTranslation();
  return instance.language === 'en_US' ? 'en_US' : 'zh_CN';
}

/** Shows an encoded contract message (validation rules, `msg(...)`) in the current language. */
export function useTranslateMessage(): (encoded: string) => string {
  const lang = useLang();
  return (encoded) => translate(lang, encoded);
}
