import { z } from 'zod';
import { grantsOf } from '../../endpoints/endpoint.js';
import { days, int as setting } from '../../settings/kinds.js';
import {
  deviceCalls,
  familyEndpoints,
  locationCall,
  mapCall,
  pageCall,
  policyCalls,
  settingsCalls,
} from '../kit/calls.js';
import { firmwareCalls } from '../kit/firmware.js';
import { linkCalls } from '../kit/link.js';
import { defineFamily } from '../kit/manifest.js';
import { IOT_NET } from '../kit/network.js';
import { int, select, text } from '../kit/properties.js';
import { deviceScreens } from '../kit/screens.js';
import { MTC_EVENTS } from './events.js';
import {
  mtcAlarmConfigResponse,
  mtcConfigResponse,
  mtcPolicyRow,
  mtcPolicyUseResult,
  mtcRow,
  mtcRuntime,
  mtcSchedulePreview,
} from './responses.js';
import {
  MTC_ALARM_DEFAULT,
  MTC_COMMANDS,
  MTC_DEFAULT_CIRCUITS,
  MTC_FIRMWARE,
  MTC_READINGS,
  MTC_UP_PROTOCOLS,
  MTC_VERSION_PATTERN,
  type MtcThreshold,
  mtcAlarmConfigBody,
  mtcConfigBody,
  mtcListFilter,
  mtcPolicyTargetsBody,
  mtcPreviewQuery,
} from './schemas.js';

export * from './events.js';
export * from './responses.js';
export * from './schedule.js';
export * from './schemas.js';

const e = familyEndpoints('mtc');

const stored = 'then tell it when connected (`delivered`)';

/** A cabinet's stored `what` (settingsCalls): GET answers them, PUT stores them, then tells the cabinet. */
const cabinetSettings = <const R extends string, const W extends string, B extends z.ZodType, A extends z.ZodType>(
  names: readonly [R, W],
  body: B,
  response: A,
  what: string,
) => settingsCalls(e, names, { body, response }, [`A cabinet's ${what}`, `Store a cabinet's ${what}, ${stored}`]);

/**
 * Spec 001 §7 "mtc" under /api/pjts/{projectId}/iot/mtc: a cabinet's calls (registration, commands,
 * events, children and readings from the traits), declared once. Commands answer the cabinet's reply
 * (409 offline, 504 silent, with localised messages); a PUT of settings stores them, then tells a
 * connected cabinet (`delivered`: an offline one reads the stored values when it next connects).
 */
export const MTC_API = {
  // commands: runtime, switch {circuit, on}, multiswitch {circuits}, writecircuits {circuits}, mode {mode},
  // reboot, recovery, correcttime (the server adds UNIX seconds at UTC+8), version
  ...deviceCalls(e, { commands: MTC_COMMANDS, children: true, feeds: true, readings: MTC_READINGS }),
  cabinets: pageCall(
    e,
    mtcRow,
    'A page of cabinets: online state, mode, circuits at a glance, alarm status, version, last report',
    mtcListFilter,
  ),
  map: mapCall(
    e,
    mtcRow,
    'Every cabinet of the project (with includeChildren, of its child projects too) with coordinates',
  ),
  lastRuntime: e.get(':id/runtime', {
    response: mtcRuntime,
    summary: "A cabinet's last report: circuits, phases, peripherals, alarm statuses (live as realtime telemetry)",
  }),
  ...cabinetSettings(
    ['config', 'setConfig'],
    mtcConfigBody,
    mtcConfigResponse,
    'address and up link (server, port 1024-65535, protocol)',
  ),
  ...cabinetSettings(
    ['alarmConfig', 'setAlarmConfig'],
    mtcAlarmConfigBody,
    mtcAlarmConfigResponse,
    'alarm thresholds and the same-event interval',
  ),
  setLocation: locationCall(e, 'cabinet'),
  // comm args, peripherals and firmware: the kit's traits, as for power-line gateways
  ...linkCalls(e),
  ...firmwareCalls(e, MTC_FIRMWARE),
  cabinetPolicies: e.get(':id/policies', { response: z.array(mtcPolicyRow), summary: 'The policies a cabinet runs' }),
};

/**
 * Spec 001 §7 "mtc" policies: a cabinet's switching schedule, used on cabinets of the project. The body
 * is checked by the server against mtcPolicyBody(policyUnitsMax) with the setting at the time of the call.
 */
export const MTC_POLICY_API = {
  ...policyCalls(
    e,
    ['a cabinet policy', 'cabinet policies'],
    { row: mtcPolicyRow, checkedBy: 'mtcPolicyBody (contract): name, no, description, timeMode, units, cycle, inUse' },
    {
      body: mtcPolicyTargetsBody,
      response: mtcPolicyUseResult,
      on: 'cabinets of the project',
      after: '; each connected cabinet is sent its policies',
    },
    {
      create: ' (absolute clock times, or relative to midnight, sunrise or sunset)',
      delete: ' (refused while cabinets use it)',
    },
  ),
  preview: e.get('policies/:policyId/preview', {
    query: mtcPreviewQuery,
    response: mtcSchedulePreview,
    summary:
      "Which circuits a policy has on, and when, at a cabinet's place (or given coordinates): a day (date) and/or a year (year)",
  }),
};

/** The system setting (spec 001 §9, `min`-`max`) of a new cabinet's alarm threshold `of`, its default the threshold's. */
const thresholdSetting = <K extends string>(key: K, of: MtcThreshold, min: number, max: number) =>
  setting(key, 'device', { default: MTC_ALARM_DEFAULT[of], min, max });

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
    thresholdSetting('mtcOverCurrent', 'overCurrent', 0, 90_000),
    thresholdSetting('mtcOverVoltage', 'overVoltage', 180, 300),
    thresholdSetting('mtcLeakage', 'leakage', 0, 100),
    thresholdSetting('mtcTemperature', 'temperature', 50, 100),
    thresholdSetting('mtcPhaseCurrentDiff', 'phaseCurrentDiff', 1000, 9000),
    setting('mtcEventRetentionDays', 'retention', days(30, 60)),
  ],
  // The cabinets' screen also lists the policies and uses them on the cabinets; the policies' screen
  // picks the cabinets from the list.
  screens: deviceScreens(
    { slug: 'mtc', module: 'mtc', icon: 'ControlOutlined' },
    grantsOf(MTC_API, {
      policies: MTC_POLICY_API.policies,
      usePolicy: MTC_POLICY_API.usePolicy,
      removePolicy: MTC_POLICY_API.removePolicy,
    }),
    [
      {
        key: 'pjtdevicemtcpolicy',
        icon: 'ScheduleOutlined',
        apis: grantsOf(MTC_POLICY_API, { cabinets: MTC_API.cabinets }),
      },
    ],
  ),
  api: { ...MTC_API, ...MTC_POLICY_API },
  demo: {
    weight: 3,
    feeds: true,
    props: () => ({ circuitCount: MTC_DEFAULT_CIRCUITS, upPort: 18089, upProtocol: 'tcp', version: 'MTC1.0.00' }),
  },
});
