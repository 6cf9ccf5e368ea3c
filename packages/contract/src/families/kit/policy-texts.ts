/**
 * Texts of the timed policies every family with policies shares (policy.ts, the console's schedule
 * components), in the platform's `schedule` namespace. A family with policies adds them to its own
 * texts (`schedule: POLICY_TEXTS.zh_CN`), so they load with the family, not with the login page.
 */
export const POLICY_TEXTS = {
  zh_CN: {
    cycle: '周期',
    from: '生效日期',
    to: '失效日期',
    cycleModes: { everyday: '每天', once: '单次', year: '每年', month: '每月', week: '每周', holiday: '节假日' },
    polar: { day: '极昼', night: '极夜' },
    errors: { policyMissing: '策略不存在或不在当前项目中' },
    rules: {
      clockTime: '时间格式为 HH:mm',
      date: '日期格式为 yyyy-MM-dd',
      effectiveDates: '失效日期不能早于生效日期',
      unitsMin: '至少需要一个步骤',
      unitsMax: '已达到最大步骤数 {count}',
      cycle: {
        date: '请选择日期',
        months: '请至少选择一个月份',
        days: '请至少选择一天',
        weekdays: '请至少选择一个星期',
        dates: '请至少选择一个节假日',
      },
    },
  },
  en_US: {
    cycle: 'Cycle',
    from: 'Effective from',
    to: 'Effective to',
    cycleModes: {
      everyday: 'Every day',
      once: 'Once',
      year: 'Every year',
      month: 'Every month',
      week: 'Every week',
      holiday: 'Holidays',
    },
    polar: { day: 'Polar day', night: 'Polar night' },
    errors: { policyMissing: 'The policy does not exist or is not in this project' },
    rules: {
      clockTime: 'Time as HH:mm',
      date: 'Date as yyyy-MM-dd',
      effectiveDates: 'The end date cannot be before the start date',
      unitsMin: 'At least one step is required',
      unitsMax: 'The maximum of {count} steps is reached',
      unitsMax_one: 'The maximum of {count} step is reached',
      cycle: {
        date: 'Choose a date',
        months: 'Choose at least one month',
        days: 'Choose at least one day',
        weekdays: 'Choose at least one weekday',
        dates: 'Choose at least one holiday',
      },
    },
  },
} as const;
