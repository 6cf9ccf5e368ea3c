import { z } from 'zod';
import { logPageQuery } from '../../api/paging.js';
import { activeStateFilter, deviceCalls, familyEndpoints, pageCall } from '../kit/calls.js';
import { deviceFamily } from '../kit/device-family.js';
import { type EventCode, infoEvents } from '../kit/events.js';
import { blank } from '../kit/forms.js';
import { IP_NET } from '../kit/network.js';
import { select, text } from '../kit/properties.js';
import { percent, type ReadingKey, reading } from '../kit/readings.js';
import { deviceRow, eventPage, isoTime, latestRow, projectColumn } from '../kit/responses.js';

/** Spec 001 §3 "WiFi: … link type (cascade/bypass/unknown)". */
export const WIFI_LINK_TYPES = ['cascade', 'bypass', 'unknown'] as const;
export type WifiLinkType = (typeof WIFI_LINK_TYPES)[number];

/** The radio bands of an access point (2.4 GHz and 5 GHz). */
export const WIFI_BANDS = ['2g', '5g'] as const;
export type WifiBand = (typeof WIFI_BANDS)[number];

/**
 * What an access point reports (spec 001 §3 "WiFi: traffic, CPU, memory, online time"): traffic up and
 * down (Mbps), CPU and memory use, the connected clients and the time since it started (seconds).
 */
export const WIFI_READINGS = [
  reading('upload', 'Mbps', 10_000),
  reading('download', 'Mbps', 10_000),
  percent('cpu'),
  percent('memory'),
  reading('clients', '', 1000),
  reading('uptime', 's', 1_000_000_000, { register: true }),
] as const;
export type WifiReadingKey = ReadingKey<typeof WIFI_READINGS>;

/**
 * The AP's log (spec 001 §2 "log"): what it writes as info events. Clients joining and leaving, the
 * blacklist, radios switched and restarts; the platform adds OFFLINE when it falls silent.
 */
export const WIFI_EVENTS = infoEvents(
  'CLIENT_JOIN',
  'CLIENT_LEAVE',
  'BLACKLIST_ADD',
  'BLACKLIST_REMOVE',
  'RADIO_ON',
  'RADIO_OFF',
  'REBOOT',
);
export type WifiEventCode = EventCode<typeof WIFI_EVENTS>;

/** What the control call asks of an AP (spec 001 §2 "control"). */
export const WIFI_ACTIONS = ['reboot', 'blacklistAdd', 'blacklistRemove', 'radioOn', 'radioOff'] as const;
export type WifiAction = (typeof WIFI_ACTIONS)[number];
/** The actions that name a client by its MAC, and those that name a band. */
export const MAC_ACTIONS: readonly WifiAction[] = ['blacklistAdd', 'blacklistRemove'];
export const BAND_ACTIONS: readonly WifiAction[] = ['radioOn', 'radioOff'];

/** Six pairs of hex digits separated by colons or dashes; kept as upper case with colons. */
export const MAC_PATTERN = /^([0-9A-Fa-f]{2}[:-]){5}[0-9A-Fa-f]{2}$/;
export const normalMac = (mac: string) => mac.trim().toUpperCase().replace(/-/g, ':');

/**
 * POST …/:id/control: the action, with the client's MAC for the blacklist and the band for the radios.
 * One rule for the server and the console's form: a missing or malformed MAC is `validation.mac`.
 */
export const wifiControlBody = z
  .object({
    action: z.enum(WIFI_ACTIONS, { error: 'validation.validParam' }),
    mac: z.preprocess(
      blank,
      z.string({ error: 'validation.mac' }).trim().regex(MAC_PATTERN, 'validation.mac').transform(normalMac).optional(),
    ),
    band: z.preprocess(blank, z.enum(WIFI_BANDS, { error: 'validation.validParam' }).optional()),
  })
  .superRefine((v, ctx) => {
    if (MAC_ACTIONS.includes(v.action) && !v.mac)
      ctx.addIssue({ code: 'custom', path: ['mac'], message: 'validation.mac' });
    if (BAND_ACTIONS.includes(v.action) && !v.band)
      ctx.addIssue({ code: 'custom', path: ['band'], message: 'validation.validParam' });
  });
export type WifiControlBody = z.infer<typeof wifiControlBody>;

