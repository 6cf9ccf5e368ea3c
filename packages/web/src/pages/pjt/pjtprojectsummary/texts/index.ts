import { addScreenTexts } from '../../../../i18n/screen-texts';
import { summaryScreens as enUS } from './en-US';
import { summaryScreens as zhCN } from './zh-CN';

/**
 * The dashboard's and the layout designer's texts (`summary.units`, `.waits`, `.dashboard`,
 * `.layouts`), merged into the console's `summary` namespace when either screen loads rather than riding
 * on the login page; the layout rules' messages, which the server gives too, stay `summary.rules` in the
 * contract.
 */
export const SUMMARY_SCREEN_TEXTS = { zh_CN: zhCN, en_US: enUS };

addScreenTexts('summary', SUMMARY_SCREEN_TEXTS);
