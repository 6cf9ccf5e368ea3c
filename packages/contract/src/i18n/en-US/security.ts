import type { Translation } from '../translate.js';
import type { security as zh } from '../zh-CN/security.js';

export const security: Translation<typeof zh> = {
  levelAboveOwn: 'The role has a higher level than yours on: {names}',
  passwordWeak:
    'A role with the check level needs a password of at least {count} characters of two kinds (lower-case letters, capitals, digits, symbols)',
  passwordWeak_one:
    'A role with the check level needs a password of at least {count} character of two kinds (lower-case letters, capitals, digits, symbols)',
  iconPixels: 'The icon must be at most {count} × {count} pixels',
  iconPixels_one: 'The icon must be at most {count} × {count} pixel',
};
