import { z } from 'zod';
import { projectTreeBody } from '../../api/paging.js';
import { msg } from '../../validation/message.js';
import {
  description,
  intRange,
  latitude,
  longitude,
  optionalText,
  scopedName,
  scopedNo,
} from '../../validation/rules.js';
import { idList } from '../kit/batches.js';
import { commandsOf } from '../kit/commands.js';
import { alarmConfigBody, formFlag, lowBelowHigh, rangeRules } from '../kit/forms.js';
import type { FamilyReading } from '../kit/manifest.js';
import { isoDate, policyCycle, policyStart, policyUnits, UNIT_TYPES } from '../kit/policy.js';
import { percent, type ReadingKey, reading } from '../kit/readings.js';

/**
 * Runtime readings of a lamp controller (spec 001 §3 "Lamp controller runtime"), as telemetry values
 * (docs/device-protocol.md "Lighting"). Power status and run status travel as numbers: `on` 0/1,
 * `runStatus` 0 normal, 1 alert, 2 error. `energy` is the increment since the last report (kWh, summed
 * by charts and rollups); `energyTotal` the meter's cumulative counter; `energySaved` is not sent but
 * computed by the server (energy × (100 / level − 1) while dimmed). Device time and the raw message
 * are not readings: the realdata call answers them.
 */
export const LIGHTING_READINGS = [
  reading('on', '', 1, { words: { texts: 'lighting.power', values: ['off', 'on'] } }),
  percent('level'),
  reading('runStatus', '', 2, { words: { texts: 'lighting.runStatus', values: ['normal', 'alert', 'error'] } }),
  reading('voltage', 'V', 300),
  reading('current', 'mA', 90000),
  reading('activePower', 'W', 100000),
  reading('powerFactor', '', 1, { decimals: 2 }),
  reading('leakageCurrent', 'mA', 255),
  reading('reactivePower', 'var', 100000),
  reading('ambientBrightness', '', [1, 12]),
  reading('energyTotal', 'kWh', 100_000_000, { register: true }),
  reading('onDuration', 'h', 10_000_000, { register: true }),
  reading('energy', 'kWh', 1000, { sum: true }),
  /** Energy dimming saved against full power over the same interval: the server computes it from energy and level. */
  reading('energySaved', 'kWh', 100000, { sum: true }),
  reading('dailyEnergy', 'kWh', 10000),
  reading('dailyDuration', 'h', 24),
  reading('colorTemperature', 'K', [1000, 10000]),
  reading('temperature', '°C', [-50, 250]),
  reading('tilt', '°', 180),
] as const satisfies readonly FamilyReading[];
export type LightingReadingKey = ReadingKey<typeof LIGHTING_READINGS>;

export const RUN_STATUS = ['normal', 'alert', 'error'] as const;
export type RunStatus = (typeof RUN_STATUS)[number];

/** Which channels a command or policy acts on (spec 001 §3 "range all/primary/secondary"). */
export const LIGHTING_CHANNELS = ['all', 'primary', 'secondary'] as const;
export type LightingChannel = (typeof LIGHTING_CHANNELS)[number];

const range = (min: number, max: number) => intRange(min, max);
const channel = () => z.enum(LIGHTING_CHANNELS, { error: 'lighting.rules.noChannel' });

// ── Config and alarm config (spec 001 §5 "Lamp config", §9) ─────────────────────────────────────────

export const LIGHTING_CONFIG_RANGES = {
  defaultLevel: [0, 100],
  underCurrent: [0, 10000],
  overCurrent: [0, 10000],
  minCurrent: [0, 1000],
  maxCurrent: [1000, 10000],
  illuminanceLower: [1, 12],
  illuminanceUpper: [1, 12],
  ratedPower: [1, 100000],
  lampLife: [1, 1000000],
  fatigueThreshold: [1, 1000000],
} as const;

