/**
 * Texts of the columns every family's device list shows (its `fields`): a family spreads them into its
 * own fields (`...DEVICE_FIELD_TEXTS.zh_CN`) and adds or overrides the rest. Kept apart from the kit's
 * rules so that a family's texts load without them.
 */
export const DEVICE_FIELD_TEXTS = {
  zh_CN: {
    name: '名称',
    no: '编号',
    equipmentId: '设备 ID',
    activeState: '状态',
    registered: '注册',
    lastActiveAt: '最后活跃',
  },
  en_US: {
    name: 'Name',
    no: 'No',
    equipmentId: 'Equipment ID',
    activeState: 'State',
    registered: 'Registered',
    lastActiveAt: 'Last active',
  },
} as const;

/**
 * Labels of the electrical alarms of a lamp controller's and a cabinet's alarm config (their thresholds):
 * each family spreads them into its `alarms` and adds its own (tilt; phase differences, door, …).
 */
export const ELECTRICAL_ALARM_TEXTS = {
  zh_CN: {
    overCurrent: '过流',
    underCurrent: '欠流',
    overVoltage: '过压',
    underVoltage: '欠压',
    leakage: '漏电',
    temperature: '温度',
  },
  en_US: {
    overCurrent: 'Over current',
    underCurrent: 'Under current',
    overVoltage: 'Over voltage',
    underVoltage: 'Under voltage',
    leakage: 'Leakage',
    temperature: 'Temperature',
  },
} as const;
