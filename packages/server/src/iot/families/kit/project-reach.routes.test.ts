import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCaller, signInWith } from '../../../test/caller.js';
import { createIotDevice, createProject } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';

/**
 * Issue 13: a project screen's lists and map include the child projects' devices with the switch
 * (`includeChildren=true`), a sibling's never, and the switch never reaches beyond the caller's subtree.
 */
let t: TestApp;
let admin: string;
const call = apiCaller(
  () => t,
  () => admin,
);
type Project = Awaited<ReturnType<typeof createProject>>;
type Device = Awaited<ReturnType<typeof createIotDevice>>;
let parent: Project;
let child: Project;
let sibling: Project;
const meters: Record<'parent' | 'child' | 'sibling', Device> = {} as never;
const lamps: Record<'parent' | 'child' | 'sibling', Device> = {} as never;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.token();
  const db = t.database.db;
  parent = await createProject(db, 1);
  // The child's users may open lighting screens (their own project's lamps; the parent's are refused).
  child = await createProject(db, parent.id, ['lighting']);
  sibling = await createProject(db, 1);
  for (const [key, project] of [
    ['parent', parent],
    ['child', child],
    ['sibling', sibling],
  ] as const) {
    meters[key] = await createIotDevice(db, { type: 'watthourmeter', modelNo: 'whmrs485', projectId: project.id });
    lamps[key] = await createIotDevice(db, { type: 'lighting', modelNo: 'lcunb', projectId: project.id });
  }
  // Located devices for the map (the child's one far from the others).
  for (const [device, lng, lat] of [
    [lamps.parent, 118.1, 32.1],
    [lamps.child, 119.5, 33.5],
    [lamps.sibling, 117.0, 31.0],
  ] as const)
    await call('PUT', `/api/biz/devices.do/${device.id}/location`, { lng: String(lng), lat: String(lat) });
});
afterAll(() => t.close());

const ids = (body: { list: { id: number }[] }) => body.list.map((d) => d.id);

