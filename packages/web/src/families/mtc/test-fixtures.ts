import { serveScreen, signedInSetUp, signedInTearDown } from '../../components/device/family-testing';
import { TIMEZONE_STORAGE_KEY } from '../../components/time';
import type { Call } from '../../test/render';
import type { Cabinet, CabinetPolicy, Runtime } from './api';

export const BASE = '/api/pjts/2/iot/mtc';

const circuit = (no: number, on: boolean, over: Partial<Cabinet['circuits'][number]> = {}) => ({
  no,
  enable: true,
  setting: on,
  actual: on,
  active: on,
  cableTheft: false,
  ...over,
});
export const CIRCUITS = [
  circuit(1, true),
  circuit(2, true),
  circuit(3, true),
  circuit(4, false),
  circuit(5, false, { cableTheft: true }),
  circuit(6, false, { enable: false }),
];

const cabinet = (id: number, name: string, over: Partial<Cabinet> = {}): Cabinet => ({
  id,
  name,
  no: `MTC-${id}`,
  model: 'mtchlsteth',
  equipmentId: `EQM${id}`,
  activeState: 1,
  state: 'online',
  registered: true,
  areaId: 5,
  areaName: '东区',
  groupId: null,
  groupName: null,
  lng: 119.5,
  lat: 32.17,
  mode: 'policy',
  circuitCount: 6,
  circuits: CIRCUITS,
  circuitsOn: 3,
  alarmStatus: 'normal',
  alarms: [],
  version: 'MTC1.2.03',
  activePower: 5230,
  policyCount: 1,
  lastReportAt: '2026-05-01T10:00:00Z',
  ...over,
});

export const CABINETS: Cabinet[] = [
  cabinet(41, '滨江一号箱'),
  cabinet(42, '滨江二号箱', {
    state: 'offline',
    activeState: 0,
    mode: 'manual',
    circuitsOn: 0,
    circuits: CIRCUITS.map((c) => ({ ...c, actual: false, setting: false, active: false })),
    alarmStatus: 'alarm',
    alarms: ['cableTheft', 'door'],
    lng: 119.51,
  }),
];

export const RUNTIME: Runtime = {
  id: 41,
  at: '2026-05-01T10:00:00Z',
  state: 'online',
  mode: 'policy',
  deviceTime: '2026-05-01T10:00:05Z',
  version: 'MTC1.2.03',
  circuitCount: 6,
  circuits: CIRCUITS,
  phases: {
    a: { voltage: 221, current: 8200, power: 1800 },
    b: { voltage: 219.5, current: 7900, power: 1730 },
    c: { voltage: null, current: null, power: null },
  },
  values: {
    voltageA: 221,
    voltageB: 219.5,
    voltageC: null,
    currentA: 8200,
    currentB: 7900,
    currentC: null,
    powerA: 1800,
    powerB: 1730,
    powerC: null,
    activePower: 3530,
    powerFactor: 0.95,
    energyTotal: 12345.6,
    energy: 0.4,
    leakageCurrent: 3,
    temperature: 36,
    circuitsOn: 3,
  },
  peripherals: [{ index: 1, name: '箱内电表', kind: 'meter', value: 12345.6, unit: 'kWh', at: '2026-05-01T10:00:00Z' }],
  alarms: [
    { kind: 'cableTheft', active: true, since: '2026-05-01T09:58:00Z' },
    { kind: 'overCurrent', active: false, since: null },
  ],
};

export const POLICY: CabinetPolicy = {
  id: 61,
  name: '夜间策略',
  no: 'P-01',
  description: '',
  timeMode: 'relative',
  units: [
    { relativeTo: 'sunset', offset: 15, circuits: [1, 2, 3] },
    { relativeTo: 'midnight', offset: 0, circuits: [1] },
    { relativeTo: 'sunrise', offset: -10, circuits: [] },
  ],
  cycle: { mode: 'everyday' },
  inUse: true,
  cabinetCount: 2,
  updatedAt: '2026-05-01T08:00:00Z',
};

export const page = <T>(list: T[]) => ({ list, total: list.length, page: 1, pageSize: 25 });

/** Answers the frame and the project tree, then `handler`. */
export function serve(
  path: string,
  handler: (call: Call) => { status?: number; json?: unknown } | undefined,
  level = 5,
) {
  // The system timezone (running parameters): UTC+8, so 10:00Z reads 18:00.
  return serveScreen(path, handler, { level, running: { timezone: 8 } });
}

export async function setUp() {
  await signedInSetUp();
  localStorage.setItem(TIMEZONE_STORAGE_KEY, '8');
}
export function tearDown() {
  localStorage.removeItem(TIMEZONE_STORAGE_KEY);
  signedInTearDown();
}

export { formBody, jsonBody } from '../../test/render';
