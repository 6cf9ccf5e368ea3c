import { AUTH_LEVEL, apiIndex, functionByKey, MODULES, PERMISSION_FUNCTIONS } from '@sc/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProject, createRole, createUser } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/**
 * Walks every API route of the catalogue as five callers (issue: "the authorisation walk"): nobody,
 * a view-only role, an edit role, a user of a sibling project with every level, and the administrator.
 */
let t: TestApp;
const tokens: Record<string, string> = {};
/** Each signed-in caller's own user id. */
const userIds: Record<string, number> = {};
const levels: Record<string, (key: string) => number> = {};
let ids: { project: number; role: number; user: number; projectName: string; roleNo: string; userName: string };

let escalation: { roleHigh: number; roleLow: number; userHigh: number; userLow: number };

const everyLevel = (level: number) => Object.fromEntries(PERMISSION_FUNCTIONS.map((f) => [f.key, level]));

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const a = await createProject(db, 1, [...MODULES]);
  const b = await createProject(db, 1, [...MODULES]);
  const a1 = await createProject(db, a.id, ['system']);
  const roleX = await createRole(db, a.id);
  const userX = await createUser(db, roleX.id);
  ids = {
    project: a1.id,
    role: roleX.id,
    user: userX.id,
    projectName: a1.name,
    roleNo: roleX.no,
    userName: userX.name,
  };

  const make = async (name: string, projectId: number, level: number) => {
    const user = await createUser(db, (await createRole(db, projectId, everyLevel(level))).id);
    tokens[name] = await t.token(user.name, user.password);
    userIds[name] = user.id;
    // Platform-wide functions are for the root project's roles only: these callers' projects are not the root.
    levels[name] = (key) => (functionByKey(key)?.global ? 0 : level);
  };
  await make('viewer', a.id, AUTH_LEVEL.view);
  await make('editor', a.id, AUTH_LEVEL.modify);
  await make('sibling', b.id, AUTH_LEVEL.check);
  tokens.admin = await t.token();
  userIds.admin = 1;
  levels.admin = () => AUTH_LEVEL.check;

  // Escalation targets in the viewer's and editor's project: a role with check level on one function
  // (above the editor's modify, per function), and a role no higher than the editor's anywhere.
  const high = PERMISSION_FUNCTIONS.find((f) => !f.global && f.key !== 'userlist')!;
  const roleHigh = await createRole(db, a.id, { ...everyLevel(AUTH_LEVEL.view), [high.key]: AUTH_LEVEL.check });
  const roleLow = await createRole(db, a.id, { userlist: AUTH_LEVEL.view });
  escalation = {
    roleHigh: roleHigh.id,
    roleLow: roleLow.id,
    userHigh: (await createUser(db, roleHigh.id)).id,
    userLow: (await createUser(db, roleLow.id)).id,
  };
});
afterAll(() => t.close());

/** Catalogue routes this server has, GETs first and DELETEs last so records exist while read. */
function routes() {
  const order = { GET: 0, POST: 1, PUT: 2, PATCH: 3, DELETE: 4 } as Record<string, number>;
  return [...apiIndex().entries()]
    .map(([key, owners]) => ({ method: key.split(' ')[0]!, path: key.split(' ')[1]!, owners }))
    .filter((r) => t.app.hasRoute({ method: r.method as 'GET', url: r.path }))
    .sort((x, y) => order[x.method]! - order[y.method]!);
}

/** A concrete URL: ids of records in the viewer's and editor's project. */
function concrete(path: string) {
  const id = path.startsWith('/api/users.do')
    ? ids.user
    : path.startsWith('/api/roles')
      ? ids.role
      : path.includes('project')
        ? ids.project
        : 1;
  return {
    url: path
      .replace(':projectId', String(ids.project))
      .replace(':serial', 'lighting')
      .replace(':id', String(id))
      .replace(':n', '1'),
    ownsRecord: path.includes(':id') && /projects|roles|users|authmodules/.test(path),
  };
}

const allowedFor = (caller: string, owners: ReturnType<typeof routes>[number]['owners']) =>
  owners.some(({ fn, grant }) => Math.max(levels[caller]!(fn.key), fn.everyone ?? 0) >= grant.level);

describe('every catalogue route', () => {
  it('is walked (the walk is not empty)', () => {
    expect(routes().length).toBeGreaterThan(20);
  });

  it('answers 401 to a caller without a token', async () => {
    for (const r of routes()) {
      const res = await t.app.inject({ method: r.method as 'GET', url: concrete(r.path).url });
      expect(res.statusCode, `${r.method} ${r.path}`).toBe(401);
    }
  });

  for (const caller of ['viewer', 'sibling', 'editor', 'admin']) {
    it(`answers ${caller} by the level of their role, and never another project's data`, async () => {
      for (const r of routes()) {
        const { url, ownsRecord } = concrete(r.path);
        const res = await t.app.inject({ method: r.method as 'GET', url: `${url}?token=${tokens[caller]}` });
        const label = `${caller} ${r.method} ${r.path} → ${res.statusCode} ${res.body.slice(0, 120)}`;
        expect(res.statusCode, label).not.toBe(401);
        if (!allowedFor(caller, r.owners)) {
          expect(res.statusCode, label).toBe(403);
          continue;
        }
        // A shared record (built-in factory 1) is read-only outside the root project: a 403 of its own.
        if (res.statusCode === 403) expect(res.json().code, label).toBe('SHARED_READ_ONLY');
        else expect(res.statusCode, label).not.toBe(403);
        expect(res.statusCode, label).toBeLessThan(500);
        if (caller === 'sibling') {
          if (ownsRecord) expect(res.statusCode, label).not.toBe(200);
          for (const secret of [ids.projectName, ids.roleNo, ids.userName])
            expect(res.body, label).not.toContain(secret);
        }
      }
    });
  }
});

