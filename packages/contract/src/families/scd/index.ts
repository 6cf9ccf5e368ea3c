import { z } from 'zod';
import { intRange } from '../../validation/rules.js';
import {
  activeStateFilter,
  deviceCalls,
  familyEndpoints,
  mapCall,
  pageCall,
  settingsCalls,
  withDelivered,
} from '../kit/calls.js';
import { deviceFamily } from '../kit/device-family.js';
import { IOT_NET } from '../kit/network.js';
import { int, text } from '../kit/properties.js';
import { percent, type ReadingKey, reading } from '../kit/readings.js';
import { deviceRow, eventRow, isoTime, latestRow, projectColumn } from '../kit/responses.js';

/**
 * What a dustbin sends (spec 001 §3 "Smart dustbin: … rubbish weight"): the distance from its lid
 * sensor to the rubbish, how full it is, the rubbish's weight and, on battery models, the battery.
 */
export const SCD_READINGS = [
  reading('distance', 'cm', 1000),
  percent('fill'),
  reading('weight', 'kg', 1000),
  percent('battery'),
] as const;
export type ScdReadingKey = ReadingKey<typeof SCD_READINGS>;

/** A bin whose rubbish reached the full threshold, or the over-fill one: both reach site messages. */
export const SCD_EVENTS = [
  { code: 'FULL', level: 'alarm' },
  { code: 'OVERFILL', level: 'alarm' },
] as const;

/** Spec 001 §7 "scd: realdata": the bin measures at once and answers its values (no arguments). */
export const SCD_COMMANDS = [
  { name: 'realdata', args: z.strictObject({}) as z.ZodType<Record<string, unknown>> },
] as const;

/** Thresholds and the empty bin's depth (cm); the thresholds are heights of rubbish above the bottom. */
export const SCD_THRESHOLD = { min: 1, max: 1000 } as const;
export const SCD_FREE_DISTANCE = { min: 1, max: 1000, default: 100 } as const;

/**
 * Spec 001 §5 "Smart dustbin: full threshold less than over-fill threshold": one rule, used by the
 * wizard's properties, the config call and the console's form.
 */
export function fullBelowOverfill(
  value: { fullThreshold?: unknown; overfillThreshold?: unknown },
  ctx: z.RefinementCtx,
): void {
  const full = value.fullThreshold;
  const over = value.overfillThreshold;
  if (typeof full === 'number' && typeof over === 'number' && full >= over)
    ctx.addIssue({ code: 'custom', path: ['fullThreshold'], message: 'validation.fullBelowOverfill' });
}

/** PUT …/{id}/config: the thresholds and the empty distance (a form sends them as text). */
export const scdConfigBody = z
  .object({
    fullThreshold: intRange(SCD_THRESHOLD.min, SCD_THRESHOLD.max),
    overfillThreshold: intRange(SCD_THRESHOLD.min, SCD_THRESHOLD.max),
    freeDistance: intRange(SCD_FREE_DISTANCE.min, SCD_FREE_DISTANCE.max),
  })
  .superRefine(fullBelowOverfill);
export type ScdConfigBody = z.infer<typeof scdConfigBody>;

/** How full a bin is against its thresholds; null before its first report or without thresholds. */
export const SCD_FILL_STATES = ['normal', 'full', 'overfill'] as const;
export type ScdFillState = (typeof SCD_FILL_STATES)[number];

/**
 * The rubbish's height (cm) is the empty distance less the measured distance (or the fill share of the
 * empty distance when a bin reports only that); at or above a threshold the bin is full or over-fill.
 */
export function scdFillState(
  values: { distance?: number | null; fill?: number | null },
  config: { fullThreshold: number | null; overfillThreshold: number | null; freeDistance: number | null },
): ScdFillState | null {
  const free = config.freeDistance ?? SCD_FREE_DISTANCE.default;
  const height =
    typeof values.distance === 'number'
      ? free - values.distance
      : typeof values.fill === 'number'
        ? (free * values.fill) / 100
        : null;
  if (height === null) return null;
  if (config.overfillThreshold !== null && height >= config.overfillThreshold) return 'overfill';
  if (config.fullThreshold !== null && height >= config.fullThreshold) return 'full';
  return 'normal';
}

