import { PJTADMIN_TEXTS } from '@sc/contract/i18n/pjtadmin';
import { i18n } from '../../../i18n/i18n';

// The project administration screens bring their own texts (both languages, a few lines), so the login
// page's catalogue does not carry them.
for (const [lang, texts] of Object.entries(PJTADMIN_TEXTS))
  i18n.addResourceBundle(lang, 'translation', structuredClone(texts), true, false);
