/** 策略周期的字段（单灯与配电柜的策略共用）。 */
export const schedule = {
  date: '日期',
  months: '月份',
  month: '{month} 月',
  days: '日期（每月）',
  weekdays: '星期',
  dates: '节假日',
  weekday: {
    '1': '周一',
    '2': '周二',
    '3': '周三',
    '4': '周四',
    '5': '周五',
    '6': '周六',
    '7': '周日',
  },
} as const;
