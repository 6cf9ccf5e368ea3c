import { addScreenTexts } from '../../../i18n/screen-texts';
import { cabinets as enUS } from './en-US';
import { cabinets as zhCN } from './zh-CN';

/**
 * The cabinet screens' texts (namespace `cabinets`), added to the console's catalogue when a cabinet
 * screen loads rather than riding on the login page (issue 12's budget); the family's shared labels
 * (`mtc.*`: event codes, rules, firmware errors) come with the contract.
 */
export const CABINET_TEXTS = { zh_CN: zhCN, en_US: enUS };

addScreenTexts('cabinets', CABINET_TEXTS);
