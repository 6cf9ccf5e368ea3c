import { z } from 'zod';
import { projectTreeQuery } from '../../api/paging.js';
import { grantOf, grantsOf, publicGrantsOf } from '../../endpoints/endpoint.js';
import { int as setting } from '../../settings/kinds.js';
import { familyEndpoints, familyPublicEndpoints, readingsCalls, registrationCalls } from '../kit/calls.js';
import { defineFamily } from '../kit/manifest.js';
import { IOT_NET } from '../kit/network.js';
import { bool, int } from '../kit/properties.js';
import { percent, reading } from '../kit/readings.js';
import { isoTime, projectColumn, readingRow } from '../kit/responses.js';
import { retentionSetting } from '../kit/retention.js';
import { FAMILY_READS, familyGroup, familyMenu } from '../kit/screens.js';

/** Environment readings of spec 001 §3 "Environment data" (pick time is the message time). */
export const ENV_READINGS = [
  reading('temperature', '°C', [-40, 80]),
  reading('humidity', '%RH', 100),
  reading('pm25', 'μg/m³', 1000),
  reading('pm10', 'μg/m³', 2000),
  reading('soilTemperature', '°C', [-40, 80]),
  percent('soilHumidity'),
  reading('co2', 'ppm', 10000),
  reading('gas', 'ppm', 1000),
  reading('light', 'lux', 200000),
  reading('atmosphere', 'kPa', [30, 120]),
  reading('noise', 'dB', 150),
] as const;

const readingsRow = readingRow(ENV_READINGS);
const monitor = z.object({
  id: z.number().int(),
  name: z.string(),
  activeState: z.number().int(),
  lastActiveAt: isoTime.nullable(),
  lng: z.number().nullable(),
  lat: z.number().nullable(),
});
/** How many of the latest readings a list or the public display asks for. */
const lastN = { n: z.coerce.number({ error: 'validation.numeric' }).int('validation.numeric').min(1).max(100) };

const e = familyEndpoints('envmonitor');
const screen = familyMenu('pjtenv', 'env', { ready: true });
/** The public display's calls (no sign-in, spec 001 §2 /pub/pubenvshow): monitors marked public only. */
const pub = familyPublicEndpoints('env', 'envmonitor');

/** Spec 001 §7 "envmonitor: register, reports" and the public display: every call, declared once. */
export const ENV_API = {
  ...registrationCalls(e),
  ...readingsCalls(e, ENV_READINGS),
  family: e.get('reports.do/family/attempts/last/:n', {
    params: lastN,
    query: projectTreeQuery,
    response: z.array(
      z.object({
        device: monitor.extend({
          no: z.string(),
          registered: z.boolean(),
          public: z.boolean(),
          ...projectColumn,
        }),
        readings: z.array(readingsRow),
      }),
    ),
    summary: 'Every environment monitor of the project with its last n readings',
  }),
  publicDevices: pub.get('devices.do', {
    response: z.array(monitor),
    summary: 'Environment monitors shown on the public display',
  }),
  publicLast: pub.get(':id/reports.do/last/:n', {
    params: lastN,
    response: z.object({ device: monitor, readings: z.array(readingsRow) }),
    summary: "A public monitor's last n readings",
  }),
};

/** Environment monitors (spec 001 §3 "Environment data"): readings into env_readings. */
export const envmonitorManifest = defineFamily({
  type: 'envmonitor',
  slug: 'envmonitor',
  module: 'env',
  properties: [int('pickInterval', 30, 3600, 's'), bool('public')],
  network: [...IOT_NET, 'modbusAddress'],
  parentTypes: ['gateway'],
  readings: ENV_READINGS,
  retention: { events: 'envRetentionDays', readings: 'envRetentionDays' },
  settings: [
    setting('envPickInterval', 'device', { default: 300, min: 30, max: 3600 }),
    retentionSetting('envRetentionDays'),
  ],
  screens: [
    familyGroup('pjtenv', 'CloudOutlined'),
    screen('pjtdeviceenvmonitorlist', 'CloudOutlined', {
      apis: [grantOf(ENV_API.family), ...grantsOf(registrationCalls(e)), ...FAMILY_READS],
    }),
    screen('pjtdeviceenvdatahistory', 'LineChartOutlined', {
      apis: [...grantsOf(readingsCalls(e, ENV_READINGS)), grantOf(ENV_API.family), ...FAMILY_READS],
    }),
  ],
  publicApis: publicGrantsOf(ENV_API),
  api: ENV_API,
  demo: {
    weight: 6,
    lead: 1,
    child: true,
    props: (random) => ({ pickInterval: 300, public: random() < 0.5 }),
  },
});
