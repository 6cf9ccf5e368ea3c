import { z } from 'zod';
import { days, int as setting } from '../../settings/kinds.js';
import { msg } from '../../validation/message.js';
import { description, idParam, intRange, scopedName, scopedNo } from '../../validation/rules.js';
import {
  bool,
  childRow,
  commandResponse,
  defineFamily,
  eventPage,
  FAMILY_READS,
  familyCalls,
  familyGroup,
  familyScreen,
  IOT_NET,
  int,
  isoTime,
  num,
  pageOf,
  readingRow,
  registrationResponse,
  seriesOf,
} from '../kit/index.js';

/** The threshold's range (spec 001 §3 "Illumination sensor: threshold (KLux)"). */
export const ILLUM_THRESHOLD = { min: 0, max: 200 } as const;

/** What a sensor reports: the ambient light in KLux, the threshold's unit (docs/device-protocol.md). */
export const ILLUM_READINGS = [{ key: 'illuminance', unit: 'KLux', min: 0, max: 200 }] as const;

/**
 * Events of a sensor: the light fell below the threshold (occur: its lamps are to light; restore: the
 * light rose above it again), and a sensor fault (a reading out of the plausible range).
 */
export const ILLUM_EVENTS = [
  { code: 'BELOW_THRESHOLD', level: 'info' },
  { code: 'SENSOR_FAULT', level: 'warning' },
] as const;

const noArgs = z.object({}) as z.ZodType<Record<string, unknown>>;

/** Commands the console sends with POST …/{id}/{name}: read the light now. */
export const ILLUM_COMMANDS = [{ name: 'realdata', args: noArgs }] as const;

const thresholdRule = () => {
  const range = msg('validation.range', ILLUM_THRESHOLD);
  return z.coerce
    .number({ error: 'validation.numeric' })
    .min(ILLUM_THRESHOLD.min, range)
    .max(ILLUM_THRESHOLD.max, range);
};
const blank = (v: unknown) => (v === '' || v === null ? undefined : v);
const flag = z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')], {
  error: 'validation.validParam',
});

/** PUT …/{id}/config: the threshold (required) and the peripheral index; sent to the sensor too. */
export const illumConfigBody = z.object({
  threshold: z.preprocess(
    (v) => blank(v) ?? null,
    z.custom<unknown>((v) => v !== null, 'validation.required').pipe(thresholdRule()),
  ),
  peripheralIndex: z.preprocess(blank, intRange(0, 255).optional()),
});
/** PUT …/{id}/inuse: the sensor enabled (its lamps follow it) or disabled. */
export const illumInuseBody = z.object({ enabled: flag });

/** At most this many lamp controllers follow one sensor in one group. */
export const ILLUM_GROUP_CHILDREN_MAX = 256;

/** A required id: missing, blank or null answer `message` (zod skips an absent optional key's refinements). */
const requiredId = (message: string) =>
  z.preprocess((v) => blank(v) ?? null, z.custom<unknown>((v) => v !== null, message).pipe(idParam()));
/** Ids of a form (`childIds=1&childIds=2`, or `1,2`) or JSON (an array); none is an empty list. */
const idList = (max: number) =>
  z
    .preprocess(
      (v) =>
        v === undefined || v === null || v === ''
          ? []
          : (Array.isArray(v) ? v : String(v).split(',')).filter((x) => x !== '').map(Number),
      z
        .array(
          z.number({ error: 'validation.validParam' }).int('validation.validParam').positive('validation.validParam'),
        )
        .max(max, msg('illum.groups.tooManyChildren', { max })),
    )
    .refine((ids) => new Set(ids).size === ids.length, 'illum.groups.duplicateChild');

/**
 * An illumination group (spec 001 §3 "Illumination group: name, no, project, gateway, sensor,
 * children"): the lamp controllers that follow one sensor, reached through one gateway. Project-scope
 * name and no (spec 001 §5: 2-32); the project is the path's. The console validates with the same
 * schema; the server also checks every id against the caller's project (gateway, sensor, lamp
 * controllers) and that a lamp controller follows one sensor only (one group).
 */
export const illumGroupBody = z.object({
  name: scopedName(),
  no: scopedNo(),
  gatewayId: requiredId('illum.groups.gatewayRequired'),
  sensorId: requiredId('illum.groups.sensorRequired'),
  childIds: idList(ILLUM_GROUP_CHILDREN_MAX),
  description: description(),
});
export type IllumGroupBody = z.infer<typeof illumGroupBody>;

const calls = familyCalls('illum');
/** The console's screens (packages/web/src/families/illum/). */
const ready = true;
const reading = readingRow(ILLUM_READINGS);

const config = z.object({
  threshold: z.number().nullable().describe('KLux'),
  peripheralIndex: z.number().int().nullable(),
  enabled: z.boolean(),
});

