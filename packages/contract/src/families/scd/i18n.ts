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
  },
} satisfies FamilyI18n;
