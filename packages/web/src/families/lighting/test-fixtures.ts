import { serveScreen, signedInSetUp, signedInTearDown } from '../../components/device/family-testing';
import type { Call } from '../../test/render';
import type { Lamp, LampPoint } from './api';

export const BASE = '/api/pjts/2/iot/lighting';

const lamp = (id: number, name: string, over: Partial<Lamp> = {}): Lamp => ({
  id,
  name,
  no: `L-${id}`,
  equipmentId: `EQ${id}`,
  activeState: 1,
  registered: true,
  lastActiveAt: '2026-05-01T10:00:00Z',
  areaId: 5,
  areaName: '东区',
  groupId: 6,
  groupName: '主干道',
  gatewayId: 9,
  gatewayName: '东门网关',
  lng: 119.5,
  lat: 32.17,
  ratedPower: 100,
  state: 'on',
  on: true,
  level: 100,
  runStatus: 'normal',
  voltage: 220,
  current: 450,
  activePower: 98,
  energyToday: 1.2,
  at: '2026-05-01T10:00:00Z',
  ...over,
});

/** Three lamps of project 2: lit, dimmed, dark and faulty. */
export const LAMPS: Lamp[] = [
  lamp(31, '路灯一'),
  lamp(32, '路灯二', { state: 'dimmed', level: 50, activePower: 49, lng: 119.501, lat: 32.171 }),
  lamp(33, '路灯三', {
    state: 'fault',
    on: false,
    level: 0,
    runStatus: 'error',
    activePower: 0,
    lng: 119.51,
    lat: 32.18,
  }),
];
export const POINTS: LampPoint[] = LAMPS.map((l) => ({
  id: l.id,
  name: l.name,
  lng: l.lng!,
  lat: l.lat!,
  state: l.state,
  level: l.level,
}));
export const DEVICES = LAMPS.map((l) => ({
  id: l.id,
  name: l.name,
  no: l.no,
  areaId: l.areaId,
  areaName: l.areaName,
  groupId: l.groupId,
  groupName: l.groupName,
  parentId: l.gatewayId,
  parentName: l.gatewayName,
}));
export const GROUPS = {
  list: [
    {
      id: 71,
      name: '主干道灯组',
      no: 'G-01',
      description: '主干道',
      memberCount: 2,
      createdAt: '2026-04-01T00:00:00Z',
    },
  ],
  total: 1,
  page: 1,
  pageSize: 100,
};

/** Answers the frame, the project tree, the lamp options, then `handler`. */
export function serve(
  path: string,
  handler: (call: Call) => { status?: number; json?: unknown } | undefined,
  level = 5,
) {
  return serveScreen(
    path,
    (call) => {
      const { pathname } = call.url;
      if (pathname === '/api/pjts/2/devices.do/family') return { json: DEVICES };
      const answer = handler(call);
      if (answer) return answer;
      if (pathname === `${BASE}/groups`) return { json: GROUPS };
      return undefined;
    },
    { level },
  );
}

export { formBody, jsonBody } from '../../test/render';
export { signedInSetUp as setUp, signedInTearDown as tearDown };
