import { days, int as setting } from '../../settings/kinds.js';
import {
  defineFamily,
  FAMILY_READS,
  familyCalls,
  familyGroup,
  familyScreen,
  IOT_NET,
  int,
  text,
} from '../kit/index.js';
import { LIGHTING_EVENTS } from './events.js';
import { LIGHTING_RESPONSES } from './responses.js';
import { LIGHTING_COMMANDS, LIGHTING_READINGS } from './schemas.js';

export * from './events.js';
export * from './responses.js';
export * from './schedule.js';
export * from './schemas.js';

/**
 * The calls of the lighting family (spec 001 §7 "lighting"), all under /api/pjts/{projectId}/iot/lighting/
 * (JSON bodies; the policy and batch bodies are nested, so JSON only). Answers: `LIGHTING_RESPONSES`.
 *
 * One lamp (`:id` a lamp controller of the project):
 * - POST :id/register | :id/unregister                          → registration
 * - POST :id/<command> for realdata, time, poweron, poweroff, dim {level, channel}, eco {level, channel},
 *   reset {hours 1-12}, restart, correcttime, clearsum, runmode {runMode, policyMode} → command (the
 *   device's reply; 409 offline, 504 silent)
 * - GET  :id/realdata (last report, no round trip)                → realdata
 * - GET/PUT :id/config, GET/PUT :id/alarmconfig                   → config, alarmConfig (PUT stores, then
 *   tells the lamp if it is connected: `delivered`)
 * - PUT  :id/location {lng, lat}                                  → location
 * - GET  :id/events (page, from/to)                               → events (detail: lightingEventDetail)
 * - GET  :id/reports.do | :id/reports.do/series | :id/reports.do/export → readings, series, CSV
 * - GET  :id/policies                                             → lampPolicies
 * - POST :id/policydef (push the lamp's policies to it)           → command
 * Lists: GET pages (pageQuery + lightingListFilter + projectTreeQuery) → lamps; GET map (projectTreeQuery) → map.
 * Policies: GET policies (page) → policies; GET policies/:policyId → policy; POST policies, PUT
 * policies/:policyId (lightingPolicyBody(policyUnitsMax)) → policy; DELETE policies/:policyId → deleted;
 * POST policies/:policyId/use | policies/:policyId/remove | policies/clear (policyTargetsBody) →
 * batchStarted (each pushes policydef to the lamps); POST policies/:policyId/policydef → batchStarted;
 * GET policies/:policyId/preview (schedulePreviewQuery) → preview.
 * Batches: POST batch/command (lightingBatchBody) → batchStarted; GET batches/:batchId → batchStatus;
 * progress also arrives as realtime `batch` pushes for the project.
 * LCU groups: GET groups (page) → groups; GET groups/:groupId → group; POST groups, PUT groups/:groupId
 * (lightingGroupBody) → group; DELETE groups/:groupId → deleted; POST groups/:groupId/members
 * (lightingGroupMembersBody) → group; POST groups/:groupId/command (lightingGroupCommandBody) → batchStarted.
 * Area: POST area/lamps {polygon, includeChildren} → areaLamps; POST area/command {polygon, includeChildren,
 * command, args} → batchStarted (includeChildren as the map the area was drawn on: the same lamps).
 * Power: GET power/summary (powerQuery) → powerSummary; GET power/last (powerQuery) → powerLast.
 * Overview: GET summary (projectTreeQuery: the subtree's lamps, faults and energy) → overview.
 * Faults: GET faults (pageQuery + lightingFaultsQuery + projectTreeQuery: the lamps with an open fault,
 *   of one code or all, newest first, each with the work order that handled it) → faults.
 */
export const lightingCalls = familyCalls('lighting');
const calls = lightingCalls;

const LAMP_CALLS = [
  ...calls.registration(),
  ...calls.commands(LIGHTING_COMMANDS),
  calls.get('pages'),
  calls.get('map'),
  calls.get(':id/realdata'),
  calls.get(':id/config'),
  calls.put(':id/config'),
  calls.get(':id/alarmconfig'),
  calls.put(':id/alarmconfig'),
  calls.put(':id/location'),
  calls.get(':id/events'),
  calls.get(':id/reports.do'),
  calls.get(':id/reports.do/series'),
  calls.get(':id/reports.do/export'),
  calls.get(':id/policies'),
  calls.post(':id/policydef'),
  calls.post('batch/command'),
  calls.get('batches/:batchId'),
  calls.post('area/lamps'),
  calls.post('area/command'),
  calls.get('groups'),
  ...FAMILY_READS,
];
const POLICY_CALLS = [
  calls.get('policies'),
  calls.get('policies/:policyId'),
  calls.post('policies'),
  calls.put('policies/:policyId'),
  calls.delete('policies/:policyId'),
  calls.post('policies/:policyId/use'),
  calls.post('policies/:policyId/remove'),
  calls.post('policies/clear'),
  calls.post('policies/:policyId/policydef'),
  calls.get('policies/:policyId/preview'),
  calls.get('batches/:batchId'),
  calls.get('pages'),
  calls.get('groups'),
  ...FAMILY_READS,
];
const GROUP_CALLS = [
  calls.get('groups'),
  calls.get('groups/:groupId'),
  calls.post('groups'),
  calls.put('groups/:groupId'),
  calls.delete('groups/:groupId'),
  calls.post('groups/:groupId/members'),
  calls.post('groups/:groupId/command'),
  calls.get('batches/:batchId'),
  calls.get('pages'),
  calls.get('map'),
  calls.get('policies'),
  calls.post('policies/:policyId/use'),
  ...FAMILY_READS,
];
const SUMMARY_CALLS = [
  calls.get('summary'),
  calls.get('faults'),
  calls.get('power/summary'),
  calls.get('power/last'),
  calls.get('groups'),
  ...FAMILY_READS,
];

const screen = (key: string, icon: string, options?: Parameters<typeof familyScreen>[4]) =>
  familyScreen(key, 'pjtlighting', icon, 'lighting', { ready: true, ...options });

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
    setting('lcuRetentionDays', 'retention', days(365)),
    setting('lightPowerRetentionDays', 'retention', days(365)),
  ],
  screens: [
    familyGroup('pjtlighting', 'BulbOutlined'),
    screen('pjtdevicelightingsummary', 'PieChartOutlined', { apis: SUMMARY_CALLS }),
    screen('pjtdevicelightinglist', 'BulbOutlined', { apis: LAMP_CALLS }),
    screen('pjtdevicelighting', 'BulbOutlined', { menu: false, authOf: 'pjtdevicelightinglist' }),
    screen('pjtdevicelightingpolicy', 'ScheduleOutlined', { apis: POLICY_CALLS }),
    screen('pjtdevicelightinggroup', 'GroupOutlined', { apis: GROUP_CALLS }),
  ],
  responses: LIGHTING_RESPONSES,
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
