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
const levels: Record<string, (key: string) => number> = {};
let ids: { project: number; role: number; user: number; projectName: string; roleNo: string; userName: string };

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
    // Platform-wide functions are for the root project's roles only: these callers' projects are not the root.
    levels[name] = (key) => (functionByKey(key)?.global ? 0 : level);
  };
  await make('viewer', a.id, AUTH_LEVEL.view);
  await make('editor', a.id, AUTH_LEVEL.modify);
  await make('sibling', b.id, AUTH_LEVEL.check);
  tokens.admin = await t.token();
  levels.admin = () => AUTH_LEVEL.check;
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
