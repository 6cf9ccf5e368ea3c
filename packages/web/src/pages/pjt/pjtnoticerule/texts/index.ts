import { addScreenTexts } from '../../../../i18n/screen-texts';
import { noticerule as enUS } from './en-US';
import { noticerule as zhCN } from './zh-CN';

/**
 * The notice rules screen's texts (namespace `noticerule`), added to the console's catalogue when the
 * screen loads rather than riding on the login page (issue 12's budget); what the server says too
 * (channel names, test results, rule messages) is `notices.*` in the contract.
 */
export const NOTICE_RULE_TEXTS = { zh_CN: zhCN, en_US: enUS };

addScreenTexts('noticerule', NOTICE_RULE_TEXTS);
