import { defineFamily, familyGroup, familyScreen, IOT_NET, int } from '../kit/index.js';
import { i18n } from './i18n.js';

/** Watt-hour meters (spec 001 §3 "WHM"): energy of lighting circuits, behind a gateway or cabinet. */
export const whmManifest = defineFamily({
  type: 'watthourmeter',
  slug: 'whm',
  module: 'whm',
  properties: [int('peripheralIndex', 0, 255)],
  network: [...IOT_NET, 'modbusAddress'],
  parentTypes: ['gateway', 'mtc'],
  screens: [
    familyGroup('pjtwhm', 'DashboardOutlined'),
    familyScreen('pjtdevicewhmlist', 'pjtwhm', 'DashboardOutlined', 'whm'),
    familyScreen('pjtdevicewhm', 'pjtwhm', 'DashboardOutlined', 'whm', { menu: false, authOf: 'pjtdevicewhmlist' }),
  ],
  i18n,
  demo: { weight: 4, lead: 4, child: true },
});
