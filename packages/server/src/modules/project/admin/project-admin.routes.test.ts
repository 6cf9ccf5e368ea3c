import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCaller, signInWith } from '../../../test/caller.js';
import { createProject, createRole, createUser } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';

/** A project's own roles, members and levels (spec 001 §2 pjtrolelist, pjtuserlist, pjtauthlist; §7). */
let t: TestApp;
let admin: string;
const call = apiCaller(
  () => t,
  () => admin,
);
type Ref = { id: number };
let city: Ref;
let district: Ref;
let sibling: Ref;
let siblingRole: Ref;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.token();
  city = await createProject(t.database.db, 1, ['project', 'maintenance']);
  district = await createProject(t.database.db, city.id, ['project', 'maintenance']);
  sibling = await createProject(t.database.db, 1, ['project']);
  siblingRole = await createRole(t.database.db, sibling.id);
});
afterAll(() => t?.close());

let seq = 0;
const roleForm = (extra: Record<string, string> = {}) => ({
  name: `项目角色${++seq}`,
  no: `PR-${seq}-${Date.now() % 100000}`,
  ...extra,
});
const userForm = (roleId: number, extra: Record<string, string> = {}) => ({
  name: `pm${++seq}x${Date.now() % 10000}`,
  password: 'Passw0rd',
  phoneNo: '13800138000',
  realName: '张三',
  roleId: String(roleId),
  ...extra,
});
const ids = (list: { id: number }[]) => list.map((r) => r.id);
const base = () => `/api/pjts/${city.id}`;

describe('/api/pjts/{projectId}/projects.do', () => {
  it('answers the project and the tree of it and its descendants', async () => {
    expect((await call('GET', `${base()}/projects.do`)).json()).toMatchObject({ id: city.id });
    const tree = (await call('GET', `${base()}/projects.do/trees`)).json();
    expect(ids(tree)).toEqual([city.id]);
    expect(ids(tree[0].children)).toEqual([district.id]);
  });

  it("refuses another branch's project and tree (404) and a bad project id, in the reader's language", async () => {
    const outsider = await signInWith(t, sibling.id, { pjtrolelist: 5, pjtauthlist: 5 });
    expect((await call('GET', `${base()}/projects.do`, undefined, outsider)).statusCode).toBe(404);
    expect((await call('GET', `${base()}/projects.do/trees`, undefined, outsider)).statusCode).toBe(404);
    const role = await createRole(t.database.db, city.id);
    expect((await call('GET', `${base()}/roles/${role.id}/menus.do`, undefined, outsider)).statusCode).toBe(404);
    // A role of another branch through this project's path is not there either.
    expect((await call('GET', `${base()}/roles/${siblingRole.id}/menus.do`)).statusCode).toBe(404);
    const en = await call('GET', '/api/pjts/abc/projects.do/trees');
    expect(en.statusCode).toBe(400);
    expect(en.json().message).toMatch(/valid parameter/i);
    const zh = await call('GET', '/api/pjts/abc/projects.do/trees', undefined, admin, 'zh_CN');
    expect(zh.json().message).toMatch(/[\u4e00-\u9fa5]/);
  });
});