describe('a project list with its child projects', () => {
  it('lists the project’s own devices, with the switch the child’s too (named), never the sibling’s', async () => {
    const own = await call('GET', `/api/pjts/${parent.id}/devices.do/pages?pageSize=100`);
    expect(own.statusCode, own.body).toBe(200);
    expect(ids(own.json())).toContain(meters.parent.id);
    expect(ids(own.json())).not.toContain(meters.child.id);

    const all = await call('GET', `/api/pjts/${parent.id}/devices.do/pages?pageSize=100&includeChildren=true`);
    expect(ids(all.json())).toEqual(expect.arrayContaining([meters.parent.id, meters.child.id, lamps.child.id]));
    expect(ids(all.json())).not.toContain(meters.sibling.id);
    const row = all.json().list.find((d: { id: number }) => d.id === meters.child.id);
    expect(row.projectName).toBe(child.name);

    const family = await call('GET', `/api/pjts/${parent.id}/devices.do/family?type=lighting&includeChildren=true`);
    const familyIds = (family.json() as { id: number }[]).map((d) => d.id);
    expect(familyIds).toEqual(expect.arrayContaining([lamps.parent.id, lamps.child.id]));
    expect(familyIds).not.toContain(lamps.sibling.id);
  });

  it('does so in the family lists built on the kit (meters, lamps)', async () => {
    const own = await call('GET', `/api/pjts/${parent.id}/iot/whm/pages?pageSize=100`);
    expect(own.statusCode, own.body).toBe(200);
    expect(ids(own.json())).toEqual([meters.parent.id]);
    const all = await call('GET', `/api/pjts/${parent.id}/iot/whm/pages?pageSize=100&includeChildren=true`);
    expect(ids(all.json()).sort()).toEqual([meters.parent.id, meters.child.id].sort());
    expect(all.json().list.find((m: { id: number }) => m.id === meters.child.id).projectName).toBe(child.name);

    const lampsOwn = await call('GET', `/api/pjts/${parent.id}/iot/lighting/pages?pageSize=100`);
    expect(lampsOwn.statusCode, lampsOwn.body).toBe(200);
    expect(ids(lampsOwn.json())).toEqual([lamps.parent.id]);
    const lampsAll = await call('GET', `/api/pjts/${parent.id}/iot/lighting/pages?pageSize=100&includeChildren=true`);
    expect(ids(lampsAll.json()).sort()).toEqual([lamps.parent.id, lamps.child.id].sort());
  });

  it('opens a child project’s device from the parent’s screen, not a sibling’s', async () => {
    expect((await call('GET', `/api/pjts/${parent.id}/iot/whm/${meters.child.id}/config`)).statusCode).toBe(200);
    expect((await call('GET', `/api/pjts/${parent.id}/iot/whm/${meters.sibling.id}/config`)).statusCode).toBe(404);
  });

  it('sends a batch command to a child project’s lamp from the parent’s list, never to a sibling’s', async () => {
    const batch = (lampIds: number[]) =>
      t.app.inject({
        method: 'POST',
        url: `/api/pjts/${parent.id}/iot/lighting/batch/command?token=${admin}&lang=en_US`,
        payload: { command: 'poweron', lampIds },
      });
    const started = await batch([lamps.parent.id, lamps.child.id]);
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json()).toMatchObject({ total: 2 });
    expect((await batch([lamps.sibling.id])).statusCode).toBe(404);
  });

  it('fits the project map to the child projects’ devices with the switch', async () => {
    const own = (await call('GET', `/api/map/extent.do?projectId=${parent.id}`)).json();
    expect(own).toMatchObject({ count: 1, east: 118.1 });
    const all = (await call('GET', `/api/map/extent.do?projectId=${parent.id}&includeChildren=true`)).json();
    expect(all).toMatchObject({ count: 2, west: 118.1, east: 119.5 });
    const box = 'west=110&south=20&east=130&north=40&zoom=18';
    const view = (await call('GET', `/api/map/view.do?${box}&projectId=${parent.id}&includeChildren=true`)).json();
    const shown = (view.points as number[][]).map((p) => p[0]);
    expect(shown.sort()).toEqual([lamps.parent.id, lamps.child.id].sort());
  });

  it('never reaches beyond the caller’s subtree', async () => {
    const user = await signInWith(t, child.id, { pjtdevicelist: 3, pjtdevicewhmlist: 3, bizindex: 3 });
    const asUser = (path: string) => call('GET', path, undefined, user);
    // Refused (no permission there, or no such project for them), with or without the switch.
    for (const path of [
      `/api/pjts/${parent.id}/devices.do/pages?includeChildren=true`,
      `/api/pjts/${parent.id}/iot/whm/pages?includeChildren=true`,
    ])
      expect([403, 404]).toContain((await asUser(path)).statusCode);
    const extent = await asUser(`/api/map/extent.do?projectId=${parent.id}&includeChildren=true`);
    if (extent.statusCode === 200) expect(extent.json()).toEqual({ count: 0 });
    else expect([403, 404]).toContain(extent.statusCode);
  });
});

