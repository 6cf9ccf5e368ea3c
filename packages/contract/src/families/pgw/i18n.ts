import type { FamilyManifest } from '../kit/manifest.js';

/** Texts of the family: merged into the i18n resources by namespace. */
export const i18n = {
  zh_CN: {
    families: {
      types: {
        pgw: '电力线网关',
      },
      pgw: {
        wireNo: '线路号',
        zoneCode: '台区编码',
      },
    },
    menu: {
      pjtpgw: '电力线网关',
      pjtdevicepgwlist: '电力线网关列表',
      pjtdevicepgw: '电力线网关详情',
    },
  },
  en_US: {
    families: {
      types: {
        pgw: 'Power-line gateway',
      },
      pgw: {
        wireNo: 'Wire no',
        zoneCode: 'Zone code',
      },
    },
    menu: {
      pjtpgw: 'Power-line gateways',
      pjtdevicepgwlist: 'Power-line gateway list',
      pjtdevicepgw: 'Power-line gateway',
    },
  },
} satisfies FamilyManifest['i18n'];
