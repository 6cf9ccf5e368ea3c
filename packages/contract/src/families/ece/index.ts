import { days, int as setting } from '../../settings/kinds.js';
import { defineFamily, familyGroup, familyScreen, IP_NET, int, text } from '../kit/index.js';

const screen = (key: string, icon: string) => familyScreen(key, 'pjtece', icon, 'ece');

/** Emergency call posts (spec 001 §3 "ECE"), linked to a camera. */
export const eceManifest = defineFamily({
  type: 'emergencycallequipment',
  slug: 'ece',
  module: 'ece',
  properties: [
    text('deviceSerial', 64),
    text('eceCode', 64),
    text('cameraIndexCode', 64),
    text('eceCameraIndexCode', 64),
    int('linkedCameraId', 1, 2147483647),
  ],
  network: [...IP_NET, 'equipmentId'],
  retention: { events: 'eceRetentionDays' },
  settings: [setting('eceRetentionDays', 'retention', days(365))],
  screens: [
    familyGroup('pjtece', 'AlertOutlined'),
    screen('pjtdeviceecelist', 'AlertOutlined'),
    screen('pjtdeviceece', 'FileSearchOutlined'),
    screen('pjtdeviceeceagentseat', 'CustomerServiceOutlined'),
    screen('pjtdeviceecerecord', 'PlaySquareOutlined'),
  ],
  demo: { weight: 3 },
});