/**
 * Vertical escalation (issue 30): nobody gives, or reaches, levels above their own on any function
 * through the user calls: create, update (oneself or another), password reset, delete. Every caller is
 * walked; the editor (modify everywhere) is the one the rule is for, the others show it is not broader.
 */
describe('no escalation through the user calls', () => {
  const phone = '13800138000';
  let n = 0;
  const newName = () => `esc${Date.now().toString(36)}${++n}`.slice(0, 16);
  type Case = {
    name: string;
    call: (caller: string) => { method: 'POST' | 'PUT' | 'PATCH' | 'DELETE'; url: string; body?: object };
    /** Expected status per caller (nobody: 401 always). */
    expect: Record<'viewer' | 'editor' | 'sibling' | 'admin', number>;
  };
  const user = (roleId: number) => ({ name: newName(), phoneNo: phone, realName: '越权测试', roleId: String(roleId) });
  const cases: Case[] = [
    {
      name: 'create a user of a role above the caller',
      call: () => ({
        method: 'POST',
        url: '/api/users.do',
        body: { ...user(escalation.roleHigh), password: 'Strong#2026' },
      }),
      // The sibling cannot name a role outside its projects at all (400 on the role field).
      expect: { viewer: 403, editor: 403, sibling: 400, admin: 200 },
    },
    {
      name: 'give oneself a role above one’s own',
      call: (caller) => ({
        method: 'PUT',
        url: `/api/users.do/${caller === 'admin' ? escalation.userLow : userIds[caller]}`,
        body: user(escalation.roleHigh),
      }),
      expect: { viewer: 403, editor: 403, sibling: 400, admin: 200 },
    },
    {
      name: 'give another user a role above the caller',
      call: () => ({ method: 'PUT', url: `/api/users.do/${escalation.userLow}`, body: user(escalation.roleHigh) }),
      expect: { viewer: 403, editor: 403, sibling: 404, admin: 200 },
    },
    {
      name: 'edit a user whose role is above the caller',
      call: () => ({ method: 'PUT', url: `/api/users.do/${escalation.userHigh}`, body: user(escalation.roleHigh) }),
      expect: { viewer: 403, editor: 403, sibling: 404, admin: 200 },
    },
    {
      name: 'reset the password of a user whose role is above the caller',
      call: () => ({
        method: 'PATCH',
        url: `/api/users.do/${escalation.userHigh}/pwd`,
        body: { password: 'Taken#2026' },
      }),
      expect: { viewer: 403, editor: 403, sibling: 404, admin: 200 },
    },
    {
      name: 'delete a user whose role is above the caller',
      call: () => ({ method: 'DELETE', url: `/api/users.do/${escalation.userHigh}` }),
      expect: { viewer: 403, editor: 403, sibling: 404, admin: 200 },
    },
  ];
  // What stays allowed: the same calls within the caller's own levels.
  const controls: Case[] = [
    {
      name: 'create a user of a role not above the caller',
      call: () => ({ method: 'POST', url: '/api/users.do', body: { ...user(escalation.roleLow), password: 'abc' } }),
      expect: { viewer: 403, editor: 200, sibling: 400, admin: 200 },
    },
    {
      name: 'reset the password of a user not above the caller',
      call: () => ({ method: 'PATCH', url: `/api/users.do/${escalation.userLow}/pwd`, body: { password: 'abc' } }),
      expect: { viewer: 403, editor: 200, sibling: 404, admin: 200 },
    },
  ];

  it('answers 401 to a caller without a token', async () => {
    for (const c of [...cases, ...controls]) {
      const { method, url, body } = c.call('nobody');
      const res = await t.app.inject({ method, url, ...(body ? { payload: body } : {}) });
      expect(res.statusCode, c.name).toBe(401);
    }
  });

  for (const caller of ['viewer', 'sibling', 'editor', 'admin'] as const) {
    it(`refuses ${caller} any level above their own, and allows what is within it`, async () => {
      // Controls first: the admin's case deletes the high user at the end.
      for (const c of [...controls, ...cases]) {
        const { method, url, body } = c.call(caller);
        const res = await t.app.inject({
          method,
          url: `${url}?token=${tokens[caller]}&lang=en_US`,
          ...(body ? { payload: body } : {}),
        });
        const label = `${caller}: ${c.name} → ${res.statusCode} ${res.body.slice(0, 160)}`;
        expect(res.statusCode, label).toBe(c.expect[caller]);
        if (caller === 'editor' && res.statusCode === 403) {
          expect(res.json().code, label).toBe('LEVEL_ABOVE_OWN');
          expect(res.json().message, label).toMatch(/higher level than yours/);
        }
      }
      if (caller === 'editor') {
        // pageauth still says the editor's own level: nothing was given.
        const pageauth = await t.app.inject({
          method: 'GET',
          url: `/api/pageauth.do?token=${tokens.editor}&desFullPath=/man/userlist`,
        });
        expect(pageauth.json().authValue).toBe(AUTH_LEVEL.modify);
        // The refusal names the functions, in the caller's language.
        const zh = await t.app.inject({
          method: 'PATCH',
          url: `/api/users.do/${escalation.userHigh}/pwd?token=${tokens.editor}&lang=zh_CN`,
          payload: { password: 'Taken#2026' },
        });
        expect(zh.json().message).toMatch(/^该角色在以下功能上的权限高于您自己的：\S+/);
      }
    });
  }
});
