import type { FamilyI18n } from '../kit/manifest.js';

/** Texts of the family: merged into the i18n resources by namespace. */
export const i18n = {
  zh_CN: {
    families: {
      types: {
        wifi: '无线AP',
      },
      wifi: {
        ssid: 'SSID',
        linkType: '连接类型',
      },
    },
    menu: {
      pjtwifi: '无线 WiFi',
      pjtdevicewifilist: 'WiFi 列表',
      pjtdevicewifi: 'WiFi 详情',
    },
  },
  en_US: {
    families: {
      types: {
        wifi: 'WiFi AP',
      },
      wifi: {
        ssid: 'SSID',
        linkType: 'Link type',
      },
    },
    menu: {
      pjtwifi: 'WiFi',
      pjtdevicewifilist: 'WiFi list',
      pjtdevicewifi: 'WiFi device',
    },
  },
} satisfies FamilyI18n;
