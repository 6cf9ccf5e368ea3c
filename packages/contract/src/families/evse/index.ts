import { defineFamily, IOT_NET, int } from '../kit/index.js';

/** EV chargers (spec 000 §3): registry only; no screens in this phase. */
export const evseManifest = defineFamily({
  type: 'evse',
  slug: 'evse',
  module: 'project',
  properties: [int('ratedPower', 1, 1000000, 'W')],
  network: [...IOT_NET, 'ip', 'port'],
  screens: [],
  demo: { weight: 3 },
});