describe('/api/pjts/{projectId}/roles.do', () => {
  it("creates roles in the project or a descendant, lists its subtree's only, updates and deletes", async () => {
    const own = await call('POST', `${base()}/roles.do`, roleForm());
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ projectId: city.id, userCount: 0 });
    const below = (await call('POST', `${base()}/roles.do`, roleForm({ projectId: String(district.id) }))).json();
    expect(below.projectId).toBe(district.id);
    const list = ids((await call('GET', `${base()}/roles.do`)).json());
    expect(list).toEqual(expect.arrayContaining([own.json().id, below.id]));
    expect(list).not.toContain(siblingRole.id);
    const page = (await call('GET', `${base()}/roles.do/pages?projectId=${district.id}`)).json();
    expect(ids(page.list)).toEqual([below.id]);
    const updated = await call('PUT', `${base()}/roles.do/${below.id}`, roleForm({ no: below.no, name: '巡检员' }));
    expect(updated.json()).toMatchObject({ name: '巡检员', projectId: district.id });
    expect((await call('DELETE', `${base()}/roles.do/${below.id}`)).json()).toEqual({ ok: true });
    expect((await call('GET', `${base()}/roles.do/${below.id}`)).statusCode).toBe(404);
  });

  it('refuses bad input in the reader’s language', async () => {
    const en = await call('POST', `${base()}/roles.do`, roleForm({ name: 'a' }));
    expect(en.statusCode).toBe(400);
    expect(en.json().errors[0].field).toBe('name');
    const zh = await call('POST', `${base()}/roles.do`, roleForm({ name: 'a' }), admin, 'zh_CN');
    expect(zh.json().errors[0].field).toBe('name');
    expect(zh.json().errors[0].message).not.toBe(en.json().errors[0].message);
    const outside = await call('POST', `${base()}/roles.do`, roleForm({ projectId: String(sibling.id) }));
    expect(outside.statusCode).toBe(400);
    expect(outside.json().errors).toEqual([{ field: 'projectId', message: 'Project required' }]);
    const zhOutside = await call(
      'POST',
      `${base()}/roles.do`,
      roleForm({ projectId: String(sibling.id) }),
      admin,
      'zh_CN',
    );
    expect(zhOutside.json().errors).toEqual([{ field: 'projectId', message: '请选择项目' }]);
  });

  it("answers another branch's role and another project's path as not existing (404)", async () => {
    expect((await call('GET', `${base()}/roles.do/${siblingRole.id}`)).statusCode).toBe(404);
    expect((await call('DELETE', `${base()}/roles.do/${siblingRole.id}`)).statusCode).toBe(404);
    const stranger = await signInWith(t, sibling.id, { pjtrolelist: 5 });
    expect((await call('GET', `${base()}/roles.do`, undefined, stranger)).statusCode).toBe(404);
    expect((await call('POST', `${base()}/roles.do`, roleForm(), stranger)).statusCode).toBe(404);
    // Below one's own project: the parent is out of reach.
    const below = await signInWith(t, district.id, { pjtrolelist: 5 });
    expect((await call('GET', `${base()}/roles.do`, undefined, below)).statusCode).toBe(404);
    expect((await call('GET', `/api/pjts/${district.id}/roles.do`, undefined, below)).statusCode).toBe(200);
  });

  it("refuses a viewer's write (403) and reads for them", async () => {
    const viewer = await signInWith(t, city.id, { pjtrolelist: 1 });
    expect((await call('GET', `${base()}/roles.do/pages`, undefined, viewer)).statusCode).toBe(200);
    expect((await call('POST', `${base()}/roles.do`, roleForm(), viewer)).statusCode).toBe(403);
  });
});

describe('/api/pjts/{projectId}/users.do', () => {
  it("creates members with a role of the subtree and lists the subtree's only", async () => {
    const role = await createRole(t.database.db, district.id);
    const created = await call('POST', `${base()}/users.do`, userForm(role.id));
    expect(created.statusCode).toBe(200);
    expect(created.json()).toMatchObject({ roleId: role.id, projectId: district.id });
    expect(JSON.stringify(created.json())).not.toMatch(/password|hash/i);
    const stranger = await createUser(t.database.db, siblingRole.id);
    const list = ids((await call('GET', `${base()}/users.do`)).json());
    expect(list).toContain(created.json().id);
    expect(list).not.toContain(stranger.id);
    const page = (await call('GET', `${base()}/users.do/pages?roleId=${role.id}`)).json();
    expect(ids(page.list)).toEqual([created.json().id]);
    const { name } = created.json();
    const updated = await call('PUT', `${base()}/users.do/${created.json().id}`, {
      name,
      phoneNo: '13900139000',
      realName: '李四',
      roleId: String(role.id),
    });
    expect(updated.json()).toMatchObject({ realName: '李四' });
    expect((await call('GET', `${base()}/users.do/${stranger.id}`)).statusCode).toBe(404);
    expect((await call('DELETE', `${base()}/users.do/${created.json().id}`)).json()).toEqual({ ok: true });
  });

  it("refuses another branch's role and bad input, localised", async () => {
    const outside = await call('POST', `${base()}/users.do`, userForm(siblingRole.id));
    expect(outside.statusCode).toBe(400);
    expect(outside.json().errors).toEqual([{ field: 'roleId', message: 'Role required' }]);
    const zh = await call('POST', `${base()}/users.do`, userForm(siblingRole.id), admin, 'zh_CN');
    expect(zh.json().errors).toEqual([{ field: 'roleId', message: '请选择角色' }]);
    const role = await createRole(t.database.db, city.id);
    const phone = await call('POST', `${base()}/users.do`, userForm(role.id, { phoneNo: '12345' }));
    expect(phone.json().errors).toContainEqual({
      field: 'phoneNo',
      message: 'A valid mobile number is required (11 digits starting with 1)',
    });
    expect((await call('GET', `${base()}/users.do?roleId=${siblingRole.id}`)).statusCode).toBe(400);
  });

  it('gives no role above the caller’s levels; a viewer may not write', async () => {
    const manager = await signInWith(t, city.id, { pjtuserlist: 5 });
    const higher = await createRole(t.database.db, city.id, { pjtuserlist: 10 });
    const equal = await createRole(t.database.db, city.id, { pjtuserlist: 5 });
    const refused = await call('POST', `${base()}/users.do`, userForm(higher.id), manager);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('LEVEL_ABOVE_OWN');
    expect((await call('POST', `${base()}/users.do`, userForm(equal.id), manager)).statusCode).toBe(200);
    const viewer = await signInWith(t, city.id, { pjtuserlist: 1 });
    expect((await call('GET', `${base()}/users.do/pages`, undefined, viewer)).statusCode).toBe(200);
    expect((await call('POST', `${base()}/users.do`, userForm(equal.id), viewer)).statusCode).toBe(403);
  });
});

