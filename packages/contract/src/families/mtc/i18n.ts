import type { FamilyManifest } from '../kit/manifest.js';

/** Texts of the family: merged into the i18n resources by namespace. */
export const i18n = {
  zh_CN: {
    families: {
      types: {
        mtc: '集中控制器',
      },
      mtc: {
        address: '地址',
        upPort: '上行端口',
        upProtocol: '上行协议',
        version: '版本',
        circuitCount: '回路数',
      },
    },
    menu: {
      pjtmtc: '集中控制器',
      pjtdevicemtclist: '集中控制器列表',
      pjtdevicemtc: '集中控制器控制',
      pjtdevicemtcpolicy: '集中控制策略',
    },
  },
  en_US: {
    families: {
      types: {
        mtc: 'Centralized controller',
      },
      mtc: {
        address: 'Address',
        upPort: 'Up port',
        upProtocol: 'Up protocol',
        version: 'Version',
        circuitCount: 'Circuit count',
      },
    },
    menu: {
      pjtmtc: 'Centralized controllers',
      pjtdevicemtclist: 'Controller list',
      pjtdevicemtc: 'Controller control',
      pjtdevicemtcpolicy: 'Centralized policies',
    },
  },
} satisfies FamilyManifest['i18n'];
