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
  name: `op${++seq}${Date.now() % 10000}`,
  password: 'Passw0rd',
  phoneNo: '13800138000',
  realName: '张三',
  roleId: '1',
  ...extra,
});

describe('/api/users.do', () => {
  it('creates a user who can sign in, and never answers a password', async () => {
    const role = await createRole(t.database.db, 1);
    const res = await call('POST', '/api/users.do', valid({ roleId: String(role.id) }));
    expect(res.statusCode).toBe(200);
    const user = res.json();
    expect(user).toMatchObject({
      roleId: role.id,
      projectId: 1,
      status: 1,
      lastLoginTime: null,
      phoneNo: '13800138000',
    });
    expect(JSON.stringify(user)).not.toMatch(/password|hash/i);
    expect((await t.login(user.name, 'Passw0rd')).statusCode).toBe(200);
    const page = (await call('GET', `/api/users.do/pages?roleId=${role.id}`)).json();
    expect(page.total).toBe(1);
    expect(JSON.stringify(page)).not.toMatch(/password|hash/i);
    expect((await call('GET', `/api/users.do/${user.id}`)).json().lastLoginTime).not.toBeNull();
  });

  it.each([
    [{ name: 'ab' }, 'name', '3-16 characters'],
    [{ phoneNo: '' }, 'phoneNo', 'Phone number required'],
    [{ phoneNo: '12345' }, 'phoneNo', 'A valid mobile number is required (11 digits starting with 1)'],
    [{ roleId: '' }, 'roleId', 'Role required'],
    [{ password: '' }, 'password', 'Password required'],
  ])('refuses %j', async (override, field, message) => {
    const res = await call('POST', '/api/users.do', valid(override));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual({ field, message });
  });

  it('refuses an account that exists', async () => {
    const res = await call('POST', '/api/users.do', valid({ name: 'admin' }), admin, 'zh_CN');
    expect(res.statusCode).toBe(409);
    expect(res.json().errors).toEqual([{ field: 'name', message: '账号已存在' }]);
  });

  it('updates a user; a new role or a ban signs them out', async () => {
    const user = (await call('POST', '/api/users.do', valid())).json();
    const token = await t.token(user.name, 'Passw0rd');
    const role = await createRole(t.database.db, 1);
    const res = await call('PUT', `/api/users.do/${user.id}`, {
      name: user.name,
      phoneNo: '13900139000',
      realName: '李四',
      roleId: String(role.id),
    });
    expect(res.json()).toMatchObject({ realName: '李四', roleId: role.id });
    expect((await t.app.inject({ method: 'GET', url: `/api/login.do?token=${token}` })).statusCode).toBe(403);
    await call('PUT', `/api/users.do/${user.id}`, {
      name: user.name,
      phoneNo: '13900139000',
      realName: '李四',
      roleId: String(role.id),
      status: '0',
    });
    expect((await t.login(user.name, 'Passw0rd')).statusCode).toBe(401);
  });

  it('refuses deleting oneself and the last administrator, and deletes others', async () => {
    const self = await call('DELETE', '/api/users.do/1', undefined, admin);
    expect(self.statusCode).toBe(409);
    expect(self.json().message).toBe('You cannot delete the user you are signed in as');
    const second = (await call('POST', '/api/users.do', valid())).json(); // another administrator
    const secondToken = await t.token(second.name, 'Passw0rd');
    expect((await call('DELETE', '/api/users.do/1', undefined, secondToken)).statusCode).toBe(200);
    const last = await call('DELETE', `/api/users.do/${second.id}`, undefined, secondToken);
    expect(last.statusCode).toBe(409);
    // Banning or demoting the last administrator is refused too.
    const third = (
      await call(
        'POST',
        '/api/users.do',
        valid({ roleId: String((await createRole(t.database.db, 1, { userlist: 5 })).id) }),
        secondToken,
      )
    ).json();
    const thirdToken = await t.token(third.name, 'Passw0rd');
    const ban = await call(
      'PUT',
      `/api/users.do/${second.id}`,
      { name: second.name, phoneNo: '13800138000', realName: '张三', roleId: '1', status: '0' },
      thirdToken,
    );
    // A user-list editor cannot touch an administrator at all (issue 30: no escalation) …
    expect(ban.statusCode).toBe(403);
    expect(ban.json().code).toBe('LEVEL_ABOVE_OWN');
    // … and the last administrator cannot demote themselves.
    const demote = await call(
      'PUT',
      `/api/users.do/${second.id}`,
      { name: second.name, phoneNo: '13800138000', realName: '张三', roleId: String(third.roleId) },
      secondToken,
    );
    expect(demote.statusCode).toBe(409);
    expect(demote.json().message).toBe('The last administrator cannot be deleted or banned');
    expect((await call('DELETE', `/api/users.do/${third.id}`, undefined, secondToken)).json()).toEqual({ ok: true });
  });

  it('keeps users inside the caller project subtree', async () => {
    const mine = await createProject(t.database.db, 1, ['system']);
    const other = await createProject(t.database.db, 1, ['system']);
    const foreignRole = await createRole(t.database.db, other.id);
    const foreign = await createUser(t.database.db, foreignRole.id);
    const manager = await createUser(t.database.db, (await createRole(t.database.db, mine.id, { userlist: 5 })).id);
    const token = await t.token(manager.name, manager.password);
    const list = (await call('GET', '/api/users.do', undefined, token)).json();
    expect(list.map((u: { id: number }) => u.id)).toEqual([manager.id]);
    expect((await call('GET', `/api/users.do/${foreign.id}`, undefined, token)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/users.do/${foreign.id}`, undefined, token)).statusCode).toBe(404);
    expect(
      (await call('POST', '/api/users.do', valid({ roleId: String(foreignRole.id) }), token)).json().errors,
    ).toEqual([{ field: 'roleId', message: 'Role required' }]);
  });
});
