import { resources as enCore } from './en-US/index.js';
import { resources as zhCore } from './zh-CN/index.js';

/**
 * The platform's own catalogues, without the families' texts. The server reads I18N_RESOURCES
 * (translate.ts, families merged in); the console loads each language's `<lang>/index.ts` as a chunk of
 * its own and the families' texts with its frame (web src/i18n/, issue 12).
 */
export const CORE_RESOURCES = { zh_CN: zhCore, en_US: enCore } as const;
