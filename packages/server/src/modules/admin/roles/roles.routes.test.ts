import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCaller } from '../../../test/caller.js';
import { createProject, createRole, createUser } from '../../../test/factories.js';
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

let seq = 0;
const valid = (extra: Record<string, string> = {}) => ({
  name: `运维角色${++seq}`,
  no: `ROLE-${seq}-${Date.now() % 100000}`,
  projectId: '1',
  ...extra,
});

describe('/api/roles.do', () => {
  it('creates, reads, pages, updates and deletes a role', async () => {
    const created = await call('POST', '/api/roles.do', valid());
    expect(created.statusCode).toBe(200);
    const role = created.json();
    expect(role).toMatchObject({ projectId: 1, projectName: 'Smart city platform', admin: false, userCount: 0 });
    expect((await call('GET', `/api/roles.do/${role.id}`)).json().name).toBe(role.name);
    const page = (await call('GET', `/api/roles.do/pages?keyword=${encodeURIComponent(role.name)}`)).json();
    expect(page.list.map((r: { id: number }) => r.id)).toEqual([role.id]);
    expect((await call('GET', '/api/roles.do?projectId=1')).json().length).toBeGreaterThanOrEqual(2);
    const updated = await call('PUT', `/api/roles.do/${role.id}`, valid({ no: role.no, name: '巡检员' }));
    expect(updated.json().name).toBe('巡检员');
    expect((await call('DELETE', `/api/roles.do/${role.id}`)).json()).toEqual({ ok: true });
    expect((await call('GET', `/api/roles.do/${role.id}`)).statusCode).toBe(404);
  });

  it('validates name, no and project', async () => {
    const res = await call('POST', '/api/roles.do', { name: 'x', no: '', projectId: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual(
      expect.arrayContaining([
        { field: 'name', message: '3-25 characters' },
        { field: 'no', message: 'Required' },
        { field: 'projectId', message: 'Project required' },
      ]),
    );
  });

  it('refuses a duplicate number and deleting a role that users have', async () => {
    const role = (await call('POST', '/api/roles.do', valid())).json();
    expect((await call('POST', '/api/roles.do', valid({ no: role.no }))).statusCode).toBe(409);
    await createUser(t.database.db, role.id);
    const res = await call('DELETE', `/api/roles.do/${role.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('The role still has users (1): it cannot be deleted');
  });

  it('keeps the built-in administrator role', async () => {
    expect((await call('DELETE', '/api/roles.do/1')).statusCode).toBe(409);
    const other = await createProject(t.database.db, 1);
    expect(
      (await call('PUT', '/api/roles.do/1', { name: '系统管理员', no: 'admin', projectId: String(other.id) }))
        .statusCode,
    ).toBe(409);
  });

  it('stores the built-in role under its own name when the en-US console saves it unchanged', async () => {
    const shown = (await call('GET', '/api/roles.do/1')).json();
    expect(shown.name).toBe('System administrator');
    const saved = await call('PUT', '/api/roles.do/1', {
      name: shown.name,
      no: shown.no,
      projectId: String(shown.projectId),
      description: shown.description ?? '',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().name).toBe('System administrator');
    expect((await call('GET', '/api/roles.do/1', undefined, admin, 'zh_CN')).json().name).toBe('系统管理员');
  });

  it('keeps roles inside the caller project subtree', async () => {
    const mine = await createProject(t.database.db, 1, ['system']);
    const other = await createProject(t.database.db, 1, ['system']);
    const foreign = await createRole(t.database.db, other.id);
    const user = await createUser(t.database.db, (await createRole(t.database.db, mine.id, { rolelist: 5 })).id);
    const token = await t.token(user.name, user.password);
    const list = (await call('GET', '/api/roles.do', undefined, token)).json();
    expect(list.every((r: { projectId: number }) => r.projectId === mine.id)).toBe(true);
    expect((await call('GET', `/api/roles.do/${foreign.id}`, undefined, token)).statusCode).toBe(404);
    expect((await call('POST', '/api/roles.do', valid({ projectId: String(other.id) }), token)).json().errors).toEqual([
      { field: 'projectId', message: 'Project required' },
    ]);
  });
});

describe('role user counts', () => {
  it('counts the users of each role', async () => {
    const role = await createRole(t.database.db, 1);
    await createUser(t.database.db, role.id);
    await createUser(t.database.db, role.id);
    const view = (await call('GET', `/api/roles.do/${role.id}`)).json();
    expect(view.userCount).toBe(2);
  });
});
