import { ipNetwork, plannedFamily } from '../kit/planned.js';
import { int } from '../kit/properties.js';

/** LED screens (spec 001 §3 "LED"): programs of media resources. */
export const ledManifest = plannedFamily({
  type: 'led',
  slug: 'led',
  module: 'led',
  properties: [int('screenWidth', 1, 10000, 'px'), int('screenHeight', 1, 10000, 'px')],
  network: ipNetwork(),
  menu: { group: 'pjtled', icon: 'DesktopOutlined' },
  screens: [
    ['pjtdeviceledlist', 'DesktopOutlined'],
    ['pjtdeviceled', 'DesktopOutlined', 'pjtdeviceledlist'],
    ['pjtledresourcelist', 'FileImageOutlined'],
    ['pjtledprogramlist', 'OrderedListOutlined'],
    ['pjtledprogram', 'EditOutlined', 'pjtledprogramlist'],
    ['pjtledlive', 'PlayCircleOutlined'],
  ],
  demo: { weight: 3, props: () => ({ screenWidth: 192, screenHeight: 96 }) },
});
