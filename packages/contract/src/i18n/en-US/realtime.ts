import type { Translation } from '../translate.js';
import type { realtime as zh } from '../zh-CN/realtime.js';

export const realtime: Translation<typeof zh> = {
  live: 'Live',
  connecting: 'Connecting to the live channel…',
  offline: 'Live channel lost, reconnecting',
};
