import { days, int as setting } from '../../settings/kinds.js';
import { defineFamily, familyGroup, familyScreen, IOT_NET, int, select, text } from '../kit/index.js';
import { i18n } from './i18n.js';

const screen = (key: string, icon: string, options?: Parameters<typeof familyScreen>[4]) =>
  familyScreen(key, 'pjtmtc', icon, 'mtc', options);

/** Centralized controllers (cabinets, spec 001 §3 "MTC"): circuits, and lamps behind them. */
export const mtcManifest = defineFamily({
  type: 'mtc',
  slug: 'mtc',
  module: 'mtc',
  properties: [
    text('address', 64),
    int('upPort', 1024, 65535),
    select('upProtocol', ['tcp', 'udp', 'mqtt'] as const),
    text('version', undefined, { regex: /^MTC\d\.\d\.\d\d$/, message: 'validation.mtcVersion' }),
    int('circuitCount', 1, 32),
  ],
  network: [...IOT_NET, 'ip', 'port'],
  relaysChildren: true,
  retention: { events: 'mtcEventRetentionDays' },
  settings: [setting('mtcEventRetentionDays', 'retention', days(30, 60))],
  screens: [
    familyGroup('pjtmtc', 'ControlOutlined'),
    screen('pjtdevicemtclist', 'ControlOutlined'),
    screen('pjtdevicemtc', 'ControlOutlined', { menu: false, authOf: 'pjtdevicemtclist' }),
    screen('pjtdevicemtcpolicy', 'ScheduleOutlined'),
  ],
  i18n,
  demo: { weight: 3 },
});