/** A sensor in the list: its state, its configuration and its latest reading. */
const sensorRow = z.object({
  id: z.number().int(),
  name: z.string(),
  no: z.string(),
  equipmentId: z.string().nullable(),
  activeState: z.number().int(),
  registered: z.boolean(),
  lastActiveAt: isoTime.nullable(),
  parentId: z.number().int().nullable(),
  parentName: z.string().nullable(),
  /** The sensor's project (for when the list includes child projects). */
  projectName: z.string().optional(),
  ...config.shape,
  /** The latest reading (KLux) and its pick time; null before the first. */
  illuminance: z.number().nullable(),
  at: isoTime.nullable(),
});

const deviceRef = z.object({ id: z.number().int(), name: z.string(), no: z.string() }).nullable();
const groupRow = z.object({
  id: z.number().int(),
  name: z.string(),
  no: z.string(),
  projectId: z.number().int(),
  projectName: z.string(),
  description: z.string(),
  gateway: deviceRef,
  sensor: deviceRef,
  /** The lamp controllers (not `children`: tables read that as nested rows). */
  lamps: z.array(z.object({ id: z.number().int(), name: z.string(), no: z.string() })),
  createdAt: isoTime,
});
const option = z.object({
  id: z.number().int(),
  name: z.string(),
  no: z.string(),
  parentId: z.number().int().nullable(),
});

/** Illumination sensors (spec 001 §3 "Illumination"): ambient light in KLux against a threshold. */
export const illumManifest = defineFamily({
  type: 'illumination',
  slug: 'illum',
  module: 'illum',
  properties: [
    num('threshold', ILLUM_THRESHOLD.min, ILLUM_THRESHOLD.max, 'KLux'),
    int('peripheralIndex', 0, 255),
    bool('enabled'),
  ],
  network: [...IOT_NET, 'modbusAddress'],
  parentTypes: ['gateway', 'mtc'],
  readings: ILLUM_READINGS,
  events: ILLUM_EVENTS,
  commands: ILLUM_COMMANDS,
  retention: { events: 'illumRetentionDays', readings: 'illumRetentionDays' },
  settings: [setting('illumRetentionDays', 'retention', days(365))],
  screens: [
    familyGroup('pjtillum', 'SunOutlined'),
    familyScreen('pjtdeviceillumlist', 'pjtillum', 'SunOutlined', 'illum', {
      ready,
      apis: [
        calls.get('pages'),
        calls.get(':id/config'),
        calls.put(':id/config'),
        calls.put(':id/inuse'),
        ...calls.registration(),
        ...calls.commands(ILLUM_COMMANDS),
        calls.get(':id/events'),
        calls.get(':id/lamps'),
        calls.get(':id/reports.do'),
        calls.get(':id/reports.do/series'),
        calls.get(':id/reports.do/export'),
        ...FAMILY_READS,
      ],
    }),
    familyScreen('pjtdeviceillum', 'pjtillum', 'SunOutlined', 'illum', {
      ready,
      menu: false,
      authOf: 'pjtdeviceillumlist',
    }),
    familyScreen('pjtdeviceillumgroup', 'pjtillum', 'GroupOutlined', 'illum', {
      ready,
      apis: [
        calls.get('groups/pages'),
        calls.get('groups/options'),
        calls.get('groups/:id'),
        calls.post('groups'),
        calls.put('groups/:id'),
        calls.delete('groups/:id'),
        calls.delete('groups'),
        ...FAMILY_READS,
      ],
    }),
  ],
  responses: {
    registration: registrationResponse,
    command: commandResponse,
    events: eventPage,
    readings: pageOf(reading),
    series: seriesOf(ILLUM_READINGS),
    sensors: pageOf(sensorRow),
    config,
    /** PUT config / inuse: what is stored, and whether the connected sensor was told too. */
    configSaved: config.extend({ delivered: z.boolean() }),
    /** The lamp controllers that follow the sensor (its groups' children), with their group. */
    lamps: z.array(childRow.extend({ groupId: z.number().int(), groupName: z.string() })),
    groups: pageOf(groupRow),
    group: groupRow,
    /** What a group may name: the project's gateways, sensors and lamp controllers (up to 1000 each). */
    groupOptions: z.object({ gateways: z.array(option), sensors: z.array(option), lamps: z.array(option) }),
    deleted: z.object({ deleted: z.number().int() }),
  },
  demo: {
    weight: 3,
    lead: 3,
    child: true,
    props: (random) => ({ threshold: 5 + Math.round(random() * 10), peripheralIndex: 1, enabled: true }),
  },
});

export type IllumSensor = z.infer<typeof sensorRow>;
export type IllumConfig = z.infer<typeof config>;
export type IllumGroup = z.infer<typeof groupRow>;
export type IllumGroupOption = z.infer<typeof option>;
