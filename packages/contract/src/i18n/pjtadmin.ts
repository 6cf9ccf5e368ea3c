import { pjtadmin as en } from './en-US/pjtadmin.js';
import { pjtadmin as zh } from './zh-CN/pjtadmin.js';

/** The project administration screens' texts in both languages, loaded with those screens (`@sc/contract/i18n/pjtadmin`). */
export const PJTADMIN_TEXTS = { zh_CN: { pjtadmin: zh }, en_US: { pjtadmin: en } } as const;
