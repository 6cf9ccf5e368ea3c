import { LINK_TEXTS } from '../kit/link-texts.js';
import type { FamilyI18n } from '../kit/manifest.js';

/** Texts of the family: merged into the i18n resources by namespace. */
export const i18n = {
  zh_CN: {
    ...LINK_TEXTS.zh_CN,
    families: {
      types: {
        pgw: '电力线网关',
      },
      pgw: {
        wireNo: '线路号',
        zoneCode: '台区编码',
        relayLevels: '中继级数',
        searchInterval: '搜索周期',
        carrierBand: '载波频段',
        carrierBand_narrow: '窄带',
        carrierBand_wide: '宽带',
      },
    },
    menu: {
      pjtpgw: '电力线网关',
      pjtdevicepgwlist: '电力线网关列表',
      pjtdevicepgw: '电力线网关详情',
    },
    settings: {
      pgwRetentionDays: '电力线网关日志保留 (天)',
    },
    labels: {
      keys: {
        lamp: '灯控器',
      },
      eventCodes: {
        CHILD_LOST: '灯控器失联',
        CARRIER_FAULT: '载波模块故障',
        REBOOTED: '网关已重启',
        TIME_CORRECTED: '已校时',
        UPGRADE_RESULT: '升级结果',
      },
    },
    pgw: {
      // Server messages (validation, references); the screens' texts load with them (web families/pgw/texts).
      lampsRequired: '请选择灯控器',
      tooManyLamps: '一个网关最多 {count} 个灯控器',
      duplicateLamp: '灯控器不能重复',
      lampNotFound: '灯控器不存在或不在当前项目',
      notPowerLine: '{device} 不是电力线灯控器',
      lampTaken: '{device} 已挂在 {gateway} 下，请先从该网关注销',
      notChild: '灯控器不在此网关下',
    },
  },
  en_US: {
    ...LINK_TEXTS.en_US,
    families: {
      types: {
        pgw: 'Power-line gateway',
      },
      pgw: {
        wireNo: 'Wire no',
        zoneCode: 'Zone code',
        relayLevels: 'Relay levels',
        searchInterval: 'Search interval',
        carrierBand: 'Carrier band',
        carrierBand_narrow: 'Narrow band',
        carrierBand_wide: 'Wide band',
      },
    },
    menu: {
      pjtpgw: 'Power-line gateways',
      pjtdevicepgwlist: 'Power-line gateway list',
      pjtdevicepgw: 'Power-line gateway',
    },
    settings: {
      pgwRetentionDays: 'Power-line gateway log retention (days)',
    },
    labels: {
      keys: {
        lamp: 'Lamp controller',
      },
      eventCodes: {
        CHILD_LOST: 'Lamp controller lost',
        CARRIER_FAULT: 'Carrier module fault',
        REBOOTED: 'Gateway restarted',
        TIME_CORRECTED: 'Clock corrected',
        UPGRADE_RESULT: 'Upgrade result',
      },
    },
    pgw: {
      // Server messages (validation, references); the screens' texts load with them (web families/pgw/texts).
      lampsRequired: 'Choose lamp controllers',
      tooManyLamps: 'At most {count} lamp controllers behind one gateway',
      tooManyLamps_one: 'At most {count} lamp controller behind one gateway',
      duplicateLamp: 'A lamp controller is listed twice',
      lampNotFound: 'The lamp controller does not exist or is not in this project',
      notPowerLine: '{device} is not a power-line lamp controller',
      lampTaken: '{device} is behind {gateway}: unregister it there first',
      notChild: 'The lamp controller is not behind this gateway',
    },
  },
} satisfies FamilyI18n;
