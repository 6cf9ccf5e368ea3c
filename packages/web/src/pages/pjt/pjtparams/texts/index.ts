import { addScreenTexts } from '../../../../i18n/screen-texts';
import { pjtparams as enUS } from './en-US';
import { pjtparams as zhCN } from './zh-CN';

/**
 * The project parameters screen's texts (namespace `pjtparams`), added to the console's catalogue when
 * the screen loads rather than riding on the login page (issue 12's budget); the messages of its rules,
 * which the server gives too, are `projectparams.*` in the contract.
 */
export const PROJECT_PARAMS_TEXTS = { zh_CN: zhCN, en_US: enUS };

addScreenTexts('pjtparams', PROJECT_PARAMS_TEXTS);
