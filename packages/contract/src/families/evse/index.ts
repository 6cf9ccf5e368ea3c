import { defineFamily, IOT_NET, int } from '../kit/index.js';
import { i18n } from './i18n.js';

/** EV chargers (spec 000 §3): registry only; no screens in this phase. */
export const evseManifest = defineFamily({
  type: 'evse',
  slug: 'evse',
  module: 'project',
  properties: [int('ratedPower', 1, 1000000, 'W')],
  network: [...IOT_NET, 'ip', 'port'],
  screens: [],
  i18n,
  demo: { weight: 3 },
});
