import { DEFAULT_LANG, LANGS, type Lang } from '@sc/contract';

const KEY = 'sc.lang';

/** The language kept in browser storage (spec 000 §1); Chinese unless the user chose otherwise. */
export function storedLang(): Lang {
  const value = localStorage.getItem(KEY);
  return (LANGS as readonly string[]).includes(value ?? '') ? (value as Lang) : DEFAULT_LANG;
}

export function storeLang(lang: Lang): void {
  localStorage.setItem(KEY, lang);
}