/** Spec 001 §7 "wifi: realdata, control": the AP answers its runtime at once, and takes control. */
export const WIFI_COMMANDS = [
  { name: 'realdata', args: z.strictObject({}) as z.ZodType<Record<string, unknown>> },
  { name: 'control', args: wifiControlBody as z.ZodType<Record<string, unknown>>, dangerous: true },
] as const;

/** A device connected to the AP (spec 001 §2 "connected devices"). */
export const wifiClient = z.object({
  mac: z.string(),
  band: z.enum(WIFI_BANDS),
  /** Signal strength, dBm (negative; closer to 0 is stronger). */
  signal: z.number(),
  /** Negotiated rate, Mbps. */
  rate: z.number(),
  /** Seconds since it connected. */
  onlineSeconds: z.number(),
});
export type WifiClient = z.infer<typeof wifiClient>;

/** A network interface of the AP: its uplink port and its radios. */
export const wifiInterface = z.object({
  name: z.string(),
  kind: z.enum(['ethernet', 'radio']),
  band: z.enum(WIFI_BANDS).nullable(),
  up: z.boolean(),
  /** Link speed (ethernet) or the radio's channel width capacity, Mbps. */
  speed: z.number(),
  channel: z.number().int().nullable(),
  ssid: z.string().nullable(),
  /** Bytes received and sent since the AP started. */
  rxBytes: z.number(),
  txBytes: z.number(),
});
export type WifiInterface = z.infer<typeof wifiInterface>;

/** The AP's answer to realdata (docs/device-protocol.md "WiFi"): the console reads it with this schema. */
export const wifiRealdata = z.object({
  values: z.record(z.string(), z.number().nullable()),
  interfaces: z.array(wifiInterface),
  clients: z.array(wifiClient),
  blacklist: z.array(z.string()),
});
export type WifiRealdata = z.infer<typeof wifiRealdata>;

/** GET …/pages: the project's APs and ACs, by name, no or equipment id, online state and link type. */
export const wifiPageFilter = activeStateFilter.extend({
  linkType: z.enum(WIFI_LINK_TYPES, { error: 'validation.validParam' }).optional(),
});

/** An AP (or AC) in the list: its state, its controller, its link type and its latest report. */
export const wifiRow = deviceRow.extend({
  ...projectColumn,
  /** The access controller it hangs under (null for a standalone AP or an AC). */
  parentName: z.string().nullable(),
  ssid: z.string().nullable(),
  linkType: z.enum(WIFI_LINK_TYPES).nullable(),
  /** Time of the latest report (null before the first). */
  reportedAt: isoTime.nullable(),
  upload: z.number().nullable(),
  download: z.number().nullable(),
  cpu: z.number().nullable(),
  memory: z.number().nullable(),
  clients: z.number().nullable(),
  uptime: z.number().nullable(),
});

const e = familyEndpoints('wifi');

/** Spec 001 §7 "wifi: realdata, logs, control": every call of the WiFi devices, declared once. */
export const WIFI_API = {
  ...deviceCalls(e, { commands: WIFI_COMMANDS, events: false }),
  page: pageCall(e, wifiRow, "A page of the project's WiFi devices with their latest report", wifiPageFilter),
  latest: e.get(':id/realdata', {
    response: latestRow(WIFI_READINGS),
    summary: "An AP's latest stored report (POST …/realdata asks the AP itself)",
  }),
  logs: e.get(':id/logs', {
    query: logPageQuery,
    response: eventPage,
    summary: "A page of an AP's log (clients, blacklist, radios, restarts), newest first",
  }),
};

/** WiFi access points (spec 001 §3 "WiFi"); an AP may hang under an access controller. */
export const wifiManifest = deviceFamily({
  type: 'wifi',
  slug: 'wifi',
  module: 'wifi',
  icon: 'WifiOutlined',
  properties: [text('ssid', 32), select('linkType', WIFI_LINK_TYPES)],
  network: [...IP_NET, 'equipmentId'],
  parentTypes: ['wifi'],
  readings: WIFI_READINGS,
  events: WIFI_EVENTS,
  commands: WIFI_COMMANDS,
  retentionDays: 'wifiRetentionDays',
  api: WIFI_API,
  demo: { weight: 5 },
});
