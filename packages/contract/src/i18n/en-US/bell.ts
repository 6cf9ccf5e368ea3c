import type { Translation } from '../translate.js';
import type { bell as zh } from '../zh-CN/bell.js';

export const bell: Translation<typeof zh> = {
  alarms: '{count} unread alarms',
  alarms_one: '{count} unread alarm',
  warnings: '{count} unread warnings',
  warnings_one: '{count} unread warning',
};
