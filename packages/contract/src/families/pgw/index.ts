import { z } from 'zod';
import { days, int as setting } from '../../settings/kinds.js';
import { msg } from '../../validation/message.js';
import { intRange } from '../../validation/rules.js';
import {
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
  pageOf,
  registrationResponse,
  select,
  text,
} from '../kit/index.js';

/**
 * Power-line gateways (spec 001 §3 "Power-line gateway: wire no, zone code, online status, registered
 * devices"): a gateway on a transformer zone's low-voltage line that reaches its lamp controllers
 * (model lcuplc) over the power cable and speaks for them on MQTT. Calls under
 * /api/pjts/{projectId}/iot/pgw/ (docs/device-protocol.md "Power-line gateways"):
 *   GET pages                         the project's gateways (wire no, zone code, state, lamp counts)
 *   GET :id/lamps                     its registered lamp controllers with signal quality and last contact
 *   GET :id/lamps/options             the project's power-line lamp controllers it may take
 *   POST :id/lamps, DELETE :id/lamps  register / unregister lamp controllers (body childIds)
 *   POST :id/runtime                  asks the gateway (device time, uptime, firmware, carrier state)
 *   GET, PUT :id/config               relay levels, search interval, carrier band (sent to the gateway)
 *   POST :id/register, :id/unregister, :id/reboot, :id/correcttime; GET :id/events (the kit's)
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
 * clock was corrected.
 */
export const PGW_EVENTS = [
  { code: 'CHILD_LOST', level: 'warning' },
  { code: 'CARRIER_FAULT', level: 'alarm' },
  { code: 'REBOOTED', level: 'info' },
  { code: 'TIME_CORRECTED', level: 'info' },
] as const;

const noArgs = z.object({}) as z.ZodType<Record<string, unknown>>;

/** Commands of spec 001 §7 "pgw: reboot, time" the console sends with POST …/{id}/{name}; the server adds the time. */
export const PGW_COMMANDS = [
  { name: 'correcttime', args: noArgs },
  { name: 'reboot', args: noArgs, dangerous: true },
] as const;

/** The configuration a gateway keeps (type properties; PUT …/{id}/config sends it to the gateway). */
export const PGW_CONFIG = {
  relayLevels: { min: 1, max: 7, default: 3 },
  searchInterval: { min: 5, max: 1440, default: 30 },
} as const;
export const CARRIER_BANDS = ['narrow', 'wide'] as const;

/** At most this many lamp controllers behind one gateway. */
export const PGW_CHILDREN_MAX = 1024;

const blank = (v: unknown) => (v === '' || v === null ? undefined : v);
const required = <T extends z.ZodType>(rule: T) =>
  z.preprocess((v) => blank(v) ?? null, z.custom<unknown>((v) => v !== null, 'validation.required').pipe(rule));

/** PUT …/{id}/config: every field required, with its range. */
export const pgwConfigBody = z.object({
  relayLevels: required(intRange(PGW_CONFIG.relayLevels.min, PGW_CONFIG.relayLevels.max)),
  searchInterval: required(intRange(PGW_CONFIG.searchInterval.min, PGW_CONFIG.searchInterval.max)),
  carrierBand: required(z.enum(CARRIER_BANDS, { error: 'validation.validParam' })),
});
export type PgwConfigBody = z.infer<typeof pgwConfigBody>;

/** POST / DELETE …/{id}/lamps: lamp controller ids (`childIds=1&childIds=2`, `1,2`, or a JSON array). */
export const pgwLampsBody = z.object({
  childIds: z
    .preprocess(
      (v) =>
        v === undefined || v === null || v === ''
          ? []
          : (Array.isArray(v) ? v : String(v).split(',')).filter((x) => x !== '').map(Number),
      z
        .array(
          z.number({ error: 'validation.validParam' }).int('validation.validParam').positive('validation.validParam'),
        )
        .min(1, 'pgw.lampsRequired')
        .max(PGW_CHILDREN_MAX, msg('pgw.tooManyLamps', { max: PGW_CHILDREN_MAX })),
    )
    .refine((ids) => new Set(ids).size === ids.length, 'pgw.duplicateLamp'),
});
export type PgwLampsBody = z.infer<typeof pgwLampsBody>;

