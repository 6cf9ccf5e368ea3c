import type { enums as zh } from '../zh-CN/enums.js';

export const enums: Record<keyof typeof zh, string> = {
  level_0: 'N/A',
  level_1: 'View',
  level_5: 'Edit',
  level_10: 'Check',
  'active_-1': 'Abnormal',
  active_0: 'Unknown',
  active_1: 'Normal',
  status_1: 'Normal',
  status_0: 'Banned',
  'status_-1': 'Deleted',
};
