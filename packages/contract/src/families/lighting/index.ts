import { days, int as setting } from '../../settings/kinds.js';
import { defineFamily, familyGroup, familyScreen, IOT_NET, int, text } from '../kit/index.js';
import { i18n } from './i18n.js';

const screen = (key: string, icon: string, options?: Parameters<typeof familyScreen>[4]) =>
  familyScreen(key, 'pjtlighting', icon, 'lighting', options);

/** Lamp controllers (spec 001 §3 "Lighting"): channels of lamps behind a gateway or power-line gateway. */
export const lightingManifest = defineFamily({
  type: 'lighting',
  slug: 'lighting',
  module: 'lighting',
  properties: [
    int('channelCount', 1, 4),
    text('channels', 32),
    int('ratedPower', 1, 100000, 'W'),
    int('lampLifeCycle', 1, 1000000, 'h'),
    int('fatigueThreshold', 1, 1000000, 'h'),
  ],
  network: [...IOT_NET, 'modbusAddress', 'channelNo'],
  parentTypes: ['gateway', 'pgw', 'mtc'],
  events: [{ code: '19', level: 'alarm' }],
  retention: { events: 'lcuRetentionDays' },
  settings: [
    setting('lcuHeartbeat', 'lighting', { default: 3, min: 1, max: 30 }),
    setting('lampEventCache', 'lighting', { default: 25, min: 1, max: 100 }),
    setting('warningCache', 'lighting', { default: 10, min: 1, max: 100 }),
    setting('policyUnitsMax', 'lighting', { default: 5, min: 1, max: 6 }),
    setting('defaultLightLevel', 'lighting', { default: 100, min: 1, max: 100 }),
    setting('lightPowerDefault', 'lighting', { default: 100, min: 1, max: 100_000 }),
    setting('lampLifeHours', 'lighting', { default: 50_000, min: 1, max: 1_000_000 }),
    setting('lampFatigueHours', 'lighting', { default: 40_000, min: 1, max: 1_000_000 }),
    setting('currentLimit', 'lighting', { default: 5000, min: 0, max: 90_000 }),
    setting('voltageLimit', 'lighting', { default: 260, min: 0, max: 300 }),
    setting('leakageLimit', 'lighting', { default: 30, min: 0, max: 255 }),
    setting('temperatureLimit', 'lighting', { default: 80, min: 0, max: 300 }),
    setting('tiltLimit', 'lighting', { default: 30, min: 0, max: 180 }),
    setting('lcuRetentionDays', 'retention', days(365)),
    setting('lightPowerRetentionDays', 'retention', days(365)),
  ],
  screens: [
    familyGroup('pjtlighting', 'BulbOutlined'),
    screen('pjtdevicelightingsummary', 'PieChartOutlined'),
    screen('pjtdevicelightinglist', 'BulbOutlined'),
    screen('pjtdevicelighting', 'BulbOutlined', { menu: false, authOf: 'pjtdevicelightinglist' }),
    screen('pjtdevicelightingpolicy', 'ScheduleOutlined'),
    screen('pjtdevicelightinggroup', 'GroupOutlined'),
  ],
  i18n,
  demo: {
    weight: 40,
    lead: 2,
    child: true,
    props: (random) => ({
      channelCount: 1 + Math.floor(random() * 2),
      ratedPower: [60, 100, 150, 200][Math.floor(random() * 4)],
      lampLifeCycle: 50000,
    }),
  },
});
