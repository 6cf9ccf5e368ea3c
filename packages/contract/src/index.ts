import './validation/error-map.js';

export * from './api/admin.js';
export * from './api/paging.js';
export * from './api/registry.js';
export * from './api/session.js';
export * from './catalogue/index.js';
export * from './constants.js';
export * from './enums.js';
export * from './families/definitions.js';
export * from './families/types.js';
export * from './i18n/translate.js';
export * from './protocol/index.js';
export * from './settings/definitions.js';
export * from './validation/message.js';
export * from './validation/rules.js';
export * from './validation/session.js';
