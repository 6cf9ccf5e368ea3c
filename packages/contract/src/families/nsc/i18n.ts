import type { FamilyI18n } from '../kit/manifest.js';

/** Texts of the family: merged into the i18n resources by namespace. */
export const i18n = {
  zh_CN: {
    families: {
      types: {
        nsc: '网络广播终端',
      },
      nsc: {
        terminalId: '终端 ID',
        version: '版本',
      },
    },
    menu: {
      pjtnsc: '网络广播',
      pjtdevicevoice: '网络音频',
      pjtdevicensclist: '广播终端',
      pjtdevicenscgroup: '终端分组',
      pjtnscmediagroup: '媒体与媒体组',
      pjtnsctasklist: '定时任务',
      pjtnsctask: '定时任务编辑',
      pjtnsccontrolcenter: '广播控制中心',
    },
  },
  en_US: {
    families: {
      types: {
        nsc: 'Network speaker',
      },
      nsc: {
        terminalId: 'Terminal ID',
        version: 'Version',
      },
    },
    menu: {
      pjtnsc: 'Public address',
      pjtdevicevoice: 'Network audio',
      pjtdevicensclist: 'Speakers',
      pjtdevicenscgroup: 'Terminal groups',
      pjtnscmediagroup: 'Media and media groups',
      pjtnsctasklist: 'Timed tasks',
      pjtnsctask: 'Timed task editor',
      pjtnsccontrolcenter: 'Control center',
    },
  },
} satisfies FamilyI18n;
