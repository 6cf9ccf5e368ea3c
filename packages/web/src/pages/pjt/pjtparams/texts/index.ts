import { i18n } from '../../../../i18n/i18n';
import { pjtparams as enUS } from './en-US';
import { pjtparams as zhCN } from './zh-CN';

/**
 * The project parameters screen's texts (namespace `pjtparams`), added to the console's catalogue when
 * the screen loads rather than riding on the login page (issue 12's budget); the messages of its rules,
 * which the server gives too, are `projectparams.*` in the contract.
 */
export const PROJECT_PARAMS_TEXTS = { zh_CN: zhCN, en_US: enUS };

for (const [lang, texts] of Object.entries(PROJECT_PARAMS_TEXTS))
  i18n.addResourceBundle(lang, 'translation', { pjtparams: texts }, true, true);
