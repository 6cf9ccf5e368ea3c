import { z } from 'zod';
import { endpoint, grantsOf, publicGrantsOf } from '../../endpoints/endpoint.js';
import { AUTH_LEVEL } from '../../enums.js';
import { blankOr, contextPathRule, hostRule, wsAddressRule } from '../../settings/rules.js';
import { intRange } from '../../validation/rules.js';
import { activeStateFilter, deviceCalls, familyEndpoints, familyPublicEndpoints, pageCall } from '../kit/calls.js';
import { blank } from '../kit/forms.js';
import { heldKeyParam } from '../kit/held-key.js';
import { LIVE_VIDEO_API } from '../kit/live-video.js';
import { defineFamily } from '../kit/manifest.js';
import { ipNetwork } from '../kit/planned.js';
import { linkedDevice, text } from '../kit/properties.js';
import { deviceRef, deviceRow, isoTime, pageOf, projectColumn, projectRecord } from '../kit/responses.js';
import { keptFor } from '../kit/retention.js';
import { FAMILY_READS, familyGroup, familyMenu } from '../kit/screens.js';
import { eceRecordCalls, eceRecordSetting } from './record.js';
import { eceTalkCalls } from './talk.js';

export * from './record.js';
export * from './talk.js';

/**
 * What a post reports (docs/device-protocol.md "Emergency call posts"): its call button pressed
 * (`CALL` occur, an alarm: site messages, e-mail and SMS by the notice rules) and the call over
 * (`CALL` restore: the caller hung up, or the operator ended the call).
 */
export const ECE_CALL = 'CALL';
export const ECE_EVENTS = [{ code: ECE_CALL, level: 'alarm' }] as const;

/** Spec 001 §3 "settle status (unsettled/settled; detail init/settled/ignored)". */
export const SETTLE_DETAILS = ['init', 'settled', 'ignored'] as const;
export type SettleDetail = (typeof SETTLE_DETAILS)[number];
export const SETTLE_STATUSES = ['unsettled', 'settled'] as const;
export type SettleStatus = (typeof SETTLE_STATUSES)[number];
/** Spec 001 §4 "filter all/unhandled/handled". */
export const ALARM_FILTERS = ['all', 'unhandled', 'handled'] as const;
export type AlarmFilter = (typeof ALARM_FILTERS)[number];
/** What an operator may do with an alarm: settle it, or ignore it (a false alarm). */
export const SETTLE_RESULTS = ['settled', 'ignored'] as const;
/** The channel an alarm names: the post's intercom (its call button and voice). */
export const ECE_CHANNEL_TYPE = 'intercom';

/** A settle note: up to 200 characters, blank allowed. */
export const SETTLE_NOTE_MAX = 200;

/** Spec 001 §5 "DSS and ISC ports 80-65534". */
export const ECE_PORT = { min: 80, max: 65534 } as const;
/** Where the posts' intercom server is: Hikvision ISC (eceisc) or Dahua (ecedh). */
export const ECE_PLATFORMS = ['isc', 'dh'] as const;

/**
 * The alarm log's query: a page (log pages: 50, 25-200) by state, post and period; the keyword
 * searches the post's name and no and the event id.
 */
const periodTime = z.preprocess(blank, z.coerce.date({ error: 'ece.rules.periodRequired' }).optional());
export const alarmQuery = z.object({
  page: z.preprocess(blank, intRange(1, 1_000_000).default(1)),
  pageSize: z.preprocess(blank, intRange(25, 200).optional()),
  keyword: z.string().trim().max(64, 'validation.validParam').optional(),
  filter: z.preprocess(blank, z.enum(ALARM_FILTERS, { error: 'validation.validParam' }).default('all')),
  deviceId: z.preprocess(blank, intRange(1, 2147483647).optional()),
  from: periodTime,
  to: periodTime,
});
export type AlarmQuery = z.infer<typeof alarmQuery>;

