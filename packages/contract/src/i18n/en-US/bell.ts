import type { bell as zh } from '../zh-CN/bell.js';

export const bell: Record<keyof typeof zh, string> = {
  alarms: '{count} unread alarms',
  warnings: '{count} unread warnings',
};