const calls = familyCalls('pgw');
/** The console's screens (packages/web/src/families/pgw/). */
const ready = true;

const config = z.object({
  relayLevels: z.number().int(),
  searchInterval: z.number().int().describe('minutes'),
  carrierBand: z.enum(CARRIER_BANDS),
});

/** A gateway in the list (spec 001 §3): wire no, zone code, online state and its lamp controllers. */
const gatewayRow = z.object({
  id: z.number().int(),
  name: z.string(),
  no: z.string(),
  equipmentId: z.string().nullable(),
  activeState: z.number().int(),
  registered: z.boolean(),
  lastActiveAt: isoTime.nullable(),
  wireNo: z.string(),
  zoneCode: z.string(),
  /** Lamp controllers registered behind it. */
  lamps: z.number().int(),
  /** Of those, heard on its last carrier search (signal above 0). */
  reachable: z.number().int(),
  /** The gateway's project (for when the list includes child projects). */
  projectName: z.string().optional(),
});

/** A lamp controller behind a gateway: its state, its signal on the carrier and when the gateway last heard it. */
const lampRow = childRow.extend({
  model: z.string().nullable(),
  /** Signal quality 0-100 % (0: lost); null before the gateway reported it. */
  signal: z.number().nullable(),
  /** When the gateway last heard it (from the gateway's clock); null before. */
  lastContact: isoTime.nullable(),
});

const option = z.object({ id: z.number().int(), name: z.string(), no: z.string(), equipmentId: z.string().nullable() });

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

export const pgwManifest = defineFamily({
  type: 'pgw',
  slug: 'pgw',
  module: 'pgw',
  properties: [
    text('wireNo', 32),
    text('zoneCode', 32),
    int('relayLevels', PGW_CONFIG.relayLevels.min, PGW_CONFIG.relayLevels.max),
    int('searchInterval', PGW_CONFIG.searchInterval.min, PGW_CONFIG.searchInterval.max, 'min'),
    select('carrierBand', CARRIER_BANDS),
  ],
  network: [...IOT_NET, 'ip', 'port'],
  relaysChildren: true,
  events: PGW_EVENTS,
  commands: PGW_COMMANDS,
  heartbeat: 'gatewayHeartbeat',
  retention: { events: 'pgwRetentionDays' },
  settings: [setting('pgwRetentionDays', 'retention', days(365))],
  screens: [
    familyGroup('pjtpgw', 'NodeIndexOutlined'),
    familyScreen('pjtdevicepgwlist', 'pjtpgw', 'NodeIndexOutlined', 'pgw', {
      ready,
      apis: [
        calls.get('pages'),
        ...calls.registration(),
        ...calls.commands(PGW_COMMANDS),
        calls.get(':id/lamps'),
        calls.get(':id/lamps/options'),
        calls.post(':id/lamps'),
        calls.delete(':id/lamps'),
        calls.post(':id/runtime'),
        calls.get(':id/config'),
        calls.put(':id/config'),
        calls.get(':id/events'),
        ...FAMILY_READS,
      ],
    }),
    familyScreen('pjtdevicepgw', 'pjtpgw', 'NodeIndexOutlined', 'pgw', {
      ready,
      menu: false,
      authOf: 'pjtdevicepgwlist',
    }),
  ],
  responses: {
    registration: registrationResponse,
    command: commandResponse,
    events: eventPage,
    gateways: pageOf(gatewayRow),
    lamps: z.array(lampRow),
    lampOptions: z.array(option),
    /** POST / DELETE lamps: how many changed, and whether the connected gateway was told too. */
    lampsChanged: z.object({ changed: z.number().int(), delivered: z.boolean() }),
    runtime,
    config,
    configSaved: config.extend({ delivered: z.boolean() }),
  },
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
