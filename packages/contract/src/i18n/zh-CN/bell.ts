/** The frame's bell: unread device alarms by level beside the unread count. */
export const bell = {
  alarms: '未读告警 {count} 条',
  warnings: '未读预警 {count} 条',
} as const;
