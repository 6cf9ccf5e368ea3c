import { i18n } from '../../../i18n/i18n';
import { cabinets as enUS } from './en-US';
import { cabinets as zhCN } from './zh-CN';

/**
 * The cabinet screens' texts (namespace `cabinets`), added to the console's catalogue when a cabinet
 * screen loads rather than riding on the login page (issue 12's budget); the family's shared labels
 * (`mtc.*`: event codes, rules, firmware errors) come with the contract.
 */
export const CABINET_TEXTS = { zh_CN: zhCN, en_US: enUS };

for (const [lang, texts] of Object.entries(CABINET_TEXTS))
  i18n.addResourceBundle(lang, 'translation', { cabinets: texts }, true, true);
