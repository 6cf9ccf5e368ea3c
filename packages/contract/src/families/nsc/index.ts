import { ipNetwork, plannedFamily } from '../kit/planned.js';
import { text } from '../kit/properties.js';

/** Network speakers (spec 001 §3 "NSC"): broadcast terminals, groups, media, timed tasks. */
export const nscManifest = plannedFamily({
  type: 'nsc',
  slug: 'nsc',
  module: 'nsc',
  properties: [text('terminalId', 64), text('version', 32)],
  network: ipNetwork(),
  menu: { group: 'pjtnsc', icon: 'SoundOutlined' },
  screens: [
    ['pjtdevicevoice', 'SoundOutlined'],
    ['pjtdevicensclist', 'SoundOutlined'],
    ['pjtdevicenscgroup', 'GroupOutlined'],
    ['pjtnscmediagroup', 'CustomerServiceOutlined'],
    ['pjtnsctasklist', 'FieldTimeOutlined'],
    ['pjtnsctask', 'EditOutlined', 'pjtnsctasklist'],
    ['pjtnsccontrolcenter', 'ControlOutlined'],
  ],
  demo: { weight: 4 },
});
