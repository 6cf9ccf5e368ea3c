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
  child = await createProject(db, parent.id);
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
