import { i18n } from './i18n';

/**
 * Adds a screen's texts to the console's catalogue under `namespace` when the screen's module loads,
 * so they ride with the screen's chunk rather than with the login page (its first-load budget).
 */
export function addScreenTexts(namespace: string, texts: { zh_CN: object; en_US: object }): void {
  for (const [lang, bundle] of Object.entries(texts))
    i18n.addResourceBundle(lang, 'translation', { [namespace]: structuredClone(bundle) }, true, true);
}
