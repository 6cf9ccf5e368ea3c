import { ipNetwork, plannedFamily } from '../kit/planned.js';
import { int } from '../kit/properties.js';

/** Recorders (spec 001 §3 "DVR"): cameras record to them. The video menu group starts here. */
export const dvrManifest = plannedFamily({
  type: 'dvr',
  slug: 'dvr',
  module: 'video',
  properties: [int('channelCount', 1, 256)],
  network: ipNetwork('rtspPort', 'minPort', 'maxPort'),
  menu: { group: 'pjtvideo', icon: 'VideoCameraOutlined' },
  screens: [
    ['pjtdevicedvrlist', 'DatabaseOutlined'],
    ['pjtdevicedvr', 'DatabaseOutlined', 'pjtdevicedvrlist'],
  ],
  demo: { weight: 2 },
});
