import { bool, defineFamily, familyGroup, familyScreen, IOT_NET, int, num } from '../kit/index.js';
import { i18n } from './i18n.js';

const screen = (key: string, icon: string, options?: Parameters<typeof familyScreen>[4]) =>
  familyScreen(key, 'pjtillum', icon, 'illum', options);

/** Illumination sensors (spec 001 §3 "Illumination"): ambient light in KLux against a threshold. */
export const illumManifest = defineFamily({
  type: 'illumination',
  slug: 'illum',
  module: 'illum',
  properties: [num('threshold', 0, 200, 'KLux'), int('peripheralIndex', 0, 255), bool('enabled')],
  network: [...IOT_NET, 'modbusAddress'],
  parentTypes: ['gateway', 'mtc'],
  screens: [
    familyGroup('pjtillum', 'SunOutlined'),
    screen('pjtdeviceillumlist', 'SunOutlined'),
    screen('pjtdeviceillum', 'SunOutlined', { menu: false, authOf: 'pjtdeviceillumlist' }),
    screen('pjtdeviceillumgroup', 'GroupOutlined'),
  ],
  i18n,
  demo: { weight: 3, lead: 3, child: true },
});
