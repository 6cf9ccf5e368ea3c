import { days, int as setting } from '../../settings/kinds.js';
import { defineFamily, familyGroup, familyScreen, IP_NET, select, text } from '../kit/index.js';

const LINK_TYPES = ['cascade', 'bypass', 'unknown'] as const;

/** WiFi access points (spec 001 §3 "WiFi"); an AP may hang under an access controller. */
export const wifiManifest = defineFamily({
  type: 'wifi',
  slug: 'wifi',
  module: 'wifi',
  properties: [text('ssid', 32), select('linkType', LINK_TYPES)],
  network: [...IP_NET, 'equipmentId'],
  parentTypes: ['wifi'],
  retention: { events: 'wifiRetentionDays' },
  settings: [setting('wifiRetentionDays', 'retention', days(365))],
  screens: [
    familyGroup('pjtwifi', 'WifiOutlined'),
    familyScreen('pjtdevicewifilist', 'pjtwifi', 'WifiOutlined', 'wifi'),
    familyScreen('pjtdevicewifi', 'pjtwifi', 'WifiOutlined', 'wifi', { menu: false, authOf: 'pjtdevicewifilist' }),
  ],
  demo: { weight: 5 },
});
