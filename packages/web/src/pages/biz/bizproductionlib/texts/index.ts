import { addScreenTexts } from '../../../../i18n/screen-texts';
import { production as enUS } from './en-US';
import { production as zhCN } from './zh-CN';

/** The production library screen's texts (namespace `production`): only its screen and dialogs use them. */
export const PRODUCTION_TEXTS = { zh_CN: zhCN, en_US: enUS };

addScreenTexts('production', PRODUCTION_TEXTS);
