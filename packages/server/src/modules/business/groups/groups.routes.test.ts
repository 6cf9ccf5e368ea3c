import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devices } from '../../../db/schema/index.js';
import { apiCaller } from '../../../test/caller.js';
import { createProject, createRole, createUser } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';

let t: TestApp;
let admin: string;
let viewer: string;
let userA: string;
let a: { id: number };
let b: { id: number };
let areaA: { id: number };
let areaB: { id: number };
beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  admin = await t.token();
  a = await createProject(db, 1, ['business', 'project']);
  b = await createProject(db, 1, ['business', 'project']);
  const v = await createUser(db, (await createRole(db, a.id, { devicegrouplist: 1, pjtdevicegrouplist: 1 })).id);
  viewer = await t.token(v.name, v.password);
  const u = await createUser(
    db,
    (
      await createRole(db, a.id, {
        devicegrouplist: 5,
        pjtdevicegrouplist: 5,
        pjtdevicefactorylist: 1,
        pjtdevicemodellist: 1,
      })
    ).id,
  );
  userA = await t.token(u.name, u.password);
  const mk = async (projectId: number) =>
    (
      await call('POST', '/api/biz/deviceareas.do', {
        name: `区域${projectId}`,
        no: `GA-${projectId}-${Date.now() % 100000}`,
        projectId: String(projectId),
      })
    ).json();
  areaA = await mk(a.id);
  areaB = await mk(b.id);
});
afterAll(() => t.close());

const call = apiCaller(
  () => t,
  () => admin,
);

let seq = 0;
const group = (projectId: number, extra: Record<string, string> = {}) => ({
  name: `分组${++seq}`,
  no: `GRP-${seq}-${Date.now() % 100000}`,
  projectId: String(projectId),
  ...extra,
});

