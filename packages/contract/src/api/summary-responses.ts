import { z } from 'zod';
import { maintenanceCounts } from './maintenance-responses.js';
import { isoTimeAnswer, pageAnswer } from './paging.js';
import { LAYOUT_GRIDS, SUMMARY_UNIT_CODES, SUMMARY_UNIT_NAMES, SUMMARY_WAITS_FOR } from './summary.js';

/** Answers of the project summary (GET summary.do) and its layouts (summarylayouts.do), spec 001 §7. */

const id = () => z.number().int();
const count = () => z.number().int();

/** One unit placed on a layout's grid: its column and row (from 0) and its width and height in cells. */
export const layoutUnitAnswer = z.object({
  code: z.literal(SUMMARY_UNIT_CODES),
  x: z.number().int(),
  y: z.number().int(),
  w: z.number().int(),
  h: z.number().int(),
});
export type LayoutUnit = z.infer<typeof layoutUnitAnswer>;

export const summaryLayoutView = z.object({
  id: id(),
  projectId: id(),
  name: z.string(),
  no: z.string(),
  grid: z.literal(LAYOUT_GRIDS),
  isDefault: z.boolean(),
  priority: z.number().int(),
  units: z.array(layoutUnitAnswer),
  /** Who created it (account), null when that user is gone. */
  creator: z.string().nullable(),
  createdAt: isoTimeAnswer,
  updatedAt: isoTimeAnswer,
});
export type SummaryLayoutView = z.infer<typeof summaryLayoutView>;
export const summaryLayoutPage = pageAnswer(summaryLayoutView);

/** Devices of one type in the subtree, by active state (spec 000 §4: error -1, unknown 0, active 1). */
export const summaryTypeCount = z.object({
  type: z.string(),
  total: count(),
  active: count(),
  unknown: count(),
  error: count(),
});
export type SummaryTypeCount = z.infer<typeof summaryTypeCount>;

export const summaryEvent = z.object({
  id: id(),
  deviceId: id(),
  deviceName: z.string(),
  type: z.string(),
  code: z.string(),
  eventType: z.string(),
  level: z.string(),
  at: isoTimeAnswer,
});
export type SummaryEvent = z.infer<typeof summaryEvent>;

/** Readings by key (a family's own keys); null where the device did not report one. */
const readingValues = z.record(z.string(), z.number().nullable());

/** One device's latest readings (a window unit). */
export const summaryWindow = z.object({
  device: z.object({ id: id(), name: z.string(), type: z.string(), activeState: z.number().int() }),
  at: isoTimeAnswer,
  values: readingValues,
});
export type SummaryWindow = z.infer<typeof summaryWindow>;

/** GET summary.do: every unit's data for the project's subtree, with the layout in use. */
export const projectSummary = z.object({
  projectId: id(),
  at: isoTimeAnswer,
  /** DEVICE_SUMMARY and DEVICE_ONLINE. */
  devices: z.object({
    total: count(),
    active: count(),
    unknown: count(),
    error: count(),
    byType: z.array(summaryTypeCount),
  }),
  /** DEVICE_EVENT: today's and the last 7 local days' events, the newest few. */
  events: z.object({
    today: count(),
    todayAlarms: count(),
    byDay: z.array(z.object({ date: z.string(), occur: count(), restore: count(), other: count() })),
    recent: z.array(summaryEvent),
  }),
  /** ENV_SUMMARY: monitors and the average of each reading over those that reported. */
  env: z.object({
    monitors: count(),
    reporting: count(),
    averages: readingValues,
    at: isoTimeAnswer.nullable(),
  }),
  /** ENV_WINDOW: the monitor that reported last (null: none did). */
  envWindow: summaryWindow.nullable(),
  /** LIGHT_RATE: lamps by state and the lighting rate (lit of those the policies say should be lit). */
  lighting: z.object({
    total: count(),
    byState: z.record(z.string(), count()),
    shouldBeLit: count(),
    litOfShould: count(),
    lightingRate: z.number().nullable(),
  }),
  /** LIGHT_WINDOW: the lamp that reported last (null: none did). */
  lightWindow: summaryWindow.nullable(),
  /**
   * WIFI_SUMMARY: the WiFi devices (controllers and access points), how many reported, and over their
   * latest reports the connected clients and the traffic added up (Mbps; null: none reported it).
   */
  wifi: z.object({
    devices: count(),
    reporting: count(),
    clients: z.number().nullable(),
    upload: z.number().nullable(),
    download: z.number().nullable(),
    at: isoTimeAnswer.nullable(),
  }),
  /** WIFI_WINDOW: the access point that reported last (null: none did). */
  wifiWindow: summaryWindow.nullable(),
  /** POWER_CONSUMPTION: the lamps' energy, kWh. */
  power: z.object({
    today: z.number(),
    month: z.number(),
    byDay: z.array(z.object({ date: z.string(), energy: z.number() })),
  }),
  /** DEVICE_MAINTENANCE: the subtree's work orders by state. */
  maintenance: maintenanceCounts,
  /** The layout the dashboard shows: the project's default, else its first; null: the built-in one. */
  layout: summaryLayoutView.nullable(),
  /** Units waiting for a part of the product, with what they wait for. */
  waiting: z.partialRecord(z.enum(SUMMARY_UNIT_NAMES), z.enum(SUMMARY_WAITS_FOR)),
});
export type ProjectSummary = z.infer<typeof projectSummary>;
