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
beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  admin = await t.token();
  a = await createProject(db, 1, ['business', 'project']);
  b = await createProject(db, 1, ['business', 'project']);
  const v = await createUser(db, (await createRole(db, a.id, { devicearealist: 1, pjtdevicearealist: 1 })).id);
  viewer = await t.token(v.name, v.password);
  const u = await createUser(db, (await createRole(db, a.id, { devicearealist: 5, pjtdevicearealist: 5 })).id);
  userA = await t.token(u.name, u.password);
});
afterAll(() => t.close());

const call = apiCaller(
  () => t,
  () => admin,
);

let seq = 0;
const area = (projectId: number, extra: Record<string, string> = {}) => ({
  name: `区域${++seq}`,
  no: `AREA-${seq}-${Date.now() % 100000}`,
  projectId: String(projectId),
  description: '东区',
  ...extra,
});

describe('/api/biz/deviceareas.do', () => {
  it('creates, reads, lists, pages, updates and deletes an area', async () => {
    const created = await call('POST', '/api/biz/deviceareas.do', area(a.id, { lng: '119.5', lat: '32.16' }));
    expect(created.statusCode).toBe(200);
    const x = created.json();
    expect(x).toMatchObject({ projectId: a.id, lng: 119.5, lat: 32.16, groupCount: 0, deviceCount: 0 });
    expect((await call('GET', `/api/biz/deviceareas.do/${x.id}`)).json().no).toBe(x.no);
    const list = (await call('GET', `/api/biz/deviceareas.do?projectId=${a.id}`)).json();
    expect(list.map((r: { id: number }) => r.id)).toContain(x.id);
    const page = (await call('GET', `/api/biz/deviceareas.do/pages?keyword=${x.no}`)).json();
    expect(page).toMatchObject({ total: 1 });
    const byDescription = (
      await call('GET', `/api/biz/deviceareas.do/pages?keyword=${encodeURIComponent('东区')}`)
    ).json();
    expect(byDescription.total).toBeGreaterThanOrEqual(1);
    const updated = await call('PUT', `/api/biz/deviceareas.do/${x.id}`, area(a.id, { no: x.no, name: '西区域' }));
    expect(updated.json()).toMatchObject({ name: '西区域', lng: null });
    expect((await call('DELETE', `/api/biz/deviceareas.do/${x.id}`)).json()).toEqual({ ok: true });
    expect((await call('GET', `/api/biz/deviceareas.do/${x.id}`)).statusCode).toBe(404);
  });

  it('validates in the caller language', async () => {
    const en = await call('POST', '/api/biz/deviceareas.do', { name: 'a', no: '', projectId: '' });
    expect(en.statusCode).toBe(400);
    expect(en.json().errors).toEqual(
      expect.arrayContaining([
        { field: 'name', message: '2-32 characters' },
        { field: 'projectId', message: 'Project required' },
      ]),
    );
    const zh = await call('POST', '/api/biz/deviceareas.do', area(a.id, { lng: '500' }), admin, 'zh_CN');
    expect(zh.json().errors).toEqual([{ field: 'lng', message: '请输入有效的坐标。' }]);
  });

  it('refuses a duplicate number and deleting an area with devices', async () => {
    const x = (await call('POST', '/api/biz/deviceareas.do', area(a.id))).json();
    const dup = await call('POST', '/api/biz/deviceareas.do', area(a.id, { no: x.no }));
    expect(dup.statusCode).toBe(409);
    expect(dup.json().errors[0].field).toBe('no');
    await t.database.db
      .insert(devices)
      .values({ name: 'D', no: `D-${x.no}`, type: 'lighting', projectId: a.id, areaId: x.id });
    const res = await call('DELETE', `/api/biz/deviceareas.do/${x.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('The area is still in use (groups: 0, devices: 1): it cannot be deleted');
    expect((await call('PUT', `/api/biz/deviceareas.do/${x.id}`, area(b.id, { no: x.no }))).statusCode).toBe(409);
  });

  it("keeps a sibling project's areas out of reach (404, never listed) and refuses its project (400)", async () => {
    const ofB = (await call('POST', '/api/biz/deviceareas.do', area(b.id))).json();
    const seen = (await call('GET', '/api/biz/deviceareas.do', undefined, userA)).json();
    expect(seen.map((r: { id: number }) => r.id)).not.toContain(ofB.id);
    const page = (await call('GET', `/api/biz/deviceareas.do/pages?keyword=${ofB.no}`, undefined, userA)).json();
    expect(page.total).toBe(0);
    expect((await call('GET', `/api/biz/deviceareas.do/${ofB.id}`, undefined, userA)).statusCode).toBe(404);
    expect((await call('PUT', `/api/biz/deviceareas.do/${ofB.id}`, area(a.id), userA)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/biz/deviceareas.do/${ofB.id}`, undefined, userA)).statusCode).toBe(404);
    const res = await call('POST', '/api/biz/deviceareas.do', area(b.id), userA);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ field: 'projectId', message: 'Project required' }]);
  });

  it('lets a view-only role read but not write', async () => {
    expect((await call('GET', '/api/biz/deviceareas.do', undefined, viewer)).statusCode).toBe(200);
    expect((await call('POST', '/api/biz/deviceareas.do', area(a.id), viewer)).statusCode).toBe(403);
    expect((await call('POST', `/api/pjts/${a.id}/deviceareas.do`, area(a.id), viewer)).statusCode).toBe(403);
  });
});

