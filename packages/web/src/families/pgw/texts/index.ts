import { addScreenTexts } from '../../../i18n/screen-texts';
import { pgwScreens as enUS } from './en-US';
import { pgwScreens as zhCN } from './zh-CN';

/**
 * The power-line gateway screens' texts (namespace `pgw`, merged beside the server's messages the
 * contract brings), added to the console's catalogue when a pgw screen loads rather than riding on the
 * login page (issue 12's budget).
 */
export const PGW_TEXTS = { zh_CN: zhCN, en_US: enUS };

addScreenTexts('pgw', PGW_TEXTS);
