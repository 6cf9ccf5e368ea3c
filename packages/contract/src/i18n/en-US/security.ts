import type { Translation } from '../translate.js';
import type { security as zh } from '../zh-CN/security.js';

export const security: Translation<typeof zh> = {
  levelAboveOwn: 'The role has a higher level than yours on: {names}',
};
