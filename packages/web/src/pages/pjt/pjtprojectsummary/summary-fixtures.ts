import {
  envmonitorManifest,
  gatewayManifest,
  lightingManifest,
  type ProjectSummary,
  SUMMARY_WAITING,
  type SummaryLayoutView,
  wifiManifest,
} from '@sc/contract';

/** A summary of project 2 and one of its layouts, for the summary's and the layouts' tests. */
const LAMP = lightingManifest.type;
const MONITOR = envmonitorManifest.type;

export const SUMMARY: ProjectSummary = {
  projectId: 2,
  at: '2026-05-01T10:00:00Z',
  devices: {
    total: 10,
    active: 6,
    unknown: 3,
    error: 1,
    byType: [
      { type: LAMP, total: 7, active: 5, unknown: 2, error: 0 },
      { type: MONITOR, total: 2, active: 1, unknown: 1, error: 0 },
      { type: gatewayManifest.type, total: 1, active: 0, unknown: 0, error: 1 },
    ],
  },
  events: {
    today: 4,
    todayAlarms: 2,
    byDay: Array.from({ length: 7 }, (_, i) => ({ date: `2026-04-2${5 + i}`, occur: i, restore: 1, other: 0 })),
    recent: [
      {
        id: 1,
        deviceId: 31,
        deviceName: '路灯一',
        type: LAMP,
        code: '19',
        eventType: 'occur',
        level: 'alarm',
        at: '2026-05-01T09:59:00Z',
      },
    ],
  },
  env: {
    monitors: 2,
    reporting: 1,
    averages: { temperature: 21.5, humidity: 55, pm25: 12, pm10: null, noise: null },
    at: '2026-05-01T09:58:00Z',
  },
  envWindow: {
    device: { id: 11, name: '东门监测站', type: MONITOR, activeState: 1 },
    at: '2026-05-01T09:58:00Z',
    values: { temperature: 21.5, humidity: 55, pm25: 12 },
  },
  wifi: { devices: 3, reporting: 2, clients: 17, upload: 6.5, download: 32.5, at: '2026-05-01T09:57:00Z' },
  wifiWindow: {
    device: { id: 41, name: '广场 AP', type: wifiManifest.type, activeState: 1 },
    at: '2026-05-01T09:57:00Z',
    values: { clients: 12, upload: 4.5, download: 22.5 },
  },
  lighting: {
    total: 7,
    byState: { on: 4, dimmed: 1, off: 0, fault: 0, offline: 2 },
    shouldBeLit: 5,
    litOfShould: 5,
    lightingRate: 1,
  },
  lightWindow: {
    device: { id: 31, name: '路灯一', type: LAMP, activeState: 1 },
    at: '2026-05-01T09:59:00Z',
    values: { level: 80, voltage: 221 },
  },
  power: { today: 12.5, month: 300, byDay: [{ date: '2026-05-01', energy: 12.5 }] },
  maintenance: { open: 2, inProcess: 3, finished: 9, canceled: 1 },
  layout: null,
  waiting: SUMMARY_WAITING,
};

export const LAYOUT: SummaryLayoutView = {
  id: 7,
  projectId: 2,
  name: '值班大屏',
  no: 'DUTY',
  grid: 2,
  isDefault: true,
  priority: 1,
  units: [
    { code: 2, x: 0, y: 0, w: 1, h: 1 },
    { code: 8, x: 1, y: 0, w: 1, h: 1 },
    { code: 9, x: 0, y: 1, w: 2, h: 1 },
  ],
  creator: 'admin',
  createdAt: '2026-04-01T00:00:00Z',
  updatedAt: '2026-04-01T00:00:00Z',
};