describe('/api/pjts/{projectId}/roles/{roleId}/permissions.do', () => {
  const grant = (key: string, level: number) => ({ permissions: JSON.stringify([{ key, level }]) });

  it("answers and replaces a role's levels and its menu", async () => {
    const role = await createRole(t.database.db, district.id);
    const saved = await call('POST', `${base()}/roles/${role.id}/permissions.do`, grant('pjtuserlist', 5));
    expect(saved.statusCode).toBe(200);
    expect(saved.json().find((p: { key: string }) => p.key === 'pjtuserlist').level).toBe(5);
    const list = (await call('GET', `${base()}/roles/${role.id}/permissions.do`, undefined, admin, 'zh_CN')).json();
    expect(list.find((p: { key: string }) => p.key === 'pjtuserlist')).toMatchObject({ level: 5, name: '项目用户' });
    await call('POST', `${base()}/roles/${role.id}/permissions.do`, grant('pjtprojectsummary', 1));
    const menu = JSON.stringify((await call('GET', `${base()}/roles/${role.id}/menus.do`)).json());
    expect(menu).toContain('pjtprojectsummary');
    expect(menu).not.toContain('pjtprojectsummarylayout');
  });

  it('grants nothing above the caller’s own level, outside the subtree, or as a viewer', async () => {
    const manager = await signInWith(t, city.id, { pjtauthlist: 5, pjtuserlist: 5 });
    const role = await createRole(t.database.db, city.id);
    const above = await call('POST', `${base()}/roles/${role.id}/permissions.do`, grant('pjtuserlist', 10), manager);
    expect(above.statusCode).toBe(403);
    expect(above.json().message).toBe('You cannot grant more than your own level on: Project users');
    const zh = await call(
      'POST',
      `${base()}/roles/${role.id}/permissions.do`,
      grant('pjtuserlist', 10),
      manager,
      'zh_CN',
    );
    expect(zh.json().message).toBe('不能授予高于自己的权限：项目用户');
    const bad = await call('POST', `${base()}/roles/${role.id}/permissions.do`, grant('pjtuserlist', 3), manager);
    expect(bad.statusCode).toBe(400);
    expect(
      (await call('POST', `${base()}/roles/${role.id}/permissions.do`, grant('pjtuserlist', 5), manager)).statusCode,
    ).toBe(200);
    expect((await call('GET', `${base()}/roles/${siblingRole.id}/permissions.do`, undefined, manager)).statusCode).toBe(
      404,
    );
    expect(
      (await call('POST', `${base()}/roles/${siblingRole.id}/permissions.do`, grant('pjtuserlist', 1))).statusCode,
    ).toBe(404);
    const viewer = await signInWith(t, city.id, { pjtauthlist: 1 });
    expect((await call('GET', `${base()}/roles/${role.id}/permissions.do`, undefined, viewer)).statusCode).toBe(200);
    expect(
      (await call('POST', `${base()}/roles/${role.id}/permissions.do`, grant('pjtuserlist', 1), viewer)).statusCode,
    ).toBe(403);
  });
});
