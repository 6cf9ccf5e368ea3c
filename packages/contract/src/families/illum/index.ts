import { z } from 'zod';
import { grantsOf } from '../../endpoints/endpoint.js';
import { msg } from '../../validation/message.js';
import { description, idParam, intRange, scopedName, scopedNo } from '../../validation/rules.js';
import { deviceCalls, familyEndpoints, groupCalls, pageCall, settingsCalls, withDelivered } from '../kit/calls.js';
import { REALDATA_COMMAND } from '../kit/commands.js';
import { deviceFamily } from '../kit/device-family.js';
import { blank, formFlag, idList, required } from '../kit/forms.js';
import { IOT_NET } from '../kit/network.js';
import { bool, int, num } from '../kit/properties.js';
import { reading } from '../kit/readings.js';
import { childRow, deviceRef, deviceRow, isoTime, namedRecord, projectColumn } from '../kit/responses.js';

/** The threshold's range (spec 001 §3 "Illumination sensor: threshold (KLux)"). */
export const ILLUM_THRESHOLD = { min: 0, max: 200 } as const;

/** What a sensor reports: the ambient light in KLux, the threshold's unit (docs/device-protocol.md). */
export const ILLUM_READINGS = [reading('illuminance', 'KLux', 200)] as const;

/**
 * Events of a sensor: the light fell below the threshold (occur: its lamps are to light; restore: the
 * light rose above it again), and a sensor fault (a reading out of the plausible range).
 */
export const ILLUM_EVENTS = [
  { code: 'BELOW_THRESHOLD', level: 'info' },
  { code: 'SENSOR_FAULT', level: 'warning' },
] as const;

/** Commands the console sends with POST …/{id}/{name}: read the light now. */
export const ILLUM_COMMANDS = [REALDATA_COMMAND] as const;

const thresholdRule = () => {
  const range = msg('validation.range', ILLUM_THRESHOLD);
  return z.coerce
    .number({ error: 'validation.numeric' })
    .min(ILLUM_THRESHOLD.min, range)
    .max(ILLUM_THRESHOLD.max, range);
};

/** PUT …/{id}/config: the threshold (required) and the peripheral index; sent to the sensor too. */
export const illumConfigBody = z.object({
  threshold: required(thresholdRule()),
  peripheralIndex: z.preprocess(blank, intRange(0, 255).optional()),
});
/** PUT …/{id}/inuse: the sensor enabled (its lamps follow it) or disabled. */
export const illumInuseBody = z.object({ enabled: formFlag() });

/** At most this many lamp controllers follow one sensor in one group. */
export const ILLUM_GROUP_CHILDREN_MAX = 256;

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
  gatewayId: required(idParam(), 'illum.groups.gatewayRequired'),
  sensorId: required(idParam(), 'illum.groups.sensorRequired'),
  childIds: idList({
    max: ILLUM_GROUP_CHILDREN_MAX,
    tooMany: 'illum.groups.tooManyChildren',
    duplicate: 'illum.groups.duplicateChild',
  }),
  description: description(),
});
export type IllumGroupBody = z.infer<typeof illumGroupBody>;

const config = z.object({
  threshold: z.number().nullable().describe('KLux'),
  peripheralIndex: z.number().int().nullable(),
  enabled: z.boolean(),
});

/** A sensor in the list: its state, its configuration and its latest reading. */
const sensorRow = deviceRow.extend({
  parentId: z.number().int().nullable(),
  parentName: z.string().nullable(),
  ...projectColumn,
  ...config.shape,
  /** The latest reading (KLux) and its pick time; null before the first. */
  illuminance: z.number().nullable(),
  at: isoTime.nullable(),
});

const groupRow = z.object({
  ...namedRecord,
  projectId: z.number().int(),
  projectName: z.string(),
  description: z.string(),
  gateway: deviceRef.nullable(),
  sensor: deviceRef.nullable(),
  /** The lamp controllers (not `children`: tables read that as nested rows). */
  lamps: z.array(deviceRef),
  createdAt: isoTime,
});
const option = deviceRef.extend({ parentId: z.number().int().nullable() });

/** PUT config / inuse: what is stored, and whether the connected sensor was told too. */
const configSaved = withDelivered(config);

const e = familyEndpoints('illum');

/**
 * Spec 001 §7 "illum: config, realdata, inuse, logs" under /api/pjts/{projectId}/iot/illum: the sensors'
 * calls (registration, realdata, events and readings from the traits), declared once.
 */
export const ILLUM_API = {
  ...deviceCalls(e, { commands: ILLUM_COMMANDS, readings: ILLUM_READINGS }),
  sensors: pageCall(
    e,
    sensorRow,
    "A page of the project's illumination sensors with their latest reading (KLux) and configuration",
  ),
  ...settingsCalls(e, ['config', 'setConfig'], { body: illumConfigBody, response: config, saved: configSaved }, [
    "A sensor's configuration",
    "Set a sensor's threshold (KLux) and peripheral index; a connected sensor is sent them",
  ]),
  setInuse: e.put(':id/inuse', {
    body: illumInuseBody,
    response: configSaved,
    summary: 'Enable or disable a sensor (its lamp controllers follow it only when enabled)',
  }),
  lamps: e.get(':id/lamps', {
    response: z.array(childRow.extend({ groupId: z.number().int(), groupName: z.string() })),
    summary: 'The lamp controllers that follow a sensor (the children of its groups), with their group',
  }),
};

const groups = groupCalls(
  e,
  ['group', 'groups'],
  { row: groupRow, body: illumGroupBody },
  {
    noun: ['an illumination group', "the project's illumination groups"],
    several: 'Delete several illumination groups (form body ids=1,2,3, as the console sends it)',
    list: ' (keyword over name, no, description)',
    create: ' in the project',
    delete: ' (its lamp controllers stay)',
  },
);

/** Spec 001 §7 "illum groups": a gateway, a sensor and the lamp controllers that follow it. */
export const ILLUM_GROUP_API = {
  groups: groups.list,
  groupOptions: e.get('groups/options', {
    response: z.object({ gateways: z.array(option), sensors: z.array(option), lamps: z.array(option) }),
    summary: "What a group may name: the project's gateways, sensors and lamp controllers (up to 1000 each)",
  }),
  ...groups.records,
};

/** Illumination sensors (spec 001 §3 "Illumination"): ambient light in KLux against a threshold. */
export const illumManifest = deviceFamily({
  type: 'illumination',
  slug: 'illum',
  module: 'illum',
  icon: 'SunOutlined',
  properties: [
    num('threshold', ILLUM_THRESHOLD.min, ILLUM_THRESHOLD.max, 'KLux'),
    int('peripheralIndex', 0, 255),
    bool('enabled'),
  ],
  network: [...IOT_NET, 'modbusAddress'],
  parentTypes: ['gateway', 'mtc'],
  peers: { lampGateway: 'gateway', lamp: 'lighting' },
  readings: ILLUM_READINGS,
  events: ILLUM_EVENTS,
  commands: ILLUM_COMMANDS,
  retentionDays: 'illumRetentionDays',
  listApis: grantsOf(ILLUM_API),
  more: [{ key: 'pjtdeviceillumgroup', icon: 'GroupOutlined', apis: grantsOf(ILLUM_GROUP_API) }],
  api: { ...ILLUM_API, ...ILLUM_GROUP_API },

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