/** Spec 001 §3 "ECE alarm log" row, with the post and its linked camera. */
export const eceAlarm = z.object({
  ...projectRecord,
  device: deviceRef,
  /** The camera the post is linked with (its `linkedCameraId`), null when none or gone. */
  linkedCamera: deviceRef.nullable(),
  startTime: isoTime,
  /** When the call ended (the post hung up, or the operator ended the call); null while it lasts. */
  stopTime: isoTime.nullable(),
  eventId: z.string(),
  deviceIndexCode: z.string(),
  channelIndexCode: z.string(),
  channelType: z.string(),
  channelName: z.string(),
  eventType: z.string(),
  settleStatus: z.enum(SETTLE_STATUSES),
  settleDetail: z.enum(SETTLE_DETAILS),
  settleNote: z.string().nullable(),
  settledBy: z.string().nullable(),
  settleTime: isoTime.nullable(),
  /** When an operator answered the call at an agent seat, and who (null: not answered). */
  answeredAt: isoTime.nullable(),
  answeredBy: z.string().nullable(),
});
export type EceAlarm = z.infer<typeof eceAlarm>;

/** Counts of the project's alarms (spec 001 §7 "ece: counts"). */
export const alarmCounts = z.object({
  all: z.number().int(),
  unhandled: z.number().int(),
  handled: z.number().int(),
});
export type AlarmCounts = z.infer<typeof alarmCounts>;

/** POST …/logs/:alarmId/settle: settled or ignored, with a note. */
export const settleBody = z.object({
  result: z.enum(SETTLE_RESULTS, { error: 'ece.rules.resultRequired' }),
  note: z.string().trim().max(SETTLE_NOTE_MAX, 'ece.rules.noteTooLong').optional().default(''),
});
export type SettleBody = z.infer<typeof settleBody>;

const port = () => intRange(ECE_PORT.min, ECE_PORT.max);

/**
 * Spec 001 §5 / §7 "ece: connection params": where the posts' intercom platform is. One rule for the
 * server and the console: client server IP an IPv4 address or a domain; ISC port and DSS port 80-65534;
 * ISC context path blank or '/' and 3-16 characters; DH api address ws:// or wss:// with an endpoint.
 */
export const connectionBody = z.object({
  platform: z.enum(ECE_PLATFORMS, { error: 'validation.validParam' }),
  clientServerIp: hostRule(),
  iscPort: port(),
  // Blank (a form's empty field comes as nothing) is allowed for both.
  iscContextPath: z.preprocess((v) => v ?? '', contextPathRule()),
  dssPort: port(),
  dhApiAddress: z.preprocess((v) => v ?? '', blankOr(wsAddressRule())),
});
export type ConnectionBody = z.infer<typeof connectionBody>;
export const connectionAnswer = z.object({
  projectId: z.number().int(),
  platform: z.enum(ECE_PLATFORMS),
  clientServerIp: z.string(),
  iscPort: z.number().int(),
  iscContextPath: z.string(),
  dssPort: z.number().int(),
  dhApiAddress: z.string(),
  /** Who saved it last and when (null: the defaults, never saved). */
  updatedBy: z.string().nullable(),
  updatedAt: isoTime.nullable(),
});
export type ConnectionAnswer = z.infer<typeof connectionAnswer>;
export const CONNECTION_DEFAULTS: ConnectionBody = {
  platform: 'isc',
  clientServerIp: '127.0.0.1',
  iscPort: 443,
  iscContextPath: '/artemis',
  dssPort: 443,
  dhApiAddress: '',
};

/** A post in the list: its address, codes, linked camera and unhandled alarms. */
export const eceRow = deviceRow.extend({
  ...projectColumn,
  ip: z.string().nullable(),
  eceCode: z.string().nullable(),
  deviceSerial: z.string().nullable(),
  linkedCamera: deviceRef.extend({ activeState: z.number().int() }).nullable(),
  unhandled: z.number().int(),
});
export type EceRow = z.infer<typeof eceRow>;

const e = familyEndpoints('ece');

