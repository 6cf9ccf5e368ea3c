import { z } from 'zod';
import { type Upgrade, upgradeRow } from '../kit/firmware.js';
import { commResponse, peripheralOut, peripheralsResponse, storedShape } from '../kit/link.js';
import { policyCycleOut, yearScheduleResponse } from '../kit/policy.js';
import { isoTime, namedRecord, projectColumn } from '../kit/responses.js';
import {
  MTC_ALARM_KINDS,
  MTC_ALARM_STATUSES,
  MTC_MODES,
  MTC_PERIPHERAL_KINDS,
  MTC_READINGS,
  MTC_RELATIVE_TYPES,
  MTC_STATES,
  MTC_TIME_MODES,
  MTC_UP_PROTOCOLS,
} from './schemas.js';

/** Answers of the MTC calls (the `response:` of MTC_API and MTC_POLICY_API). */

const num = z.number().nullable();
const id = z.number().int();

/** One circuit as the cabinet last reported it (null: not reported yet). */
export const mtcCircuit = z.object({
  /** 1-based circuit number. */
  no: id,
  /** In use. */
  enable: z.boolean().nullable(),
  /** What it is told to be (on). */
  setting: z.boolean().nullable(),
  /** What it measures (on: its contactor closed). */
  actual: z.boolean().nullable(),
  /** Load flows (lamps draw current). */
  active: z.boolean().nullable(),
  /** Cable theft detected on it. */
  cableTheft: z.boolean().nullable(),
});
export type MtcCircuitRow = z.infer<typeof mtcCircuit>;

export const mtcPhaseValues = z.object({ voltage: num, current: num, power: num });

/** An alarm status (spec 001 §3): active or not, since when. */
export const mtcAlarmStatus = z.object({
  kind: z.enum(MTC_ALARM_KINDS),
  active: z.boolean(),
  since: isoTime.nullable(),
});

/** A peripheral's last reading (kind and unit say what it is). */
export const mtcPeripheralReading = z.object({
  index: id,
  name: z.string(),
  kind: z.enum(MTC_PERIPHERAL_KINDS),
  value: num,
  unit: z.string(),
  at: isoTime.nullable(),
});

/** One cabinet in the list and on the map (spec: online state, mode, circuits at a glance, alarms, version, last report). */
export const mtcRow = z.object({
  ...namedRecord,
  model: z.string().nullable(),
  equipmentId: z.string().nullable(),
  activeState: id,
  state: z.enum(MTC_STATES),
  registered: z.boolean(),
  areaId: id.nullable(),
  areaName: z.string().nullable(),
  groupId: id.nullable(),
  groupName: z.string().nullable(),
  lng: num,
  lat: num,
  mode: z.enum(MTC_MODES).nullable(),
  circuitCount: id,
  circuits: z.array(mtcCircuit),
  /** How many circuits are on (actual). */
  circuitsOn: id,
  alarmStatus: z.enum(MTC_ALARM_STATUSES),
  /** The alarm kinds active now. */
  alarms: z.array(z.enum(MTC_ALARM_KINDS)),
  version: z.string().nullable(),
  activePower: num,
  policyCount: id,
  /** Time of the last report. */
  lastReportAt: isoTime.nullable(),
  ...projectColumn,
});
export type MtcRow = z.infer<typeof mtcRow>;

/** GET …/{id}/runtime: the last report with everything the cabinet's page shows (also pushed live). */
export const mtcRuntime = z.object({
  id,
  at: isoTime.nullable(),
  state: z.enum(MTC_STATES),
  mode: z.enum(MTC_MODES).nullable(),
  /** The cabinet's own clock at the report (instant; the wire's UTC+8 seconds converted). */
  deviceTime: isoTime.nullable(),
  version: z.string().nullable(),
  circuitCount: id,
  circuits: z.array(mtcCircuit),
  phases: z.object({ a: mtcPhaseValues, b: mtcPhaseValues, c: mtcPhaseValues }),
  values: z.object(Object.fromEntries(MTC_READINGS.map((r) => [r.key, num]))),
  peripherals: z.array(mtcPeripheralReading),
  alarms: z.array(mtcAlarmStatus),
});
export type MtcRuntime = z.infer<typeof mtcRuntime>;

const stored = storedShape;
export const mtcConfigResponse = z.object({
  address: z.string(),
  upServer: z.string(),
  upPort: id,
  upProtocol: z.enum(MTC_UP_PROTOCOLS),
  ...stored,
});
export const mtcCommResponse = commResponse;
export const mtcPeripheralOut = peripheralOut;
export const mtcPeripheralsResponse = peripheralsResponse;
export const mtcAlarmConfigResponse = z.object({
  overCurrent: id,
  underCurrent: id,
  overVoltage: id,
  underVoltage: id,
  leakage: id,
  temperature: id,
  phaseCurrentDiff: id,
  phaseVoltageDiff: id,
  enabled: z.array(z.enum(MTC_ALARM_KINDS)),
  sameEventInterval: id,
  ...stored,
});

/** POST …/{id}/firmware (started) and GET …/{id}/firmware (the last upgrade; null: none yet). */
export const mtcUpgrade = upgradeRow;
export type MtcUpgrade = Upgrade;

const unitOut = z.object({
  time: z.string().optional(),
  relativeTo: z.enum(MTC_RELATIVE_TYPES).optional(),
  offset: z.number().int(),
  circuits: z.array(id),
});
export const mtcPolicyRow = z.object({
  ...namedRecord,
  description: z.string(),
  timeMode: z.enum(MTC_TIME_MODES),
  units: z.array(unitOut),
  cycle: policyCycleOut,
  inUse: z.boolean(),
  /** Cabinets it is used on. */
  cabinetCount: id,
  updatedAt: isoTime,
});
export type MtcPolicyRow = z.infer<typeof mtcPolicyRow>;

/** POST policies/{id}/use and …/remove: each cabinet stored, and told when connected. */
export const mtcPolicyUseResult = z.object({
  policyId: id,
  total: id,
  delivered: id,
  results: z.array(
    z.object({
      deviceId: id,
      name: z.string(),
      delivered: z.boolean(),
      /** offline, timeout, or the cabinet's error; null when delivered. */
      error: z.string().nullable(),
    }),
  ),
});

const scheduleEvent = z.object({
  minute: id,
  time: z.string(),
  circuits: z.array(id),
  policyId: id.nullable(),
});
export const mtcDayScheduleResponse = z.object({
  date: z.string(),
  policyId: id.nullable(),
  polar: z.enum(['day', 'night']).nullable(),
  sunrise: z.string().nullable(),
  sunset: z.string().nullable(),
  startCircuits: z.array(id),
  events: z.array(scheduleEvent),
  litMinutes: id,
  circuitMinutes: z.array(id),
});
/** GET policies/{id}/preview: the day (circuits per step) and the year (first on, first off) as for lamps. */
export const mtcSchedulePreview = z.object({
  lng: z.number(),
  lat: z.number(),
  timezone: z.number(),
  circuitCount: id,
  day: mtcDayScheduleResponse.nullable(),
  year: yearScheduleResponse.nullable(),
});