/** PUT …/{id}/config: a lamp's configuration; currents in mA, illuminance as ambient brightness 1-12. */
export const lightingConfigBody = z.object(rangeRules(LIGHTING_CONFIG_RANGES)).superRefine(
  lowBelowHigh([
    ['underCurrent', 'overCurrent', 'lighting.rules.underBelowOverCurrent'],
    ['minCurrent', 'maxCurrent', 'lighting.rules.minBelowMaxCurrent'],
    ['illuminanceLower', 'illuminanceUpper', 'lighting.rules.lowerBelowUpperIlluminance'],
  ]),
);
export type LightingConfig = z.infer<typeof lightingConfigBody>;

export const LIGHTING_ALARM_RANGES = {
  overCurrent: [1000, 2500],
  underCurrent: [0, 1000],
  overVoltage: [220, 250],
  underVoltage: [180, 220],
  leakage: [0, 1000],
  temperature: [50, 250],
  tilt: [0, 45],
} as const;
export const LIGHTING_ALARMS = Object.keys(LIGHTING_ALARM_RANGES) as (keyof typeof LIGHTING_ALARM_RANGES)[];

/**
 * PUT …/{id}/alarmconfig: thresholds (mA, V, °C, °) and which alarms are on (`enabled`, all by default).
 */
export const lightingAlarmConfigBody = alarmConfigBody(
  LIGHTING_ALARM_RANGES,
  LIGHTING_ALARMS as [string, ...string[]],
  {},
  [['underVoltage', 'overVoltage', 'lighting.rules.underBelowOverVoltage']],
);
export type LightingAlarmConfig = z.infer<typeof lightingAlarmConfigBody>;

/** Defaults a lamp has before anyone configured it (within every range and rule). */
export const LIGHTING_CONFIG_DEFAULT: LightingConfig = {
  defaultLevel: 100,
  underCurrent: 100,
  overCurrent: 2000,
  minCurrent: 50,
  maxCurrent: 2000,
  illuminanceLower: 3,
  illuminanceUpper: 8,
  ratedPower: 100,
  lampLife: 50000,
  fatigueThreshold: 40000,
};
export const LIGHTING_ALARM_DEFAULT: LightingAlarmConfig = {
  overCurrent: 2000,
  underCurrent: 50,
  overVoltage: 245,
  underVoltage: 190,
  leakage: 30,
  temperature: 80,
  tilt: 15,
  enabled: [...LIGHTING_ALARMS],
};

// ── Commands (spec 001 §7 "lighting: … reset, poweron, poweroff, eco, correcttime, restart, clearsum, runmode")

/** Run mode (spec 001 §4): always on, or the chronology / annual table; policy mode none/policy/astronomical/silent. */
export const RUN_MODES = ['alwaysOn', 'chronology', 'annual'] as const;
export const POLICY_MODES = ['none', 'policy', 'astronomical', 'silent'] as const;

const channelArg = z.object({ channel: channel().optional().default('all') });
const noArgs = z.object({});

export const lightingCommandArgs = {
  realdata: noArgs,
  time: noArgs,
  poweron: channelArg,
  poweroff: channelArg,
  dim: channelArg.extend({ level: range(0, 100) }),
  /** Energy-saving level 0-100 (spec 001 §9: on 100, off 0). */
  eco: channelArg.extend({ level: range(0, 100).optional().default(50) }),
  /** The lamp is unusable for 1-12 hours (spec 001 §4). */
  reset: z.object({ hours: range(1, 12) }),
  restart: noArgs,
  correcttime: noArgs,
  clearsum: noArgs,
  runmode: z.object({
    runMode: z.enum(RUN_MODES, { error: 'validation.validParam' }),
    policyMode: z.enum(POLICY_MODES, { error: 'validation.validParam' }),
  }),
} as const;
export type LightingCommandName = keyof typeof lightingCommandArgs;

/** The manifest's command list: POST …/{id}/{name}, validated with `args`; `dangerous` asks first. */
export const LIGHTING_COMMANDS = commandsOf(lightingCommandArgs, [
  'poweroff',
  'reset',
  'restart',
  'clearsum',
  'runmode',
]);

/** Commands a batch, a group or a drawn area may send to many lamps at once. */
export const BATCH_COMMANDS = [
  'poweron',
  'poweroff',
  'dim',
  'eco',
  'restart',
  'correcttime',
  'clearsum',
  'runmode',
] as const;
export type BatchCommand = (typeof BATCH_COMMANDS)[number];