/** Spec 001 §7 "ece: logs, counts, replay, settle, connection params", declared once. */
export const ECE_API = {
  ...deviceCalls(e, { commands: [], events: false }),
  page: pageCall(e, eceRow, "A page of the project's emergency call posts with their linked camera", activeStateFilter),
  logs: e.get('logs', {
    query: alarmQuery,
    response: pageOf(eceAlarm),
    summary:
      "The project's alarm log (spec 001 §3), newest first: all, unhandled or handled, of one post and period when given",
  }),
  counts: e.get('logs/counts', {
    response: alarmCounts,
    summary: "How many of the project's alarms there are: all, unhandled, handled",
  }),
  settle: e.post('logs/:alarmId/settle', {
    body: settleBody,
    response: eceAlarm,
    level: AUTH_LEVEL.check,
    summary: 'Settles an alarm or ignores it (a false alarm), with a note (check level); an alarm already handled: 409',
  }),
  connection: e.get('connection', {
    response: connectionAnswer,
    summary: "The project's connection parameters of the posts' intercom platform (the defaults until saved)",
  }),
  saveConnection: e.put('connection', {
    body: connectionBody,
    response: connectionAnswer,
    summary:
      "Saves the project's connection parameters (client server IPv4 or domain, ports 80-65534, ISC context path blank or '/' 3-16, DH api address ws:// or wss:// with an endpoint)",
  }),
};

/** The agent seat's call with a post (talk.ts): the operator's socket. */
export const ECE_TALK_API = eceTalkCalls(e);

/** The alarm recordings (record.ts): the search and one recording's audio. */
export const ECE_RECORD_API = eceRecordCalls(e);

const sessionParams = { session: heldKeyParam() };
const keyQuery = z.object({ key: z.string().min(16).max(64) });
const pub = familyPublicEndpoints('ece', 'ece');

/** What a post reaches without sign-in during a call (the key its `talk` command carried, for this call only). */
export const ECE_TALK_PUBLIC = {
  listen: pub.get('talk/:session', {
    params: sessionParams,
    query: keyQuery,
    response: z.string(),
    summary: "The operator's voice a post pulls: length-prefixed frames while the call lasts",
  }),
  speak: endpoint('POST', '/api/pub/iot/ece/talk/:session', {
    tags: ['ece'],
    public: true,
    params: sessionParams,
    query: keyQuery,
    response: z.object({ received: z.number().int() }),
    summary: "A post's voice: length-prefixed frames (application/octet-stream), a few hundred ms a post",
  }),
};

const screen = familyMenu('pjtece', 'ece', { ready: true });
const page = (key: string, icon: string, apis: ReturnType<typeof grantsOf>) =>
  screen(key, icon, { apis: [...apis, ...FAMILY_READS] });
const kept = keptFor('eceRetentionDays', ['events']);
const { page: list, logs, counts, settle, connection, saveConnection, ...device } = ECE_API;

/** Emergency call posts (spec 001 §3 "ECE"), linked to a camera; their calls ring the agent seats. */
export const eceManifest = defineFamily({
  type: 'emergencycallequipment',
  slug: 'ece',
  module: 'ece',
  properties: [
    text('deviceSerial', 64),
    text('eceCode', 64),
    text('cameraIndexCode', 64),
    text('eceCameraIndexCode', 64),
    linkedDevice('linkedCameraId', 'linked'),
  ],
  network: ipNetwork(),
  peers: { linked: 'camera' },
  events: ECE_EVENTS,
  api: { ...ECE_API, ...ECE_TALK_API, ...ECE_RECORD_API, ...ECE_TALK_PUBLIC },
  publicApis: publicGrantsOf(ECE_TALK_PUBLIC),
  // The alarm log and its recordings (which go with their alarm) are kept for eceRetentionDays.
  retention: kept.retention,
  settings: [...kept.settings, eceRecordSetting],
  screens: [
    familyGroup('pjtece', 'AlertOutlined'),
    page('pjtdeviceecelist', 'AlertOutlined', grantsOf({ list, connection, saveConnection, ...device })),
    page('pjtdeviceece', 'FileSearchOutlined', grantsOf({ logs, counts, settle })),
    // The seat plays the calling post's linked camera live (the kit's live video, any family's device by id).
    page(
      'pjtdeviceeceagentseat',
      'CustomerServiceOutlined',
      grantsOf({ logs, counts, settle, ...ECE_TALK_API, ...LIVE_VIDEO_API }),
    ),
    page('pjtdeviceecerecord', 'PlaySquareOutlined', grantsOf({ list, ...ECE_RECORD_API })),
  ],
  demo: { weight: 3 },
});
