import { days, int as setting } from '../../settings/kinds.js';
import { defineFamily, familyGroup, familyScreen, IOT_NET, int, text } from '../kit/index.js';

/** Smart classified dustbins (spec 001 §3 "SCD"): fill distances and thresholds. */
export const scdManifest = defineFamily({
  type: 'smartclassifieddustbin',
  slug: 'scd',
  module: 'scd',
  properties: [
    text('scdId', 64),
    int('fullThreshold', 1, 1000, 'cm'),
    int('overfillThreshold', 1, 1000, 'cm'),
    int('freeDistance', 0, 1000, 'cm'),
  ],
  refine: (props, ctx) => {
    const full = props.fullThreshold as number | undefined;
    const over = props.overfillThreshold as number | undefined;
    if (full !== undefined && over !== undefined && full >= over) {
      ctx.addIssue({ code: 'custom', path: ['fullThreshold'], message: 'validation.fullBelowOverfill' });
    }
  },
  network: IOT_NET,
  events: [{ code: 'FULL', level: 'warning' }],
  retention: { events: 'scdRetentionDays' },
  settings: [setting('scdRetentionDays', 'retention', days(365))],
  screens: [
    familyGroup('pjtscd', 'DeleteOutlined'),
    familyScreen('pjtdevicescdlist', 'pjtscd', 'DeleteOutlined', 'scd'),
    familyScreen('pjtdevicescd', 'pjtscd', 'DeleteOutlined', 'scd', { menu: false, authOf: 'pjtdevicescdlist' }),
  ],
  demo: { weight: 6, props: () => ({ fullThreshold: 20, overfillThreshold: 40, freeDistance: 100 }) },
});
