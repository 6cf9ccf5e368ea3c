import { addScreenTexts } from '../../../../i18n/screen-texts';
import { logs as enUS } from './en-US';
import { logs as zhCN } from './zh-CN';

/** The four log screens' texts (namespace `logs`): only the log list and its formats use them. */
export const LOG_TEXTS = { zh_CN: zhCN, en_US: enUS };

addScreenTexts('logs', LOG_TEXTS);
