import { grantOf, grantsOf } from '../../endpoints/endpoint.js';
import { int as setting } from '../../settings/kinds.js';
import { defineFamily } from '../kit/manifest.js';
import { IOT_NET } from '../kit/network.js';
import { feeder, int, text } from '../kit/properties.js';
import { retentionSetting } from '../kit/retention.js';
import { FAMILY_READS, familyGroup, familyMenu } from '../kit/screens.js';
import {
  LIGHTING_GROUP_API,
  LIGHTING_LAMP_API,
  LIGHTING_LIST_API,
  LIGHTING_POLICY_API,
  LIGHTING_SUMMARY_API,
} from './api.js';
import { LIGHTING_EVENTS } from './events.js';
import { LIGHTING_COMMANDS, LIGHTING_READINGS } from './schemas.js';

export * from './api.js';
export * from './events.js';
export * from './responses.js';
export * from './schemas.js';

const { groups } = LIGHTING_GROUP_API;
const { batchStatus, lamps, map } = LIGHTING_LIST_API;
const { policies, usePolicy } = LIGHTING_POLICY_API;

/** What each screen may call: its tables, and the other tables' calls its pages use. */
const LAMP_CALLS = [...grantsOf(LIGHTING_LAMP_API, LIGHTING_LIST_API), grantOf(groups), ...FAMILY_READS];
const POLICY_CALLS = [...grantsOf(LIGHTING_POLICY_API), ...[batchStatus, lamps, groups].map(grantOf), ...FAMILY_READS];
const GROUP_CALLS = [
  ...grantsOf(LIGHTING_GROUP_API),
  ...[batchStatus, lamps, map, policies, usePolicy].map(grantOf),
  ...FAMILY_READS,
];
const SUMMARY_CALLS = [...grantsOf(LIGHTING_SUMMARY_API), grantOf(groups), ...FAMILY_READS];

const screen = familyMenu('pjtlighting', 'lighting', { ready: true });

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
    ...feeder(),
  ],
  network: [...IOT_NET, 'modbusAddress', 'channelNo'],
  parentTypes: ['gateway', 'pgw', 'mtc'],
  lampControlUnit: true,
  readings: LIGHTING_READINGS,
  events: LIGHTING_EVENTS,
  commands: LIGHTING_COMMANDS,
  heartbeat: 'lcuHeartbeat',
  heartbeatUnit: 'minute',
  retention: { events: 'lcuRetentionDays', readings: 'lightPowerRetentionDays' },
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
    retentionSetting('lcuRetentionDays'),
    retentionSetting('lightPowerRetentionDays'),
  ],
  screens: [
    familyGroup('pjtlighting', 'BulbOutlined'),
    screen('pjtdevicelightingsummary', 'PieChartOutlined', { apis: SUMMARY_CALLS }),
    screen('pjtdevicelightinglist', 'BulbOutlined', { apis: LAMP_CALLS }),
    screen('pjtdevicelighting', 'BulbOutlined', { menu: false, authOf: 'pjtdevicelightinglist' }),
    screen('pjtdevicelightingpolicy', 'ScheduleOutlined', { apis: POLICY_CALLS }),
    screen('pjtdevicelightinggroup', 'GroupOutlined', { apis: GROUP_CALLS }),
  ],
  api: {
    ...LIGHTING_LAMP_API,
    ...LIGHTING_LIST_API,
    ...LIGHTING_GROUP_API,
    ...LIGHTING_POLICY_API,
    ...LIGHTING_SUMMARY_API,
  },
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
