import { days, int as setting } from '../../settings/kinds.js';
import {
  defineFamily,
  FAMILY_READS,
  familyCalls,
  familyGroup,
  familyScreen,
  IOT_NET,
  int,
  select,
  text,
} from '../kit/index.js';
import { MTC_EVENTS } from './events.js';
import { MTC_RESPONSES } from './responses.js';
import { MTC_COMMANDS, MTC_DEFAULT_CIRCUITS, MTC_READINGS, MTC_UP_PROTOCOLS, MTC_VERSION_PATTERN } from './schemas.js';

export * from './events.js';
export * from './responses.js';
export * from './schedule.js';
export * from './schemas.js';

/**
 * The calls of the MTC family (centralized controllers in lighting cabinets, spec 001 §7 "mtc"), all
 * under /api/pjts/{projectId}/iot/mtc/ (JSON bodies unless said). Answers: `MTC_RESPONSES`.
 *
 * One cabinet (`:id` a cabinet of the project):
 * - POST :id/register | :id/unregister                               → registration
 * - POST :id/<command> for runtime, switch {circuit, on}, multiswitch {circuits: [{circuit, on}]},
 *   writecircuits {circuits: [{circuit, enable, cableTheft}]}, mode {mode}, reboot, recovery,
 *   correcttime (the server adds UNIX seconds at UTC+8), version → command (the cabinet's reply; 409
 *   offline, 504 silent, with localised messages)
 * - GET  :id/runtime (last report, no round trip; live as realtime `telemetry` pushes) → runtime
 * - GET/PUT :id/config, :id/comm, :id/peripherals, :id/alarmconfig    → config, comm, peripherals,
 *   alarmConfig (PUT stores, then tells the cabinet if connected: `delivered`)
 * - PUT  :id/location {lng, lat}                                      → location
 * - POST :id/firmware (multipart, field `file`: MTC_FIRMWARE limits)  → upgrade (progress and result
 *   as realtime `firmware` pushes); GET :id/firmware                  → lastUpgrade
 * - GET  :id/events (page, from/to)                                   → events (detail: mtcEventDetail)
 * - GET  :id/children                                                 → children (lamps, meters, sensors)
 * - GET  :id/reports.do | :id/reports.do/series | :id/reports.do/export → readings, series, CSV
 * - GET  :id/policies                                                 → cabinetPolicies
 * Lists: GET pages (pageQuery + mtcListFilter + projectTreeQuery) → cabinets; GET map (projectTreeQuery) → map.
 * Policies: GET policies (page) → policies; GET policies/:policyId → policy; POST policies, PUT
 * policies/:policyId (mtcPolicyBody(policyUnitsMax)) → policy; DELETE policies/:policyId → deleted;
 * POST policies/:policyId/use | policies/:policyId/remove (mtcPolicyTargetsBody) → policyUse;
 * GET policies/:policyId/preview (mtcPreviewQuery) → preview.
 */
export const mtcCalls = familyCalls('mtc');
const calls = mtcCalls;

const CABINET_CALLS = [
  ...calls.registration(),
  ...calls.commands(MTC_COMMANDS),
  calls.get('pages'),
  calls.get('map'),
  calls.get(':id/runtime'),
  calls.get(':id/config'),
  calls.put(':id/config'),
  calls.get(':id/comm'),
  calls.put(':id/comm'),
  calls.get(':id/peripherals'),
  calls.put(':id/peripherals'),
  calls.get(':id/alarmconfig'),
  calls.put(':id/alarmconfig'),
  calls.put(':id/location'),
  calls.post(':id/firmware'),
  calls.get(':id/firmware'),
  calls.get(':id/events'),
  calls.get(':id/children'),
  calls.get(':id/reports.do'),
  calls.get(':id/reports.do/series'),
  calls.get(':id/reports.do/export'),
  calls.get(':id/policies'),
  calls.get('policies'),
  calls.post('policies/:policyId/use'),
  calls.post('policies/:policyId/remove'),
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
  calls.get('policies/:policyId/preview'),
  calls.get('pages'),
  ...FAMILY_READS,
];

const screen = (key: string, icon: string, options?: Parameters<typeof familyScreen>[4]) =>
  familyScreen(key, 'pjtmtc', icon, 'mtc', { ready: true, ...options });

/** Centralized controllers (cabinets, spec 001 §3 "MTC"): circuits, and lamps behind them. */
export const mtcManifest = defineFamily({
  type: 'mtc',
  slug: 'mtc',
  module: 'mtc',
  properties: [
    text('address', 64),
    int('upPort', 1024, 65535),
    select('upProtocol', MTC_UP_PROTOCOLS),
    text('version', undefined, { regex: MTC_VERSION_PATTERN, message: 'validation.mtcVersion' }),
    int('circuitCount', 1, 32),
  ],
  network: [...IOT_NET, 'ip', 'port'],
  relaysChildren: true,
  readings: MTC_READINGS,
  events: MTC_EVENTS,
  commands: MTC_COMMANDS,
  retention: { events: 'mtcEventRetentionDays', readings: 'lightPowerRetentionDays' },
  // Spec 001 §9 "MTC thresholds": the defaults of a new cabinet's alarm thresholds (within the ranges of §5).
  settings: [
    setting('mtcOverCurrent', 'device', { default: 5000, min: 0, max: 90_000 }),
    setting('mtcOverVoltage', 'device', { default: 260, min: 180, max: 300 }),
    setting('mtcLeakage', 'device', { default: 30, min: 0, max: 100 }),
    setting('mtcTemperature', 'device', { default: 70, min: 50, max: 100 }),
    setting('mtcPhaseCurrentDiff', 'device', { default: 3000, min: 1000, max: 9000 }),
    setting('mtcEventRetentionDays', 'retention', days(30, 60)),
  ],
  screens: [
    familyGroup('pjtmtc', 'ControlOutlined'),
    screen('pjtdevicemtclist', 'ControlOutlined', { apis: CABINET_CALLS }),
    screen('pjtdevicemtc', 'ControlOutlined', { menu: false, authOf: 'pjtdevicemtclist' }),
    screen('pjtdevicemtcpolicy', 'ScheduleOutlined', { apis: POLICY_CALLS }),
  ],
  responses: MTC_RESPONSES,
  demo: {
    weight: 3,
    props: () => ({ circuitCount: MTC_DEFAULT_CIRCUITS, upPort: 18089, upProtocol: 'tcp', version: 'MTC1.0.00' }),
  },
});
