import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceGroups, devices } from '../../../db/schema/index.js';
import { createProject, createRole, createUser } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';

let t: TestApp;
let admin: string;
let member: string;
let mine: { id: number; name: string };
const ids: Record<string, number> = {};
const group: Record<string, number> = {};
const modules = ['system', 'base', 'business', 'map', 'project'];
/** About 2 m in degrees of latitude. */
const step = 0.00002;

/**
 * Poles: P1 (lamp normal, camera abnormal, screen unknown, and a WiFi without coordinates) and P2 (two
 * normal devices) stand together; the group W is a street, its devices 500 m apart; another project's
 * pole O, and a device of mine that names O's group (not a pole of mine).
 */
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.token();
  const db = t.database.db;
  mine = await createProject(db, 1, modules);
  const other = await createProject(db, 1, modules);
  const groups = await db
    .insert(deviceGroups)
    .values([
      { projectId: mine.id, name: '杆一', no: 'POLE-P1' },
      { projectId: mine.id, name: '杆二', no: 'POLE-P2' },
      { projectId: mine.id, name: '长街', no: 'POLE-W' },
      { projectId: other.id, name: '隔壁杆', no: 'POLE-O' },
    ])
    .returning({ id: deviceGroups.id, no: deviceGroups.no });
  for (const g of groups) group[g.no.slice(5)] = g.id;
  const d = (
    key: string,
    projectId: number,
    groupId: number,
    type: string,
    lng: number | null,
    lat: number | null,
    activeState: number,
  ) => ({
    projectId,
    groupId,
    name: key,
    no: `PD-${key}`,
    type,
    lng,
    lat,
    activeState,
  });
  const rows = await db
    .insert(devices)
    .values([
      d('p1-lamp', mine.id, group.P1!, 'lighting', 120.0, 31.0, 1),
      d('p1-cam', mine.id, group.P1!, 'camera', 120.0 + step, 31.0, -1),
      d('p1-led', mine.id, group.P1!, 'led', 120.0, 31.0 + step, 0),
      d('p1-wifi', mine.id, group.P1!, 'wifi', null, null, 1),
      d('p2-lamp', mine.id, group.P2!, 'lighting', 120.001, 31.0, 1),
      d('p2-wifi', mine.id, group.P2!, 'wifi', 120.001, 31.0 + step, 1),
      d('w-1', mine.id, group.W!, 'lighting', 120.0, 31.001, 1),
      d('w-2', mine.id, group.W!, 'lighting', 120.005, 31.001, 1),
      d('stray', mine.id, group.O!, 'lighting', 120.002, 31.0, 1),
      d('o-1', other.id, group.O!, 'lighting', 120.002, 31.0, 1),
      d('o-2', other.id, group.O!, 'camera', 120.002 + step, 31.0, 1),
      d('o-3', other.id, group.O!, 'led', 120.002, 31.0 + step, 0),
    ])
    .returning({ id: devices.id, name: devices.name });
  for (const r of rows) ids[r.name] = r.id;
  const user = await createUser(db, (await createRole(db, mine.id, { bizindex: 1 })).id);
  member = await t.token(user.name, user.password);
});
afterAll(() => t.close());

const get = (path: string, q: string, token = member) =>
  t.app.inject({ method: 'GET', url: `${path}?${q}&token=${token}&lang=en_US` });