describe('the family maps, the drawn area and the lighting overview with child projects', () => {
  const cabinets: Record<'parent' | 'child' | 'sibling', Device> = {} as never;
  beforeAll(async () => {
    const db = t.database.db;
    for (const [key, project, lng, lat] of [
      ['parent', parent, 118.2, 32.2],
      ['child', child, 119.6, 33.6],
      ['sibling', sibling, 117.1, 31.1],
    ] as const) {
      cabinets[key] = await createIotDevice(db, {
        type: 'mtc',
        modelNo: 'mtchlsteth',
        projectId: project.id,
        props: { circuitCount: 8 },
      });
      await call('PUT', `/api/biz/devices.do/${cabinets[key].id}/location`, { lng: String(lng), lat: String(lat) });
    }
  });
  const at = (path: string, projectId = parent.id) => `/api/pjts/${projectId}/iot/lighting${path}`;
  const post = (path: string, payload: object, token = admin) =>
    t.app.inject({ method: 'POST', url: `${at(path)}?token=${token}&lang=en_US`, payload });
  // Around all three lamps, and around the child's alone.
  const everywhere = [
    [116, 30],
    [120, 30],
    [120, 34],
    [116, 34],
  ];
  const childOnly = [
    [119, 33],
    [120, 33],
    [120, 34],
    [119, 34],
  ];
  const pointIds = (list: { id: number }[]) => list.map((p) => p.id).sort();

  it('shows the child project’s lamps and cabinets on the family maps with the switch, named, never a sibling’s', async () => {
    const own = await call('GET', at('/map'));
    expect(own.statusCode, own.body).toBe(200);
    expect(pointIds(own.json())).toEqual([lamps.parent.id]);
    const all = await call('GET', at('/map?includeChildren=true'));
    expect(pointIds(all.json())).toEqual([lamps.parent.id, lamps.child.id].sort());
    expect(all.json().find((p: { id: number }) => p.id === lamps.child.id).projectName).toBe(child.name);

    const mtc = (q: string) => call('GET', `/api/pjts/${parent.id}/iot/mtc/map${q}`);
    expect(pointIds((await mtc('')).json())).toEqual([cabinets.parent.id]);
    const mtcAll = (await mtc('?includeChildren=true')).json();
    expect(pointIds(mtcAll)).toEqual([cabinets.parent.id, cabinets.child.id].sort());
    expect(mtcAll.find((c: { id: number }) => c.id === cabinets.child.id).projectName).toBe(child.name);
  });

  it('previews and commands a drawn area as the map shows it: the polygon’s lamps within the subtree', async () => {
    const preview = async (polygon: number[][], includeChildren?: boolean) => {
      const answer = await post('/area/lamps', { polygon, includeChildren });
      expect(answer.statusCode, answer.body).toBe(200);
      return pointIds(answer.json());
    };
    expect(await preview(everywhere)).toEqual([lamps.parent.id]);
    expect(await preview(everywhere, true)).toEqual([lamps.parent.id, lamps.child.id].sort());
    expect(await preview(childOnly, true)).toEqual([lamps.child.id]);
    expect(await preview(childOnly, false)).toEqual([]);
    expect((await post('/area/lamps', { polygon: everywhere, includeChildren: 'yes' })).statusCode).toBe(400);

    const command = (polygon: number[][], includeChildren?: boolean) =>
      post('/area/command', { polygon, includeChildren, command: 'poweron' });
    const all = await command(everywhere, true);
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json()).toMatchObject({ total: 2 });
    // The lamps are offline: the batch ends at once, each lamp with its result.
    let status = { done: false, results: [] as { deviceId: number }[] };
    for (let i = 0; i < 50 && !status.done; i++) {
      status = (await call('GET', at(`/batches/${encodeURIComponent(all.json().batchId)}`))).json();
      if (!status.done) await new Promise((r) => setTimeout(r, 100));
    }
    expect(status.results.map((r) => r.deviceId).sort()).toEqual([lamps.parent.id, lamps.child.id].sort());
    expect((await command(childOnly, true)).json()).toMatchObject({ total: 1 });
    expect((await command(everywhere)).json()).toMatchObject({ total: 1 });
  });

  it('counts the child project’s lamps in the lighting overview with the switch', async () => {
    const own = await call('GET', at('/summary'));
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().total).toBe(1);
    const all = await call('GET', at('/summary?includeChildren=true'));
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json().total).toBe(2);
    // The sibling's own overview still counts its lamp alone.
    expect((await call('GET', at('/summary?includeChildren=true', sibling.id))).json().total).toBe(1);
  });

  it('refuses a user of the child project the parent’s map, area and overview, with or without the switch', async () => {
    const user = await signInWith(t, child.id, { pjtdevicelightinglist: 5, pjtdevicelightingsummary: 3 });
    // Their permissions hold there; the parent project is outside their subtree: no such project.
    for (const path of ['/map?includeChildren=true', '/summary?includeChildren=true'])
      expect((await call('GET', at(path), undefined, user)).statusCode).toBe(404);
    const area = await post('/area/command', { polygon: everywhere, includeChildren: true, command: 'poweron' }, user);
    expect(area.statusCode).toBe(404);
    // From their own project the switch reaches nothing above it.
    const own = await call('GET', at('/map?includeChildren=true', child.id), undefined, user);
    expect(own.statusCode, own.body).toBe(200);
    expect(pointIds(own.json())).toEqual([lamps.child.id]);
  });
});
