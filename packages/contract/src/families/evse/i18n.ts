import type { FamilyI18n } from '../kit/manifest.js';

/** Texts of the family: merged into the i18n resources by namespace. */
export const i18n = {
  zh_CN: {
    families: {
      types: {
        evse: '充电桩',
      },
      evse: {
        ratedPower: '额定功率',
      },
    },
  },
  en_US: {
    families: {
      types: {
        evse: 'EV charger',
      },
      evse: {
        ratedPower: 'Rated power',
      },
    },
  },
} satisfies FamilyI18n;
