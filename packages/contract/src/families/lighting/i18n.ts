import type { FamilyManifest } from '../kit/manifest.js';

/** Texts of the family: merged into the i18n resources by namespace. */
export const i18n = {
  zh_CN: {
    families: {
      types: {
        lighting: '单灯控制器',
      },
      lighting: {
        channelCount: '通道数',
        channels: '通道',
        ratedPower: '额定功率',
        lampLifeCycle: '灯具寿命',
        fatigueThreshold: '疲劳阈值',
      },
    },
    menu: {
      pjtlighting: '智慧照明',
      pjtdevicelightingsummary: '照明总览',
      pjtdevicelightinglist: '单灯列表',
      pjtdevicelighting: '单灯控制',
      pjtdevicelightingpolicy: '照明策略',
      pjtdevicelightinggroup: '组网分组',
    },
  },
  en_US: {
    families: {
      types: {
        lighting: 'Lamp controller',
      },
      lighting: {
        channelCount: 'Channel count',
        channels: 'Channels',
        ratedPower: 'Rated power',
        lampLifeCycle: 'Lamp life cycle',
        fatigueThreshold: 'Fatigue threshold',
      },
    },
    menu: {
      pjtlighting: 'Lighting',
      pjtdevicelightingsummary: 'Lighting overview',
      pjtdevicelightinglist: 'Lamp list',
      pjtdevicelighting: 'Lamp control',
      pjtdevicelightingpolicy: 'Lighting policies',
      pjtdevicelightinggroup: 'Lamp groups',
    },
  },
} satisfies FamilyManifest['i18n'];