const box = 'west=119.99&south=30.99&east=120.01&north=31.01';
type Tuple = number[];
const view = async (q: string, token = member) => {
  const res = await get('/api/map/view.do', `${box}&${q}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { points: Tuple[]; clusters: Tuple[]; poles: Tuple[] };
};
const poleOf = (poles: Tuple[], id: number) => poles.find((p) => p[0] === id);

describe('poles on the map view', () => {
  it('draws the devices of a pole as one marker at their centre with their worst state, not as points', async () => {
    const v = await view('zoom=18');
    expect(v.poles).toHaveLength(2);
    const [, lat, lng, count, state] = poleOf(v.poles, group.P1!)!;
    expect(count).toBe(3);
    expect(state).toBe(-1);
    expect(lat).toBeCloseTo(31.0 + step / 3, 9);
    expect(lng).toBeCloseTo(120.0 + step / 3, 9);
    expect(poleOf(v.poles, group.P2!)).toEqual([group.P2, expect.any(Number), expect.any(Number), 2, 1]);
    const points = v.points.map((p) => p[0]);
    // The street's devices stand apart (no pole) and the stray names another project's group.
    expect(points.sort()).toEqual([ids['w-1'], ids['w-2'], ids.stray].sort());
    expect(v.clusters).toEqual([]);
  });

  it("never shows another project's group, and shows it to whom may see it", async () => {
    const v = await view('zoom=18');
    expect(poleOf(v.poles, group.O!)).toBeUndefined();
    const all = await view('zoom=18', admin);
    expect(poleOf(all.poles, group.O!)).toEqual([group.O, expect.any(Number), expect.any(Number), 3, 0]);
    expect(all.points.map((p) => p[0])).toContain(ids.stray);
    const summary = await get(`/api/map/poles.do/${group.O}/summary`, '');
    expect(summary.statusCode).toBe(404);
  });

  it('counts a pole in the cluster of its cell, and draws it alone when its devices are all of the cell', async () => {
    const wide = await view('zoom=10');
    const counted =
      wide.clusters.reduce((n, c) => n + c[2]!, 0) + wide.points.length + wide.poles.reduce((n, p) => n + p[3]!, 0);
    expect(counted).toBe(8);
    expect(wide.poles).toEqual([]);
    const cams = await view('zoom=10&type=camera');
    expect(cams.poles).toEqual([[group.P1, expect.any(Number), expect.any(Number), 1, -1]]);
    expect(cams.clusters).toEqual([]);
    expect(cams.points).toEqual([]);
    // Closer in, the first pole has its cell to itself (cells are ~130 m at zoom 16).
    const near = await view('zoom=16');
    expect(poleOf(near.poles, group.P1!)).toEqual([group.P1, expect.any(Number), expect.any(Number), 3, -1]);
  });

  it('keeps to the filters: the state filter counts only matching devices', async () => {
    const v = await view('zoom=18&activeState=1');
    expect(poleOf(v.poles, group.P1!)).toEqual([group.P1, expect.any(Number), expect.any(Number), 1, 1]);
    expect(poleOf(v.poles, group.P2!)?.[3]).toBe(2);
  });

  it('follows a device leaving its pole', async () => {
    const move = (lng: number, lat: number) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/biz/devices.do/${ids['p2-wifi']}/location?token=${admin}`,
        payload: { lng, lat },
      });
    expect((await move(120.004, 31.004)).statusCode).toBe(200);
    const v = await view('zoom=18');
    expect(poleOf(v.poles, group.P2!)).toBeUndefined();
    expect(v.points.map((p) => p[0])).toEqual(expect.arrayContaining([ids['p2-lamp'], ids['p2-wifi']]));
    expect((await move(120.001, 31.0 + step)).statusCode).toBe(200);
    expect(poleOf((await view('zoom=18')).poles, group.P2!)?.[3]).toBe(2);
  });
});

describe('GET /api/map/poles.do/{groupId}/summary', () => {
  it("answers the pole's name, project and every device with its state", async () => {
    const res = await get(`/api/map/poles.do/${group.P1}/summary`, '');
    expect(res.statusCode, res.body).toBe(200);
    const pole = res.json();
    expect(pole).toMatchObject({
      id: group.P1,
      name: '杆一',
      no: 'POLE-P1',
      projectId: mine.id,
      projectName: mine.name,
    });
    expect(pole.devices.map((d: { name: string; activeState: number }) => [d.name, d.activeState])).toEqual([
      ['p1-cam', -1],
      ['p1-led', 0],
      ['p1-lamp', 1],
      ['p1-wifi', 1],
    ]);
    expect((await get('/api/map/poles.do/999999/summary', '')).statusCode).toBe(404);
  });
});
