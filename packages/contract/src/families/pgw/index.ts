import { z } from 'zod';
import { intRange } from '../../validation/rules.js';
import { deviceCalls, familyEndpoints, pageCall, settingsCalls, withDelivered } from '../kit/calls.js';
import { carriedScheduleCalls } from '../kit/carried-schedules.js';
import { CORRECTTIME_COMMAND, noArgs, REBOOT_COMMAND } from '../kit/commands.js';
import { deviceFamily } from '../kit/device-family.js';
import { UPKEEP_EVENTS } from '../kit/events.js';
import { binFirmware, firmwareCalls } from '../kit/firmware.js';
import { idList, required } from '../kit/forms.js';
import { linkCalls, locationCalls } from '../kit/link.js';
import { IOT_NET } from '../kit/network.js';
import { int, select, text } from '../kit/properties.js';
import { childRow, deviceRef, deviceRow, isoTime, projectColumn } from '../kit/responses.js';

/**
 * Power-line gateways (spec 001 §3 "Power-line gateway: wire no, zone code, online status, registered
 * devices"): a gateway on a transformer zone's low-voltage line that reaches its lamp controllers
 * (model lcuplc) over the power cable and speaks for them on MQTT (docs/device-protocol.md
 * "Power-line gateways"). Its calls are PGW_API below.
 */

/** Device times are UNIX seconds at UTC+8 on the wire (spec 001 §5), as for cabinets. */
export const PGW_WIRE_OFFSET_SECONDS = 8 * 3600;
/** A time (ms since the epoch) as the gateway's clock writes it: UNIX seconds at UTC+8. */
export const toWireSeconds = (ms: number) => Math.floor(ms / 1000) + PGW_WIRE_OFFSET_SECONDS;
/** A gateway's wire time (UNIX seconds at UTC+8) as ms since the epoch. */
export const fromWireSeconds = (seconds: number) => (seconds - PGW_WIRE_OFFSET_SECONDS) * 1000;

/** Signal quality of a lamp on the carrier, in % (0: not heard on the last search). */
export const PGW_SIGNAL = { min: 0, max: 100 } as const;
export const SIGNAL_LEVELS = ['lost', 'weak', 'fair', 'good', 'excellent'] as const;
export type SignalLevel = (typeof SIGNAL_LEVELS)[number];
/** The word for a signal quality (and the bars: its index, 0-4); null when never reported. */
export function signalLevel(signal: number | null | undefined): SignalLevel | null {
  if (signal === null || signal === undefined) return null;
  if (signal <= 0) return 'lost';
  if (signal < 30) return 'weak';
  if (signal < 60) return 'fair';
  if (signal < 85) return 'good';
  return 'excellent';
}

/**
 * Events of a gateway: a lamp controller no longer answers on the carrier (occur, `detail.device` its
 * equipment id) or answers again (restore); the carrier module failed; the gateway restarted; its
 * clock was corrected; a firmware upgrade finished (`detail.version`).
 */
export const PGW_EVENTS = [
  { code: 'CHILD_LOST', level: 'warning' },
  { code: 'CARRIER_FAULT', level: 'alarm' },
  ...UPKEEP_EVENTS,
] as const;

/** Commands of spec 001 §7 "pgw: reboot, time, version" the console sends with POST …/{id}/{name}; the server adds the time. */
export const PGW_COMMANDS = [CORRECTTIME_COMMAND, REBOOT_COMMAND, { name: 'version', args: noArgs }] as const;

/** A gateway's firmware image: `.bin`, 1 KiB to 4 MiB, starting with `PGWF` and its PGWx.x.xx version. */
export const PGW_FIRMWARE = binFirmware('PGW');

/** The configuration a gateway keeps (type properties; PUT …/{id}/config sends it to the gateway). */
export const PGW_CONFIG = {
  relayLevels: { min: 1, max: 7, default: 3 },
  searchInterval: { min: 5, max: 1440, default: 30 },
} as const;
export const CARRIER_BANDS = ['narrow', 'wide'] as const;

/** At most this many lamp controllers behind one gateway. */
export const PGW_CHILDREN_MAX = 1024;

/** PUT …/{id}/config: every field required, with its range. */
export const pgwConfigBody = z.object({
  relayLevels: required(intRange(PGW_CONFIG.relayLevels.min, PGW_CONFIG.relayLevels.max)),
  searchInterval: required(intRange(PGW_CONFIG.searchInterval.min, PGW_CONFIG.searchInterval.max)),
  carrierBand: required(z.enum(CARRIER_BANDS, { error: 'validation.validParam' })),
});
export type PgwConfigBody = z.infer<typeof pgwConfigBody>;

/** POST / DELETE …/{id}/lamps: lamp controller ids (`childIds=1&childIds=2`, `1,2`, or a JSON array). */
export const pgwLampsBody = z.object({
  childIds: idList({
    max: PGW_CHILDREN_MAX,
    required: 'pgw.lampsRequired',
    tooMany: 'pgw.tooManyLamps',
    duplicate: 'pgw.duplicateLamp',
  }),
});
export type PgwLampsBody = z.infer<typeof pgwLampsBody>;

const config = z.object({
  relayLevels: z.number().int(),
  searchInterval: z.number().int().describe('minutes'),
  carrierBand: z.enum(CARRIER_BANDS),
});
/** PUT config: what is stored, and whether the connected device was told too. */
const configSaved = withDelivered(config);

