import type { FamilyI18n } from '../kit/manifest.js';

/** Texts of the family: merged into the i18n resources by namespace. */
export const i18n = {
  zh_CN: {
    families: {
      types: {
        dvr: '硬盘录像机',
      },
      dvr: {
        channelCount: '通道数',
      },
    },
    menu: {
      pjtvideo: '视频监控',
      pjtdevicedvrlist: '录像机列表',
      pjtdevicedvr: '录像机详情',
    },
  },
  en_US: {
    families: {
      types: {
        dvr: 'Recorder',
      },
      dvr: {
        channelCount: 'Channel count',
      },
    },
    menu: {
      pjtvideo: 'Video',
      pjtdevicedvrlist: 'Recorders',
      pjtdevicedvr: 'Recorder',
    },
  },
} satisfies FamilyI18n;
