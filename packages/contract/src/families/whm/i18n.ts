import type { FamilyManifest } from '../kit/manifest.js';

/** Texts of the family: merged into the i18n resources by namespace. */
export const i18n = {
  zh_CN: {
    families: {
      types: {
        watthourmeter: '电能表',
      },
      watthourmeter: {
        peripheralIndex: '外设序号',
      },
    },
    menu: {
      pjtwhm: '电能表',
      pjtdevicewhmlist: '电能表列表',
      pjtdevicewhm: '电能表详情',
    },
  },
  en_US: {
    families: {
      types: {
        watthourmeter: 'Watt-hour meter',
      },
      watthourmeter: {
        peripheralIndex: 'Peripheral index',
      },
    },
    menu: {
      pjtwhm: 'Watt-hour meters',
      pjtdevicewhmlist: 'Meter list',
      pjtdevicewhm: 'Meter',
    },
  },
} satisfies FamilyManifest['i18n'];
