import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devices } from '../../../db/schema/index.js';
import { createProject, createRole, createUser } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';

let t: TestApp;
let admin: string;
let mine: { id: number; name: string };
let other: { id: number; name: string };
let member: string;
const modules = ['system', 'base', 'business', 'map', 'project'];

/** 600 devices on a 30 x 20 grid 0.001° apart around (119.5, 32.1), and 5 of another project. */
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.token();
  const db = t.database.db;
  mine = await createProject(db, 1, modules);
  other = await createProject(db, 1, modules);
  const rows = [];
  for (let i = 0; i < 600; i++)
    rows.push({
      projectId: mine.id,
      name: `灯${i}`,
      no: `M${i}`,
      type: 'lighting',
      lng: 119.5 + (i % 30) * 0.001,
      lat: 32.1 + Math.floor(i / 30) * 0.001,
      activeState: i % 3 === 0 ? 1 : i % 3 === 1 ? 0 : -1,
    });
  for (let i = 0; i < 5; i++)
    rows.push({ projectId: other.id, name: `隔壁${i}`, no: `O${i}`, type: 'camera', lng: 119.51, lat: 32.11 });
  await db.insert(devices).values(rows);
  const user = await createUser(db, (await createRole(db, mine.id, { bizindex: 1 })).id);
  member = await t.token(user.name, user.password);
});
afterAll(() => t.close());

const clusters = (q: string, token = admin) =>
  t.app.inject({ method: 'GET', url: `/api/map/clusters.do?${q}&token=${token}&lang=en_US` });
const box = 'west=119.4&south=32.0&east=119.6&north=32.2';

describe('GET /api/map/clusters.do', () => {
  it('clusters at low zoom, counting every device and state once', async () => {
    const res = await clusters(`${box}&zoom=10`);
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json();
    expect(list.length).toBeLessThan(10);
    const total = list.reduce((n: number, c: { count: number }) => n + c.count, 0);
    expect(total).toBe(605);
    const states = list.reduce(
      (s: { active: number }, c: { states: { active: number } }) => ({ active: s.active + c.states.active }),
      { active: 0 },
    );
    expect(states.active).toBe(200);
    expect(list.find((c: { count: number }) => c.count > 1)).not.toHaveProperty('id');
  });

  it('answers single devices at high zoom, and only the caller’s', async () => {
    const res = await clusters('west=119.5&south=32.1&east=119.5025&north=32.1015&zoom=18', member);
    const list = res.json();
    expect(list).toHaveLength(6);
    expect(list[0]).toMatchObject({ count: 1, type: 'lighting' });
    expect(list[0].id).toBeGreaterThan(0);
    const all = (await clusters(`${box}&zoom=10`, member)).json();
    expect(all.reduce((n: number, c: { count: number }) => n + c.count, 0)).toBe(600);
    expect(JSON.stringify(all)).not.toContain('隔壁');
  });

  it('answers single devices when the box holds 500 or fewer, and filters by type and state', async () => {
    const cams = (await clusters(`${box}&zoom=5&type=camera`)).json();
    expect(cams).toHaveLength(5);
    expect(cams.every((c: { id?: number }) => c.id)).toBe(true);
    const errors = (await clusters(`${box}&zoom=10&activeState=-1&projectId=${mine.id}`)).json();
    expect(errors.reduce((n: number, c: { count: number }) => n + c.count, 0)).toBe(200);
  });

  it('validates the box', async () => {
    const res = await clusters('west=x&south=1&east=2&north=3&zoom=4');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toEqual({ field: 'west', message: 'A number is required.' });
  });
});

const get = (path: string, q: string, token = admin) =>
  t.app.inject({ method: 'GET', url: `${path}?${q}&token=${token}&lang=en_US` });

describe('GET /api/map/view.do', () => {
  it('answers every device of a street-level box as a compact point, none cut', async () => {
    const res = await get('/api/map/view.do', `${box}&zoom=17`, member);
    expect(res.statusCode, res.body).toBe(200);
    const view = res.json();
    expect(view.clusters).toEqual([]);
    expect(view.types).toEqual(['lighting']);
    expect(view.points).toHaveLength(600);
    const [id, lat, lng, type, state] = view.points[0];
    expect(id).toBeGreaterThan(0);
    expect(lat).toBeGreaterThanOrEqual(32.1);
    expect(lng).toBeGreaterThanOrEqual(119.5);
    expect(type).toBe(0);
    expect([-1, 0, 1]).toContain(state);
  });

  it('answers clusters at low zoom, every device counted once', async () => {
    const view = (await get('/api/map/view.do', `${box}&zoom=10`)).json();
    const counted = view.clusters.reduce((n: number, c: number[]) => n + c[2]!, 0) + view.points.length;
    expect(counted).toBe(605);
    const states = view.clusters.reduce((n: number, c: number[]) => n + c[3]! + c[4]! + c[5]!, 0);
    expect(states + view.points.length).toBe(605);
  });
});

