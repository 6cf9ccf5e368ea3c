import { defineFamily, familyGroup, familyScreen, IP_NET, text } from '../kit/index.js';

const screen = (key: string, icon: string, options?: Parameters<typeof familyScreen>[4]) =>
  familyScreen(key, 'pjtnsc', icon, 'nsc', options);

/** Network speakers (spec 001 §3 "NSC"): broadcast terminals, groups, media, timed tasks. */
export const nscManifest = defineFamily({
  type: 'nsc',
  slug: 'nsc',
  module: 'nsc',
  properties: [text('terminalId', 64), text('version', 32)],
  network: [...IP_NET, 'equipmentId'],
  screens: [
    familyGroup('pjtnsc', 'SoundOutlined'),
    screen('pjtdevicevoice', 'SoundOutlined'),
    screen('pjtdevicensclist', 'SoundOutlined'),
    screen('pjtdevicenscgroup', 'GroupOutlined'),
    screen('pjtnscmediagroup', 'CustomerServiceOutlined'),
    screen('pjtnsctasklist', 'FieldTimeOutlined'),
    screen('pjtnsctask', 'EditOutlined', { menu: false, authOf: 'pjtnsctasklist' }),
    screen('pjtnsccontrolcenter', 'ControlOutlined'),
  ],
  demo: { weight: 4 },
});