const config = z.object({
  id: z.number().int(),
  fullThreshold: z.number().int().nullable(),
  overfillThreshold: z.number().int().nullable(),
  freeDistance: z.number().int().nullable(),
});
/** PUT config: what is stored, and whether the connected device was told too. */
const configSaved = withDelivered(config);

/** A bin in the list: its state, its latest report and how full it is against its thresholds. */
export const scdBinRow = deviceRow.extend({
  ...projectColumn,
  fullThreshold: z.number().int().nullable(),
  overfillThreshold: z.number().int().nullable(),
  freeDistance: z.number().int().nullable(),
  /** Time of the latest report (null before the first). */
  reportedAt: isoTime.nullable(),
  fill: z.number().nullable(),
  weight: z.number().nullable(),
  battery: z.number().nullable(),
  distance: z.number().nullable(),
  fillState: z.enum(SCD_FILL_STATES).nullable(),
});

/** A bin on the map: its list row where it stands. */
export const scdMapBin = scdBinRow.extend({ lng: z.number(), lat: z.number() });

/** The bins a map shows at most (a project's bins with coordinates, nearest the list's order). */
export const SCD_MAP_LIMIT = 5000;

const e = familyEndpoints('scd');

/** Spec 001 §7 "scd: realdata, last 24-hour events, paged events": every call of the bins, declared once. */
export const SCD_API = {
  ...deviceCalls(e, { commands: SCD_COMMANDS }),
  page: pageCall(
    e,
    scdBinRow,
    "A page of the project's dustbins with their latest report and fill state",
    activeStateFilter,
  ),
  map: mapCall(
    e,
    scdMapBin,
    "The project's dustbins that have coordinates, with their latest report and fill state, for the map",
  ),
  latest: e.get(':id/realdata', {
    response: latestRow(SCD_READINGS).extend({ fillState: z.enum(SCD_FILL_STATES).nullable() }),
    summary: "A dustbin's latest stored report (POST …/realdata asks the bin itself)",
  }),
  recentEvents: e.get(':id/events/last24h', {
    response: z.array(eventRow),
    summary: "A dustbin's events of the last 24 hours, newest first (at most 500)",
  }),
  /** The saved config and whether the connected bin took it (others on reconnect). */
  ...settingsCalls(e, ['config', 'saveConfig'], { body: scdConfigBody, response: config, saved: configSaved }, [
    "A dustbin's thresholds and empty distance (cm)",
    "Sets a dustbin's full and over-fill thresholds (full below over-fill) and empty distance, and sends them to the bin when it is connected",
  ]),
};

/** Smart classified dustbins (spec 001 §3 "SCD"): fill, weight and battery, thresholds and their alarms. */
export const scdManifest = deviceFamily({
  type: 'smartclassifieddustbin',
  slug: 'scd',
  module: 'scd',
  icon: 'DeleteOutlined',
  properties: [
    text('scdId', 64),
    int('fullThreshold', SCD_THRESHOLD.min, SCD_THRESHOLD.max, 'cm'),
    int('overfillThreshold', SCD_THRESHOLD.min, SCD_THRESHOLD.max, 'cm'),
    int('freeDistance', SCD_FREE_DISTANCE.min, SCD_FREE_DISTANCE.max, 'cm'),
  ],
  refine: fullBelowOverfill,
  network: IOT_NET,
  readings: SCD_READINGS,
  events: SCD_EVENTS,
  commands: SCD_COMMANDS,
  retentionDays: 'scdRetentionDays',
  api: SCD_API,
  demo: {
    weight: 6,
    props: (random) => ({
      fullThreshold: 70 + Math.floor(random() * 10),
      overfillThreshold: 90,
      freeDistance: SCD_FREE_DISTANCE.default,
    }),
  },
});
