import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCaller } from '../../../test/caller.js';
import { createProject, createRole, createUser, queryRows } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.token();
});
afterAll(() => t.close());

const call = apiCaller(
  () => t,
  () => admin,
);
const grant = (roleId: number, permissions: { key: string; level: number }[], token = admin, lang = 'en_US') =>
  call('POST', `/api/roles/${roleId}/permissions.do`, { permissions: JSON.stringify(permissions) }, token, lang);

describe('role permissions', () => {
  it('lists every function with the role level, grouped, and saves a new set', async () => {
    const role = await createRole(t.database.db, 1);
    const before = (await call('GET', `/api/roles/${role.id}/permissions.do`)).json();
    expect(before.find((p: { key: string }) => p.key === 'userlist')).toEqual({
      key: 'userlist',
      name: 'Users',
      parent: 'man',
      parentName: 'System',
      module: 'system',
      level: 0,
      available: true,
    });
    expect(before.find((p: { key: string }) => p.key === 'pjtdevicegatewaylist')).toMatchObject({
      parent: 'pjt',
      level: 0,
    });
    expect(before.find((p: { key: string }) => p.key === 'pjtdevicegateway')).toBeUndefined(); // detail page: its list's level
    const saved = await grant(role.id, [
      { key: 'userlist', level: 5 },
      { key: 'devicelist', level: 1 },
    ]);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().find((p: { key: string }) => p.key === 'userlist').level).toBe(5);
    const flat = (await call('GET', `/api/roles/${role.id}/menus.do/flat`)).json();
    expect(flat.map((p: { key: string }) => p.key).sort()).toEqual([
      'devicelist',
      'manmain',
      'sitemessage',
      'userlist',
    ]);
    const [log] = await queryRows<{ changes: Record<string, unknown> }>(
      t.database.db,
      sql`select changes from manage_logs where action = 'permission' and entity_id = ${String(role.id)}`,
    );
    expect(log!.changes).toHaveProperty('userlist', { from: 0, to: 5 });
    // A second save replaces the set: devicelist is gone.
    await grant(role.id, [{ key: 'userlist', level: 1 }]);
    const again = (await call('GET', `/api/roles/${role.id}/permissions.do`)).json();
    expect(again.find((p: { key: string }) => p.key === 'devicelist').level).toBe(0);
  });

  it('answers the menu tree the role would see', async () => {
    const role = await createRole(t.database.db, 1, { userlist: 1 });
    const tree = (await call('GET', `/api/roles/${role.id}/menus.do`, undefined, admin, 'zh_CN')).json();
    expect(tree[0].key).toBe('man');
  });

  it('refuses unknown functions, bad levels and bad JSON', async () => {
    const role = await createRole(t.database.db, 1);
    expect((await grant(role.id, [{ key: 'nosuch', level: 1 }])).json().message).toBe('Unknown functions: nosuch');
    expect((await grant(role.id, [{ key: 'userlist', level: 3 }])).json().errors).toEqual([
      { field: 'permissions.0.level', message: 'A valid parameter is required.' },
    ]);
    expect(
      (await call('POST', `/api/roles/${role.id}/permissions.do`, { permissions: '{oops' })).json().errors,
    ).toEqual([{ field: 'permissions', message: 'A valid parameter is required.' }]);
  });

  it('grants only functions of the modules the role project is authorised for', async () => {
    const project = await createProject(t.database.db, 1, ['system']);
    const role = await createRole(t.database.db, project.id);
    const res = await grant(role.id, [{ key: 'pjtdevicegatewaylist', level: 1 }]);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The project is not authorised for: Gateways');
    const list = (await call('GET', `/api/roles/${role.id}/permissions.do`)).json();
    expect(list.find((p: { key: string }) => p.key === 'pjtdevicegatewaylist').available).toBe(false);
  });

  it('never lets a caller grant more than their own level', async () => {
    const managerRole = await createRole(t.database.db, 1, { authlist: 5, userlist: 5 });
    const manager = await createUser(t.database.db, managerRole.id);
    const token = await t.token(manager.name, manager.password);
    const target = await createRole(t.database.db, 1);
    expect((await grant(target.id, [{ key: 'userlist', level: 5 }], token)).statusCode).toBe(200);
    const res = await grant(
      target.id,
      [
        { key: 'userlist', level: 10 },
        { key: 'syssettings', level: 1 },
      ],
      token,
    );
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('You cannot grant more than your own level on: Users, System settings');
  });

  it('leaves the administrator role alone', async () => {
    expect((await grant(1, [{ key: 'userlist', level: 1 }])).statusCode).toBe(409);
    const list = (await call('GET', '/api/roles/1/permissions.do')).json();
    expect(list.every((p: { level: number; available: boolean }) => p.level === 10)).toBe(true);
  });
});

describe('project modules (/api/bas/authmodules.do)', () => {
  it('shows and sets the modules of a project within its parent, taking removed ones from descendants', async () => {
    const parent = (
      await call('POST', '/api/projects.do', {
        name: '园区一',
        no: `YQ${Date.now() % 100000}`,
        parentId: '1',
        lng: '119',
        lat: '32',
      })
    ).json();
    const child = (
      await call('POST', '/api/projects.do', {
        name: '园区一期',
        no: `YQC${Date.now() % 100000}`,
        parentId: String(parent.id),
        lng: '119',
        lat: '32',
      })
    ).json();
    const view = (await call('GET', `/api/bas/authmodules.do/projects/${parent.id}`)).json();
    expect(view.modules).toContain('lighting');
    expect(view.available).toContainEqual({ code: 'lighting', name: 'Lighting' });
    const saved = await call('POST', '/api/bas/authmodules.do', {
      projectId: String(parent.id),
      modules: 'system,env,gateway',
    });
    expect(saved.json().modules).toEqual(['system', 'env', 'gateway']);
    const childView = (await call('GET', `/api/bas/authmodules.do/projects/${child.id}`)).json();
    expect(childView.modules).toEqual(['system', 'env', 'gateway']);
    expect(childView.available.map((m: { code: string }) => m.code)).toEqual(['system', 'env', 'gateway']);
    const outside = await call(
      'POST',
      '/api/bas/authmodules.do',
      { projectId: String(child.id), modules: 'system,lighting' },
      admin,
      'zh_CN',
    );
    expect(outside.statusCode).toBe(400);
    expect(outside.json().message).toBe('上级项目未授权模块：智慧照明');
  });

  it('refuses the root project and unknown modules', async () => {
    expect((await call('POST', '/api/bas/authmodules.do', { projectId: '1', modules: 'system' })).statusCode).toBe(409);
    const p = await createProject(t.database.db, 1);
    expect(
      (await call('POST', '/api/bas/authmodules.do', { projectId: String(p.id), modules: 'system,teleport' }))
        .statusCode,
    ).toBe(400);
  });
});
