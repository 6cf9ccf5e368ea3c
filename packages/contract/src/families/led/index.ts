import { defineFamily, familyGroup, familyScreen, IP_NET, int } from '../kit/index.js';

const screen = (key: string, icon: string, options?: Parameters<typeof familyScreen>[4]) =>
  familyScreen(key, 'pjtled', icon, 'led', options);

/** LED screens (spec 001 §3 "LED"): programs of media resources. */
export const ledManifest = defineFamily({
  type: 'led',
  slug: 'led',
  module: 'led',
  properties: [int('screenWidth', 1, 10000, 'px'), int('screenHeight', 1, 10000, 'px')],
  network: [...IP_NET, 'equipmentId'],
  screens: [
    familyGroup('pjtled', 'DesktopOutlined'),
    screen('pjtdeviceledlist', 'DesktopOutlined'),
    screen('pjtdeviceled', 'DesktopOutlined', { menu: false, authOf: 'pjtdeviceledlist' }),
    screen('pjtledresourcelist', 'FileImageOutlined'),
    screen('pjtledprogramlist', 'OrderedListOutlined'),
    screen('pjtledprogram', 'EditOutlined', { menu: false, authOf: 'pjtledprogramlist' }),
    screen('pjtledlive', 'PlayCircleOutlined'),
  ],
  demo: { weight: 3, props: () => ({ screenWidth: 192, screenHeight: 96 }) },
});
