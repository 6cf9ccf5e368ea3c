import { defineFamily, familyGroup, familyScreen, IP_NET, int } from '../kit/index.js';

/** Recorders (spec 001 §3 "DVR"): cameras record to them. The video menu group starts here. */
export const dvrManifest = defineFamily({
  type: 'dvr',
  slug: 'dvr',
  module: 'video',
  properties: [int('channelCount', 1, 256)],
  network: [...IP_NET, 'rtspPort', 'minPort', 'maxPort', 'equipmentId'],
  screens: [
    familyGroup('pjtvideo', 'VideoCameraOutlined'),
    familyScreen('pjtdevicedvrlist', 'pjtvideo', 'DatabaseOutlined', 'video'),
    familyScreen('pjtdevicedvr', 'pjtvideo', 'DatabaseOutlined', 'video', { menu: false, authOf: 'pjtdevicedvrlist' }),
  ],
  demo: { weight: 2 },
});
