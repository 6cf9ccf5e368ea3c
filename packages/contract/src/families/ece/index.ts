import { ipNetwork, plannedFamily } from '../kit/planned.js';
import { int, text } from '../kit/properties.js';
import { keptFor } from '../kit/retention.js';

/** Emergency call posts (spec 001 §3 "ECE"), linked to a camera. */
export const eceManifest = plannedFamily({
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
  network: ipNetwork(),
  ...keptFor('eceRetentionDays', ['events']),
  menu: { group: 'pjtece', icon: 'AlertOutlined' },
  screens: [
    ['pjtdeviceecelist', 'AlertOutlined'],
    ['pjtdeviceece', 'FileSearchOutlined'],
    ['pjtdeviceeceagentseat', 'CustomerServiceOutlined'],
    ['pjtdeviceecerecord', 'PlaySquareOutlined'],
  ],
  demo: { weight: 3 },
});