describe('/api/pjts/:projectId/deviceareas.do', () => {
  it("works inside the path's project, forcing it onto bodies and filters", async () => {
    const created = await call('POST', `/api/pjts/${a.id}/deviceareas.do`, area(b.id), userA);
    expect(created.statusCode).toBe(200);
    const x = created.json();
    expect(x.projectId).toBe(a.id);
    const { projectId: _, ...noProject } = area(a.id);
    const y = (await call('POST', `/api/pjts/${a.id}/deviceareas.do`, noProject, userA)).json();
    expect(y.projectId).toBe(a.id);
    const ofB = (await call('POST', '/api/biz/deviceareas.do', area(b.id))).json();
    const list = (await call('GET', `/api/pjts/${a.id}/deviceareas.do`, undefined, userA)).json();
    expect(list.map((r: { id: number }) => r.id)).toEqual(expect.arrayContaining([x.id, y.id]));
    expect(list.every((r: { projectId: number }) => r.projectId === a.id)).toBe(true);
    const page = (await call('GET', `/api/pjts/${a.id}/deviceareas.do/pages?keyword=${x.no}`, undefined, userA)).json();
    expect(page.total).toBe(1);
    expect((await call('GET', `/api/pjts/${a.id}/deviceareas.do/${x.id}`, undefined, userA)).statusCode).toBe(200);
    // Another project's record does not exist under this path, even for the administrator.
    expect((await call('GET', `/api/pjts/${a.id}/deviceareas.do/${ofB.id}`)).statusCode).toBe(404);
    const upd = await call(
      'PUT',
      `/api/pjts/${a.id}/deviceareas.do/${x.id}`,
      area(b.id, { no: x.no, name: '改名区域' }),
      userA,
    );
    expect(upd.json()).toMatchObject({ name: '改名区域', projectId: a.id });
    expect((await call('DELETE', `/api/pjts/${a.id}/deviceareas.do/${x.id}`, undefined, userA)).statusCode).toBe(200);
  });

  it("answers 404 for a project outside the caller's subtree", async () => {
    expect((await call('GET', `/api/pjts/${b.id}/deviceareas.do`, undefined, userA)).statusCode).toBe(404);
    expect((await call('GET', `/api/pjts/${b.id}/deviceareas.do/pages`, undefined, userA)).statusCode).toBe(404);
    expect((await call('POST', `/api/pjts/${b.id}/deviceareas.do`, area(b.id), userA)).statusCode).toBe(404);
  });
});