describe('/api/biz/devicegroups.do', () => {
  it('creates, reads, lists, pages, updates and deletes a group', async () => {
    const created = await call('POST', '/api/biz/devicegroups.do', group(a.id, { areaId: String(areaA.id) }));
    expect(created.statusCode).toBe(200);
    const g = created.json();
    expect(g).toMatchObject({
      projectId: a.id,
      areaId: areaA.id,
      activeState: 0,
      activeForcedAt: null,
      deviceCount: 0,
    });
    expect((await call('GET', `/api/biz/devicegroups.do/${g.id}`)).json().areaName).toBe(`区域${a.id}`);
    const byArea = (await call('GET', `/api/biz/devicegroups.do?areaId=${areaA.id}`)).json();
    expect(byArea.map((x: { id: number }) => x.id)).toContain(g.id);
    const page = (await call('GET', `/api/biz/devicegroups.do/pages?keyword=${g.no}&projectId=${a.id}`)).json();
    expect(page.total).toBe(1);
    expect((await call('GET', `/api/biz/deviceareas.do/${areaA.id}`)).json().groupCount).toBeGreaterThanOrEqual(1);
    const updated = await call('PUT', `/api/biz/devicegroups.do/${g.id}`, group(a.id, { no: g.no, name: '改名分组' }));
    expect(updated.json()).toMatchObject({ name: '改名分组', areaId: null });
    expect((await call('DELETE', `/api/biz/devicegroups.do/${g.id}`)).json()).toEqual({ ok: true });
  });

  it('refuses an area of another project (400 on areaId) and a duplicate number (409)', async () => {
    const res = await call('POST', '/api/biz/devicegroups.do', group(a.id, { areaId: String(areaB.id) }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      { field: 'areaId', message: "The area does not belong to the group's project" },
    ]);
    const g = (await call('POST', '/api/biz/devicegroups.do', group(a.id))).json();
    expect((await call('POST', '/api/biz/devicegroups.do', group(a.id, { no: g.no }))).statusCode).toBe(409);
  });

  it('sets a location, requiring a valid coordinate', async () => {
    const g = (await call('POST', '/api/biz/devicegroups.do', group(a.id))).json();
    const missing = await call('PUT', `/api/biz/devicegroups.do/${g.id}/location`, { lng: '', lat: '' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('A valid coordinate is required.');
    const zh = await call('PUT', `/api/biz/devicegroups.do/${g.id}/location`, { lng: '1' }, admin, 'zh_CN');
    expect(zh.json().message).toBe('请输入有效的坐标。');
    const ok = await call('PUT', `/api/biz/devicegroups.do/${g.id}/location`, { lng: '119.5', lat: '32.1' });
    expect(ok.json()).toMatchObject({ lng: 119.5, lat: 32.1 });
  });

  it('forces the active state (default active) and records when', async () => {
    const g = (await call('POST', '/api/biz/devicegroups.do', group(a.id))).json();
    const forced = await call('PUT', `/api/biz/devicegroups.do/${g.id}/active`, {});
    expect(forced.statusCode).toBe(200);
    expect(forced.json().activeState).toBe(1);
    expect(Date.now() - Date.parse(forced.json().activeForcedAt)).toBeLessThan(60_000);
    expect(
      (await call('PUT', `/api/biz/devicegroups.do/${g.id}/active`, { activeState: '-1' })).json().activeState,
    ).toBe(-1);
    const bad = await call('PUT', `/api/biz/devicegroups.do/${g.id}/active`, { activeState: '7' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('A valid parameter is required.');
  });

  it('refuses deleting a group with devices, naming the count', async () => {
    const g = (await call('POST', '/api/biz/devicegroups.do', group(a.id))).json();
    await t.database.db
      .insert(devices)
      .values({ name: 'D', no: `D-${g.no}`, type: 'lighting', projectId: a.id, groupId: g.id });
    const res = await call('DELETE', `/api/biz/devicegroups.do/${g.id}`, undefined, admin, 'zh_CN');
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('该分组仍有 1 个设备，不能删除');
  });

  it("keeps a sibling project's groups out of reach", async () => {
    const ofB = (await call('POST', '/api/biz/devicegroups.do', group(b.id))).json();
    const seen = (await call('GET', '/api/biz/devicegroups.do', undefined, userA)).json();
    expect(seen.map((x: { id: number }) => x.id)).not.toContain(ofB.id);
    expect((await call('GET', `/api/biz/devicegroups.do/${ofB.id}`, undefined, userA)).statusCode).toBe(404);
    expect((await call('PUT', `/api/biz/devicegroups.do/${ofB.id}/active`, {}, userA)).statusCode).toBe(404);
    expect(
      (await call('PUT', `/api/biz/devicegroups.do/${ofB.id}/location`, { lng: '1', lat: '1' }, userA)).statusCode,
    ).toBe(404);
    expect((await call('DELETE', `/api/biz/devicegroups.do/${ofB.id}`, undefined, userA)).statusCode).toBe(404);
    expect((await call('POST', '/api/biz/devicegroups.do', group(b.id), userA)).statusCode).toBe(400);
  });

  it('lets a view-only role read but not write', async () => {
    expect((await call('GET', '/api/biz/devicegroups.do/pages', undefined, viewer)).statusCode).toBe(200);
    expect((await call('POST', '/api/biz/devicegroups.do', group(a.id), viewer)).statusCode).toBe(403);
    expect((await call('PUT', '/api/biz/devicegroups.do/1/active', {}, viewer)).statusCode).toBe(403);
    expect((await call('PUT', `/api/pjts/${a.id}/devicegroups.do/1/location`, {}, viewer)).statusCode).toBe(403);
  });
});

describe('/api/pjts/:projectId/devicegroups.do and base lists', () => {
  it("works inside the path's project", async () => {
    const base = `/api/pjts/${a.id}/devicegroups.do`;
    const g = (await call('POST', base, group(b.id, { areaId: String(areaA.id) }), userA)).json();
    expect(g).toMatchObject({ projectId: a.id, areaId: areaA.id });
    const list = (await call('GET', `${base}?areaId=${areaA.id}`, undefined, userA)).json();
    expect(list.map((x: { id: number }) => x.id)).toContain(g.id);
    expect((await call('GET', `${base}/pages?keyword=${g.no}`, undefined, userA)).json().total).toBe(1);
    expect((await call('GET', `${base}/${g.id}`, undefined, userA)).statusCode).toBe(200);
    expect((await call('PUT', `${base}/${g.id}`, group(a.id, { no: g.no }), userA)).json().areaId).toBeNull();
    expect((await call('PUT', `${base}/${g.id}/location`, { lng: '119', lat: '32' }, userA)).json().lng).toBe(119);
    expect((await call('PUT', `${base}/${g.id}/active`, { activeState: '1' }, userA)).json().activeState).toBe(1);
    const ofB = (await call('POST', '/api/biz/devicegroups.do', group(b.id))).json();
    expect((await call('GET', `${base}/${ofB.id}`)).statusCode).toBe(404);
    expect((await call('DELETE', `${base}/${g.id}`, undefined, userA)).statusCode).toBe(200);
    expect((await call('GET', `/api/pjts/${b.id}/devicegroups.do`, undefined, userA)).statusCode).toBe(404);
  });

  it('lists types, factories and models for the project', async () => {
    const p = `/api/pjts/${a.id}`;
    expect((await call('GET', `${p}/devicetypes.do`, undefined, userA)).json().length).toBeGreaterThanOrEqual(15);
    const ofB = (
      await call('POST', '/api/bas/devicefactories.do', {
        name: '乙项目厂商',
        no: `FB-${Date.now() % 100000}`,
        projectId: String(b.id),
      })
    ).json();
    const factories = (await call('GET', `${p}/devicefactories.do`, undefined, userA)).json();
    expect(factories.map((f: { no: string }) => f.no)).toContain('dahua');
    expect(factories.map((f: { id: number }) => f.id)).not.toContain(ofB.id);
    const lighting = (await call('GET', `${p}/types/lighting/devicemodels.do`, undefined, userA)).json();
    expect(lighting.length).toBeGreaterThan(0);
    expect(lighting.every((m: { typeNo: string }) => m.typeNo === 'lighting')).toBe(true);
    expect((await call('GET', `${p}/devicemodels.do`, undefined, userA)).json().length).toBeGreaterThan(20);
    expect((await call('GET', `/api/pjts/${b.id}/devicemodels.do`, undefined, userA)).statusCode).toBe(404);
    expect((await call('GET', `/api/pjts/${b.id}/devicetypes.do`, undefined, userA)).statusCode).toBe(404);
  });
});