describe('GET /api/map/view.do below street level', () => {
  it('clusters overlapping devices even when the box holds fewer than 500, with counts and states', async () => {
    // 200 normal lamps 100 m apart: at zoom 10 they overlap, at zoom 17 each stands alone.
    const view = (await get('/api/map/view.do', `${box}&zoom=10&activeState=1&projectId=${mine.id}`)).json();
    expect(view.clusters.length).toBeGreaterThan(0);
    expect(view.points.length).toBeLessThan(20);
    const counted = view.clusters.reduce((n: number, c: number[]) => n + c[2]!, 0) + view.points.length;
    expect(counted).toBe(200);
    // [lat, lng, count, error, unknown, active]: every lamp of these is active.
    expect(view.clusters.every((c: number[]) => c[5] === c[2] && c[3] === 0)).toBe(true);
    const street = (await get('/api/map/view.do', `${box}&zoom=17&activeState=1&projectId=${mine.id}`)).json();
    expect(street.points).toHaveLength(200);
  });
});

describe('GET /api/map/extent.do', () => {
  it("answers the box of the caller's devices", async () => {
    const extent = (await get('/api/map/extent.do', '', member)).json();
    expect(extent.count).toBe(600);
    expect(extent.west).toBeCloseTo(119.5);
    expect(extent.east).toBeCloseTo(119.529);
    expect(extent.south).toBeCloseTo(32.1);
    expect(extent.north).toBeCloseTo(32.119);
    expect((await get('/api/map/extent.do', 'type=camera', member)).json()).toEqual({ count: 0 });
    expect((await get('/api/map/extent.do', 'type=camera')).json()).toMatchObject({ count: 5, west: 119.51 });
  });
});

describe('GET /api/map/devices.do/{id}/summary', () => {
  it('answers a popup summary with a link, and 404 outside the scope', async () => {
    const list = (await clusters('west=119.5&south=32.1&east=119.5005&north=32.1005&zoom=18', member)).json();
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/map/devices.do/${list[0].id}/summary?token=${member}`,
    });
    expect(res.json()).toMatchObject({
      id: list[0].id,
      type: 'lighting',
      typeName: '单灯控制器',
      projectName: mine.name,
      link: `/biz/deviceedit?id=${list[0].id}`,
    });
    // The popup's model row: the device's model name, or null without one.
    expect(res.json()).toHaveProperty('modelName');
    const cams = (await clusters(`${box}&zoom=5&type=camera`)).json();
    const theirs = await t.app.inject({
      method: 'GET',
      url: `/api/map/devices.do/${cams[0].id}/summary?token=${member}`,
    });
    expect(theirs.statusCode).toBe(404);
  });
});

describe('the device lists’ map view', () => {
  it('answers a user granted only a device list (its map view draws the same map)', async () => {
    const db = t.database.db;
    for (const screen of ['devicelist', 'pjtdevicelist']) {
      const user = await createUser(db, (await createRole(db, mine.id, { [screen]: 1 })).id);
      const token = await t.token(user.name, user.password);
      const view = await get('/api/map/view.do', `${box}&zoom=17`, token);
      expect(view.statusCode, `${screen}: ${view.body}`).toBe(200);
      expect(view.json().points).toHaveLength(600);
      const extent = await get('/api/map/extent.do', '', token);
      expect(extent.statusCode, `${screen}: ${extent.body}`).toBe(200);
      expect(extent.json().count).toBe(600);
      const id = view.json().points[0][0];
      const summary = await get(`/api/map/devices.do/${id}/summary`, '', token);
      expect(summary.statusCode, `${screen}: ${summary.body}`).toBe(200);
    }
  });
});

describe('the map snapshot', () => {
  it('follows a moved device at once, without reading every device again', async () => {
    const before = (await get('/api/map/view.do', `${box}&zoom=10`)).json();
    expect(before.clusters.length).toBeGreaterThan(0);
    const id = (await get('/api/map/view.do', 'west=119.5&south=32.1&east=119.5005&north=32.1005&zoom=18')).json()
      .points[0][0];
    const moved = await t.app.inject({
      method: 'PUT',
      url: `/api/biz/devices.do/${id}/location?token=${admin}`,
      payload: { lng: 119.41, lat: 32.05 },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const after = (await get('/api/map/view.do', `${box}&zoom=10`)).json();
    expect(after.points).toContainEqual([id, 32.05, 119.41, 0, expect.any(Number)]);
    const counted = after.clusters.reduce((n: number, c: number[]) => n + c[2]!, 0) + after.points.length;
    expect(counted).toBe(605);
    // Back where it was, for the tests after this one.
    await t.app.inject({
      method: 'PUT',
      url: `/api/biz/devices.do/${id}/location?token=${admin}`,
      payload: { lng: 119.5, lat: 32.1 },
    });
  });
});