/** A gateway in the list (spec 001 §3): wire no, zone code, online state and its lamp controllers. */
const gatewayRow = deviceRow.extend({
  wireNo: z.string(),
  zoneCode: z.string(),
  /** Lamp controllers registered behind it. */
  lamps: z.number().int(),
  /** Of those, heard on its last carrier search (signal above 0). */
  reachable: z.number().int(),
  ...projectColumn,
});

/** A lamp controller behind a gateway: its state, its signal on the carrier and when the gateway last heard it. */
const lampRow = childRow.extend({
  model: z.string().nullable(),
  /** Signal quality 0-100 % (0: lost); null before the gateway reported it. */
  signal: z.number().nullable(),
  /** When the gateway last heard it (from the gateway's clock); null before. */
  lastContact: isoTime.nullable(),
});

const option = deviceRef.extend({ equipmentId: z.string().nullable() });

/** POST / DELETE lamps: the lamp controllers' ids; how many changed, and whether the connected gateway was told too. */
const lampsChange = {
  body: pgwLampsBody,
  response: z.object({ changed: z.number().int(), delivered: z.boolean() }),
};

/** POST …/{id}/runtime: what the gateway answers, its clock as an ISO time. */
const runtime = z.object({
  /** The gateway's clock, and how far it is from the server's (seconds, + ahead). */
  deviceTime: isoTime.nullable(),
  clockOffsetSeconds: z.number().nullable(),
  uptimeSeconds: z.number().nullable(),
  firmware: z.string().nullable(),
  /** Lamp controllers the gateway holds in its table, and of those heard on the last search. */
  lamps: z.number().int().nullable(),
  reachable: z.number().int().nullable(),
  ...config.partial().shape,
  readAt: isoTime,
});

const e = familyEndpoints('pgw');

/** Spec 001 §7 "pgw" under /api/pjts/{projectId}/iot/pgw: every call of the power-line gateways, declared once. */
export const PGW_API = {
  // reboot, and correcttime with the server's time as UNIX seconds at UTC+8
  ...deviceCalls(e, { commands: PGW_COMMANDS }),
  // comm args, peripherals (its RS485 bus: a meter, an illuminance sensor), location and firmware
  ...linkCalls(e),
  ...locationCalls(e, 'power-line gateway'),
  ...firmwareCalls(e, PGW_FIRMWARE),
  // its lamp controllers' policies, run by the gateway while the server is away
  ...carriedScheduleCalls(e, 'lamp controllers'),
  gateways: pageCall(
    e,
    gatewayRow,
    "A page of the project's power-line gateways: wire no, zone code, online state, registered lamp controllers (keyword over name, no, equipment id, wire no, zone code)",
  ),
  lamps: e.get(':id/lamps', {
    response: z.array(lampRow),
    summary: 'The lamp controllers registered behind a gateway, with their carrier signal and last contact',
  }),
  lampOptions: e.get(':id/lamps/options', {
    response: z.array(option),
    summary: "The project's power-line lamp controllers behind no gateway (what a gateway may register)",
  }),
  addLamps: e.post(':id/lamps', {
    ...lampsChange,
    summary:
      'Register lamp controllers behind a gateway (each of this project, on the power line, behind no other gateway); a connected gateway is told',
  }),
  removeLamps: e.delete(':id/lamps', {
    ...lampsChange,
    summary: 'Unregister lamp controllers from a gateway (each must be behind it); a connected gateway is told',
  }),
  runtime: e.post(':id/runtime', {
    response: runtime,
    summary: "Read a gateway's runtime now (device time, uptime, firmware, carrier table) from the gateway",
  }),
  ...settingsCalls(e, ['config', 'setConfig'], { body: pgwConfigBody, response: config, saved: configSaved }, [
    "A gateway's configuration",
    "Set a gateway's relay levels, search interval and carrier band; a connected gateway is sent them",
  ]),
};

export const pgwManifest = deviceFamily({
  type: 'pgw',
  slug: 'pgw',
  module: 'pgw',
  icon: 'NodeIndexOutlined',
  properties: [
    text('wireNo', 32),
    text('zoneCode', 32),
    int('relayLevels', PGW_CONFIG.relayLevels.min, PGW_CONFIG.relayLevels.max),
    int('searchInterval', PGW_CONFIG.searchInterval.min, PGW_CONFIG.searchInterval.max, 'min'),
    select('carrierBand', CARRIER_BANDS),
  ],
  network: [...IOT_NET, 'ip', 'port'],
  relaysChildren: true,
  peers: { lamp: 'lighting' },
  events: PGW_EVENTS,
  commands: PGW_COMMANDS,
  heartbeat: 'gatewayHeartbeat',
  retentionDays: 'pgwRetentionDays',
  kept: ['events'],
  api: PGW_API,
  demo: {
    weight: 2,
    carries: ['lcuplc'],
    props: (random) => ({
      wireNo: `L${1 + Math.floor(random() * 12)}`,
      zoneCode: `TQ${String(1000 + Math.floor(random() * 9000))}`,
      relayLevels: PGW_CONFIG.relayLevels.default,
      searchInterval: PGW_CONFIG.searchInterval.default,
      carrierBand: 'narrow',
    }),
  },
});

export type PgwGateway = z.infer<typeof gatewayRow>;
export type PgwLamp = z.infer<typeof lampRow>;
export type PgwLampOption = z.infer<typeof option>;
export type PgwRuntime = z.infer<typeof runtime>;
export type PgwConfig = z.infer<typeof config>;
