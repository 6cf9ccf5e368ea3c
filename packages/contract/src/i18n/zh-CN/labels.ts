/**
 * Labels of what devices and the platform report as codes and keys (event codes, the keys of command
 * arguments, results and event details), and the built-in names the system creates (issue 13).
 */
export const labels = {
  eventCodes: {
    OFFLINE: '设备离线',
    ONLINE: '设备上线',
    '19': '灯具故障',
    FULL: '垃圾桶满溢',
    PM25_HIGH: 'PM2.5 超标',
  },
  /** Commands the platform sends by itself (a gateway's registration, a controller's policies). */
  commands: {
    addchildren: '下发子设备',
    config: '下发配置',
    policy: '下发策略',
  },
  keys: {
    devices: '设备',
    added: '新增数量',
    policies: '策略数',
    values: '运行数据',
    timezone: '时区',
    lng: '经度',
    lat: '纬度',
    drift: '时钟偏差',
    deviceTime: '设备时间',
    level: '级别',
    label: '说明',
    channel: '通道',
    fill: '满溢度',
    time: '下发时间',
    epochMs: '下发时间',
    before: '校时前设备时间',
    after: '校时后设备时间',
    previousOffsetMs: '校时前偏差',
    rebootingInMs: '重启等待',
    downMs: '离线时长',
    cleared: '清除数量',
    ok: '结果',
    message: '信息',
    reason: '原因',
    value: '值',
    state: '状态',
    brightness: '亮度',
    on: '开关',
    illuminance: '照度',
    threshold: '阈值',
  },
  ms: '{ms} 毫秒',
  /** A duration in words (formatDuration in the console): 3 天 4 小时 / 3 d 4 h. */
  duration: { days: '{n} 天', hours: '{n} 小时', minutes: '{n} 分钟', seconds: '{n} 秒' },
  builtin: {
    rootProject: '智慧城市平台',
    adminRole: '系统管理员',
    genericFactory: '通用厂商',
  },
} as const;
