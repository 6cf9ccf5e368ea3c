import type { FamilyManifest } from '../kit/manifest.js';

/** Texts of the family: merged into the i18n resources by namespace. */
export const i18n = {
  zh_CN: {
    families: {
      types: {
        illumination: '照度传感器',
      },
      illumination: {
        threshold: '照度阈值',
        peripheralIndex: '外设序号',
        enabled: '启用',
      },
    },
    menu: {
      pjtillum: '照度传感',
      pjtdeviceillumlist: '照度传感器列表',
      pjtdeviceillum: '照度传感器详情',
      pjtdeviceillumgroup: '照度组网分组',
    },
  },
  en_US: {
    families: {
      types: {
        illumination: 'Illumination sensor',
      },
      illumination: {
        threshold: 'Threshold',
        peripheralIndex: 'Peripheral index',
        enabled: 'Enabled',
      },
    },
    menu: {
      pjtillum: 'Illumination',
      pjtdeviceillumlist: 'Illumination sensors',
      pjtdeviceillum: 'Illumination sensor',
      pjtdeviceillumgroup: 'Illumination groups',
    },
  },
} satisfies FamilyManifest['i18n'];