const ids = idList;

/** A command to many lamps: which, and its arguments (validated with the command's own schema). */
const commandFields = {
  command: z.enum(BATCH_COMMANDS, { error: 'validation.validParam' }),
  args: z.record(z.string(), z.unknown()).optional().default({}),
};
const checkArgs = (v: { command: BatchCommand; args: Record<string, unknown> }, ctx: z.RefinementCtx) => {
  const parsed = lightingCommandArgs[v.command].safeParse(v.args);
  if (!parsed.success)
    for (const issue of parsed.error.issues)
      ctx.addIssue({ code: 'custom', path: ['args', ...issue.path.map(String)], message: issue.message });
};

/** POST batch/command: lamps by id and/or every lamp of LCU groups (at most 100,000). */
export const lightingBatchBody = z
  .object({
    ...commandFields,
    lampIds: ids(100_000).optional().default([]),
    groupIds: ids(1000).optional().default([]),
  })
  .superRefine((v, ctx) => {
    if (v.lampIds.length + v.groupIds.length === 0)
      ctx.addIssue({ code: 'custom', path: ['lampIds'], message: 'lighting.rules.noLamps' });
    checkArgs(v, ctx);
  });
export type LightingBatchBody = z.infer<typeof lightingBatchBody>;

/** POST groups/{id}/command: a command to every lamp of one LCU group. */
export const lightingGroupCommandBody = z.object(commandFields).superRefine(checkArgs);

// ── Area geometry (a polygon drawn on the map) ───────────────────────────────────────────────────────

const point = z.tuple([longitude(), latitude()]);
/** A closed ring is not needed: the last point joins the first. 3-500 points of [lng, lat]. */
export const lightingPolygon = z
  .array(point, { error: 'validation.validParam' })
  .min(3, 'lighting.rules.polygonPoints')
  .max(500, 'lighting.rules.polygonPoints');

/**
 * POST area/lamps: the lamps of the project inside the polygon (preview before sending); with
 * `includeChildren` those of its child projects too, as the map shows them.
 */
export const lightingAreaQueryBody = z.object({ polygon: lightingPolygon, ...projectTreeBody.shape });
/** POST area/command: a power command to every lamp inside the polygon (the same lamps as area/lamps). */
export const lightingAreaCommandBody = z
  .object({ polygon: lightingPolygon, ...projectTreeBody.shape, ...commandFields })
  .superRefine(checkArgs);

