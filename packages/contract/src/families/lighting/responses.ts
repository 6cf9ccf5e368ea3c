import { z } from 'zod';
import { handledWork } from '../../api/alarm-work.js';
import { policyCycleOut, START_KINDS, UNIT_TYPES, yearScheduleResponse } from '../kit/policy.js';
import { deviceRef, deviceRow, isoTime, latestReport, namedRecord, projectColumn } from '../kit/responses.js';
import {
  LAMP_STATES,
  LIGHTING_ALARMS,
  LIGHTING_CHANNELS,
  LIGHTING_READINGS,
  POLICY_MODES,
  POWER_SCOPES,
  RUN_MODES,
  RUN_STATUS,
} from './schemas.js';

/** Answers of the lighting calls (the `response` of the tables in api.ts). */

const num = z.number().nullable();
const readingValues = z.object(Object.fromEntries(LIGHTING_READINGS.map((r) => [r.key, num])));

/** One lamp with its live values: the list, the map and the lamp's page. */
export const lampRow = deviceRow.extend({
  areaId: z.number().int().nullable(),
  areaName: z.string().nullable(),
  groupId: z.number().int().nullable(),
  groupName: z.string().nullable(),
  gatewayId: z.number().int().nullable(),
  gatewayName: z.string().nullable(),
  lng: z.number().nullable(),
  lat: z.number().nullable(),
  ratedPower: z.number().nullable(),
  /** on, dimmed (lit below 100 %), off, fault (run status error), offline (not active). */
  state: z.enum(LAMP_STATES),
  on: z.boolean().nullable(),
  level: num,
  runStatus: z.enum(RUN_STATUS).nullable(),
  voltage: num,
  current: num,
  activePower: num,
  energyToday: num,
  /** Time of the last report. */
  at: isoTime.nullable(),
  ...projectColumn,
});
export type LampRow = z.infer<typeof lampRow>;

/** The map: every lamp of the project with coordinates, coloured by state. */
export const lampMapPoint = deviceRef.omit({ no: true }).extend({
  lng: z.number(),
  lat: z.number(),
  state: z.enum(LAMP_STATES),
  level: num,
  ...projectColumn,
});

/** GET …/{id}/realdata: the last report's values with the runtime fields that are not readings. */
export const realdataResponse = latestReport({
  state: z.enum(LAMP_STATES),
  runStatus: z.enum(RUN_STATUS).nullable(),
  values: readingValues,
  /** The lamp's own clock as it reported it (yyyy-MM-dd HH:mm:ss, its local time). */
  deviceTime: z.string().nullable(),
  /** The raw message as received (hex or JSON text). */
  raw: z.string().nullable(),
  runMode: z.enum(RUN_MODES).nullable(),
  policyMode: z.enum(POLICY_MODES).nullable(),
  /** Until when a reset keeps it unusable. */
  unusableUntil: isoTime.nullable(),
});

const stored = { updatedAt: isoTime.nullable(), delivered: z.boolean() };
export const configResponse = z.object({
  defaultLevel: z.number(),
  underCurrent: z.number(),
  overCurrent: z.number(),
  minCurrent: z.number(),
  maxCurrent: z.number(),
  illuminanceLower: z.number(),
  illuminanceUpper: z.number(),
  ratedPower: z.number(),
  lampLife: z.number(),
  fatigueThreshold: z.number(),
  ...stored,
});
export const alarmConfigResponse = z.object({
  overCurrent: z.number(),
  underCurrent: z.number(),
  overVoltage: z.number(),
  underVoltage: z.number(),
  leakage: z.number(),
  temperature: z.number(),
  tilt: z.number(),
  enabled: z.array(z.enum(LIGHTING_ALARMS as [string, ...string[]])),
  ...stored,
});

