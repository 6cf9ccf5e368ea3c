import type { FamilyI18n } from '../kit/manifest.js';

/** Texts of the family: merged into the i18n resources by namespace. */
export const i18n = {
  zh_CN: {
    families: {
      types: {
        smartclassifieddustbin: '智能分类垃圾桶',
      },
      smartclassifieddustbin: {
        scdId: '垃圾桶 ID',
        fullThreshold: '满溢阈值',
        overfillThreshold: '溢出阈值',
        freeDistance: '空桶距离',
      },
    },
    menu: {
      pjtscd: '智能垃圾桶',
      pjtdevicescdlist: '垃圾桶列表',
      pjtdevicescd: '垃圾桶详情',
    },
    scd: {
      empty: '当前项目没有垃圾桶',
      missing: '垃圾桶不存在或不在当前项目中',
      back: '返回列表',
      search: '名称、编号或设备 ID',
      activeFilter: '在线状态',
      fields: {
        fill: '填充度',
        fillState: '满溢状态',
        weight: '重量 (kg)',
        battery: '电量 (%)',
        reportedAt: '上报时间',
        fullThreshold: '满溢阈值 (cm)',
        overfillThreshold: '溢出阈值 (cm)',
        freeDistance: '空桶距离 (cm)',
      },
      fillStates: {
        normal: '正常',
        full: '已满',
        overfill: '溢出',
        unknown: '未上报',
      },
      readings: {
        distance: '距离',
        fill: '填充度',
        weight: '重量',
        battery: '电量',
      },
      eventCodes: {
        FULL: '垃圾桶已满',
        OVERFILL: '垃圾桶溢出',
        OFFLINE: '离线',
      },
      properties: '属性',
      realtime: '实时数据',
      config: '阈值配置',
      configHint: '阈值为垃圾距桶底的高度；满溢阈值必须小于溢出阈值',
      configSave: '保存配置',
      configDelivered: '配置已保存并下发到垃圾桶',
      configNotDelivered: '配置已保存；垃圾桶当前不在线，上线后生效',
      commandsTitle: '控制',
      commands: {
        realdata: '读取实时数据',
      },
      recentTitle: '最近 24 小时事件',
      recentEmpty: '最近 24 小时没有事件',
      eventsTitle: '按时段查询事件',
      period: '时间段',
    },
  },
  en_US: {
    families: {
      types: {
        smartclassifieddustbin: 'Smart dustbin',
      },
      smartclassifieddustbin: {
        scdId: 'Dustbin ID',
        fullThreshold: 'Full threshold',
        overfillThreshold: 'Over-fill threshold',
        freeDistance: 'Empty distance',
      },
    },
    menu: {
      pjtscd: 'Smart dustbins',
      pjtdevicescdlist: 'Dustbin list',
      pjtdevicescd: 'Dustbin',
    },
    scd: {
      empty: 'This project has no dustbin',
      missing: 'The dustbin does not exist or is not in the current project',
      back: 'Back to the list',
      search: 'Name, no or equipment ID',
      activeFilter: 'Online state',
      fields: {
        fill: 'Fill level',
        fillState: 'Full state',
        weight: 'Weight (kg)',
        battery: 'Battery (%)',
        reportedAt: 'Report time',
        fullThreshold: 'Full threshold (cm)',
        overfillThreshold: 'Over-fill threshold (cm)',
        freeDistance: 'Empty distance (cm)',
      },
      fillStates: {
        normal: 'Normal',
        full: 'Full',
        overfill: 'Over-fill',
        unknown: 'Not reported',
      },
      readings: {
        distance: 'Distance',
        fill: 'Fill level',
        weight: 'Weight',
        battery: 'Battery',
      },
      eventCodes: {
        FULL: 'Dustbin full',
        OVERFILL: 'Dustbin over-fill',
        OFFLINE: 'Offline',
      },
      properties: 'Properties',
      realtime: 'Real-time data',
      config: 'Thresholds',
      configHint:
        'Thresholds are heights of rubbish above the bottom; the full threshold must be below the over-fill one',
      configSave: 'Save configuration',
      configDelivered: 'Configuration saved and sent to the dustbin',
      configNotDelivered: 'Configuration saved; the dustbin is offline and takes it when it reconnects',
      commandsTitle: 'Control',
      commands: {
        realdata: 'Read real-time data',
      },
      recentTitle: 'Events of the last 24 hours',
      recentEmpty: 'No event in the last 24 hours',
      eventsTitle: 'Events by period',
      period: 'Period',
    },
  },
} satisfies FamilyI18n;
