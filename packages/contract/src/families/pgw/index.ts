import { defineFamily, familyGroup, familyScreen, IOT_NET, text } from '../kit/index.js';
import { i18n } from './i18n.js';

/** Power-line gateways (spec 001 §3 "PGW"): lamp controllers on the power line behind them. */
export const pgwManifest = defineFamily({
  type: 'pgw',
  slug: 'pgw',
  module: 'pgw',
  properties: [text('wireNo', 32), text('zoneCode', 32)],
  network: [...IOT_NET, 'ip', 'port'],
  relaysChildren: true,
  screens: [
    familyGroup('pjtpgw', 'NodeIndexOutlined'),
    familyScreen('pjtdevicepgwlist', 'pjtpgw', 'NodeIndexOutlined', 'pgw'),
    familyScreen('pjtdevicepgw', 'pjtpgw', 'NodeIndexOutlined', 'pgw', { menu: false, authOf: 'pjtdevicepgwlist' }),
  ],
  i18n,
  demo: { weight: 2 },
});