/** Whether [lng, lat] lies inside the polygon (ray casting; the map's plane, fine for a district). */
export function insidePolygon(lng: number, lat: number, polygon: readonly (readonly [number, number])[]): boolean {
  let inside = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const [xi, yi] = polygon[i]!;
    const [xj, yj] = polygon[j]!;
    if (yi > lat !== yj > lat && lng < ((xj - xi) * (lat - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

// ── LCU groups (spec 001 §3 "Lamp group": name, no, member count, description) ─────────────────────

export const lightingGroupBody = z.object({
  name: scopedName(),
  no: scopedNo(),
  description: description(),
  /** Member lamps (replaces the list); omitted keeps the members on update. */
  lampIds: ids(10_000).optional(),
});
export type LightingGroupBody = z.infer<typeof lightingGroupBody>;

/** POST groups/{id}/members: add or remove lamps. */
export const lightingGroupMembersBody = z.object({
  add: ids(10_000).optional().default([]),
  remove: ids(10_000).optional().default([]),
});

// ── Location (PUT …/{id}/location) ────────────────────────────────────────────────────────────────

// ── Policies (spec 001 §3 "Lighting policy", §5, §8) ─────────────────────────────────────────────────

/** One step: switch on (level 1-100), off (level 0) or to eco (0-100) at its start. */
export const policyUnit = z
  .object({
    type: z.enum(UNIT_TYPES, { error: 'validation.validParam' }),
    level: range(0, 100).optional(),
    start: policyStart,
  })
  .transform((u) => ({ ...u, level: u.type === 'off' ? 0 : (u.level ?? (u.type === 'on' ? 100 : 50)) }))
  .superRefine((u, ctx) => {
    if (u.type === 'on' && u.level < 1)
      ctx.addIssue({ code: 'custom', path: ['level'], message: msg('validation.range', { min: 1, max: 100 }) });
  });
export type PolicyUnit = z.infer<typeof policyUnit>;

/** The policy-units maximum is a system setting (policyUnitsMax 1-6, default 5). */
export const POLICY_UNITS_MAX_DEFAULT = 5;

/** POST/PUT policies: a lighting policy; `maxUnits` is the current policyUnitsMax setting. */
export const lightingPolicyBody = (maxUnits = POLICY_UNITS_MAX_DEFAULT) =>
  z
    .object({
      name: scopedName(),
      no: scopedNo(),
      alias: optionalText(32),
      units: policyUnits(policyUnit, maxUnits),
      range: channel().optional().default('all'),
      /** Control channels one by one: `channels` lists them (1-4); none chosen is "no channel selected". */
      channelControl: formFlag().optional().default(false),
      channels: z.array(range(1, 4)).optional().default([]),
      cycle: policyCycle,
      inUse: formFlag().optional().default(true),
    })
    .superRefine((p, ctx) => {
      if (p.channelControl && p.channels.length === 0)
        ctx.addIssue({ code: 'custom', path: ['channels'], message: 'lighting.rules.noChannel' });
    });
export type LightingPolicyBody = z.infer<ReturnType<typeof lightingPolicyBody>>;
/** The policy as the schedule needs it (a stored policy answers more). */
export type LightingPolicy = Pick<LightingPolicyBody, 'units' | 'cycle' | 'inUse'> & Partial<LightingPolicyBody>;

/** POST policies/{id}/use and …/remove: lamps by id and/or LCU groups. POST policies/clear: every policy of them. */
export const policyTargetsBody = z
  .object({ lampIds: ids(100_000).optional().default([]), groupIds: ids(1000).optional().default([]) })
  .superRefine((v, ctx) => {
    if (v.lampIds.length + v.groupIds.length === 0)
      ctx.addIssue({ code: 'custom', path: ['lampIds'], message: 'lighting.rules.noLamps' });
  });

// ── Lists and summaries ───────────────────────────────────────────────────────────────────────────

export const LAMP_STATES = ['on', 'dimmed', 'off', 'fault', 'offline'] as const;
export type LampState = (typeof LAMP_STATES)[number];

/** GET pages: lamp list filters (spec: area, group, lamp group, gateway, status). */
export const lightingListFilter = z.object({
  areaId: z.coerce.number().int().positive().optional(),
  groupId: z.coerce.number().int().positive().optional(),
  lcuGroupId: z.coerce.number().int().positive().optional(),
  gatewayId: z.coerce.number().int().positive().optional(),
  state: z.enum(LAMP_STATES, { error: 'validation.validParam' }).optional(),
});

/**
 * GET faults: the lamps' open faults, optionally of one event code (the overview's faults card names
 * the codes: a lighting code, or the platform's such as OFFLINE).
 */
export const lightingFaultsQuery = z.object({
  code: z
    .string()
    .trim()
    .min(1, 'validation.validParam')
    .max(64, 'validation.validParam')
    .regex(/^[\w-]+$/, 'validation.validParam')
    .optional(),
});

/** Power consumption scopes (GET power/summary, power/last). */
export const POWER_SCOPES = ['project', 'area', 'group', 'lcugroup', 'lamp'] as const;
export const powerQuery = z.object({
  scope: z.enum(POWER_SCOPES, { error: 'validation.validParam' }).optional().default('project'),
  id: z.coerce.number().int().positive().optional(),
  from: z.coerce.date({ error: 'validation.validParam' }).optional(),
  to: z.coerce.date({ error: 'validation.validParam' }).optional(),
});

/** GET policies/{id}/preview: the schedule of a day or a year for a lamp or a group (or coordinates). */
export const schedulePreviewQuery = z.object({
  lampId: z.coerce.number().int().positive().optional(),
  groupId: z.coerce.number().int().positive().optional(),
  lng: longitude().optional(),
  lat: latitude().optional(),
  date: isoDate.optional(),
  year: z.coerce.number().int().min(2000).max(2100).optional(),
});
