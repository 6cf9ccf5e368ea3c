import type { FamilyI18n } from '../kit/manifest.js';

/** Texts of the family: merged into the i18n resources by namespace. */
export const i18n = {
  zh_CN: {
    families: {
      types: {
        led: 'LED屏',
      },
      led: {
        screenWidth: '屏幕宽度',
        screenHeight: '屏幕高度',
      },
    },
    menu: {
      pjtled: 'LED 屏',
      pjtdeviceledlist: 'LED 屏列表',
      pjtdeviceled: 'LED 屏详情',
      pjtledresourcelist: '媒体资源',
      pjtledprogramlist: '节目列表',
      pjtledprogram: '节目编辑',
      pjtledlive: 'LED 直播',
    },
  },
  en_US: {
    families: {
      types: {
        led: 'LED screen',
      },
      led: {
        screenWidth: 'Screen width',
        screenHeight: 'Screen height',
      },
    },
    menu: {
      pjtled: 'LED screens',
      pjtdeviceledlist: 'LED screen list',
      pjtdeviceled: 'LED screen',
      pjtledresourcelist: 'Media resources',
      pjtledprogramlist: 'Programs',
      pjtledprogram: 'Program editor',
      pjtledlive: 'LED live',
    },
  },
} satisfies FamilyI18n;
