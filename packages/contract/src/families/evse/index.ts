import { IOT_NET } from '../kit/network.js';
import { plannedFamily } from '../kit/planned.js';
import { int } from '../kit/properties.js';

/** EV chargers (spec 000 §3): registry only; no screens in this phase. */
export const evseManifest = plannedFamily({
  type: 'evse',
  slug: 'evse',
  module: 'project',
  properties: [int('ratedPower', 1, 1000000, 'W')],
  network: [...IOT_NET, 'ip', 'port'],
  demo: { weight: 3 },
});