const startOut = z.object({ kind: z.enum(START_KINDS), time: z.string().optional(), offset: z.number().optional() });
export const policyUnitOut = z.object({ type: z.enum(UNIT_TYPES), level: z.number(), start: startOut });
export const policyRow = z.object({
  ...namedRecord,
  alias: z.string(),
  units: z.array(policyUnitOut),
  range: z.enum(LIGHTING_CHANNELS),
  channelControl: z.boolean(),
  channels: z.array(z.number().int()),
  cycle: policyCycleOut,
  inUse: z.boolean(),
  /** Lamps the policy is used on. */
  lampCount: z.number().int(),
  updatedAt: isoTime,
});
export type PolicyRow = z.infer<typeof policyRow>;

export const lcuGroupRow = z.object({
  ...namedRecord,
  description: z.string(),
  memberCount: z.number().int(),
  createdAt: isoTime,
});
export const lcuGroupDetail = lcuGroupRow.extend({ lampIds: z.array(z.number().int()) });

const energyPoint = z.object({ date: z.string(), energy: z.number() });
/** GET power/summary: energy (kWh) of a scope over a period, by day and by month. */
export const powerSummary = z.object({
  scope: z.enum(POWER_SCOPES),
  id: z.number().int().nullable(),
  from: isoTime,
  to: isoTime,
  lamps: z.number().int(),
  energy: z.number(),
  byDay: z.array(energyPoint),
  byMonth: z.array(z.object({ month: z.string(), energy: z.number() })),
});
/** GET power/last: the last reading of each lamp of a scope. */
export const powerLast = z.array(
  z.object({
    id: z.number().int(),
    name: z.string(),
    at: isoTime.nullable(),
    activePower: num,
    energyTotal: num,
    energyToday: num,
  }),
);

/** GET summary: the lighting overview (pjtdevicelightingsummary). */
export const lightingOverview = z.object({
  total: z.number().int(),
  byState: z.object(Object.fromEntries(LAMP_STATES.map((s) => [s, z.number().int()]))),
  /** Lamps the policies in use say should be lit now, and how many of them are lit. */
  shouldBeLit: z.number().int(),
  litOfShould: z.number().int(),
  /** litOfShould / shouldBeLit; null when no lamp should be lit. */
  lightingRate: z.number().nullable(),
  faultsByCode: z.array(z.object({ code: z.string(), count: z.number().int() })),
  energyToday: z.number(),
  energyMonth: z.number(),
  byDay: z.array(energyPoint),
  byMonth: z.array(z.object({ month: z.string(), energy: z.number() })),
  /** Energy dimming saved today and this month (kWh) against the same hours at full power. */
  savedToday: z.number(),
  savedMonth: z.number(),
  at: isoTime,
});

/**
 * GET faults: a lamp's open fault (the newest raise of a code that no restore followed; the platform's
 * OFFLINE while the lamp is still not active), with the work order that completed it.
 */
export const lampFaultRow = z.object({
  /** The lamp. */
  ...namedRecord,
  projectId: z.number().int(),
  projectName: z.string(),
  /** The raise: the event's id, code, level and when it occurred. */
  eventId: z.number().int(),
  code: z.string(),
  level: z.string(),
  at: isoTime,
  /** The work order whose line about this raise was completed; null while none was. */
  handled: handledWork.nullable(),
});

const scheduleEvent = z.object({
  /** Minutes after local midnight. */
  minute: z.number().int(),
  time: z.string(),
  type: z.enum(UNIT_TYPES),
  level: z.number(),
  policyId: z.number().int().nullable(),
});
/** A day's schedule at a place (policies/{id}/preview?date=…). */
export const dayScheduleResponse = z.object({
  date: z.string(),
  policyId: z.number().int().nullable(),
  polar: z.enum(['day', 'night']).nullable(),
  sunrise: z.string().nullable(),
  sunset: z.string().nullable(),
  /** Level at local midnight (carried over from the day before). */
  startLevel: z.number(),
  events: z.array(scheduleEvent),
  litMinutes: z.number().int(),
});
export const schedulePreview = z.object({
  lng: z.number(),
  lat: z.number(),
  timezone: z.number(),
  day: dayScheduleResponse.nullable(),
  year: yearScheduleResponse.nullable(),
});
