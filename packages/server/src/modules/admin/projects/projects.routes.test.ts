import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devices } from '../../../db/schema/index.js';
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

let seq = 0;
const valid = (extra: Record<string, string> = {}) => ({
  name: `项目${++seq}号`,
  no: `PRJ-${seq}-${Date.now() % 100000}`,
  parentId: '1',
  description: '城东片区',
  lng: '119.500810',
  lat: '32.1692833',
  ...extra,
});

describe('POST /api/projects.do', () => {
  it('creates a project under a parent, with its location, and logs it', async () => {
    const res = await call('POST', '/api/projects.do', valid());
    expect(res.statusCode).toBe(200);
    const project = res.json();
    expect(project).toMatchObject({
      parentId: 1,
      // Built-in names are shown in the reader's language (the caller reads en_US).
      parentName: 'Smart city platform',
      lng: 119.50081,
      lat: 32.1692833,
      status: 1,
    });
    const [log] = await queryRows(
      t.database.db,
      sql`select action, entity, summary from manage_logs where entity = 'project' and entity_id = ${String(project.id)}`,
    );
    expect(log).toEqual({ action: 'create', entity: 'project', summary: project.name });
  });

  it.each([
    [{ name: 'ab' }, 'name', '3-25 characters'],
    [{ name: 'bad name!' }, 'name', 'Only letters, digits and Chinese characters are allowed'],
    [{ no: 'a b c' }, 'no', 'Only letters, digits and - _ ! @ # $ % ^ & are allowed'],
    [{ description: 'x'.repeat(101) }, 'description', 'At most 100 characters'],
    [{ lng: '' }, 'lng', 'A valid coordinate is required.'],
    [{ lat: '95' }, 'lat', 'A valid coordinate is required.'],
  ])('refuses %j with the message on its field', async (override, field, message) => {
    const res = await call('POST', '/api/projects.do', valid(override));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual({ field, message });
  });

  it('asks for a parent, and one the caller can see', async () => {
    const res = await call('POST', '/api/projects.do', valid({ parentId: '' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ field: 'parentId', message: 'Parent project required' }]);
  });

  it('refuses a number already used with 409 on the no field', async () => {
    const body = valid();
    expect((await call('POST', '/api/projects.do', body)).statusCode).toBe(200);
    const again = await call('POST', '/api/projects.do', { ...valid(), no: body.no }, admin, 'zh_CN');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'CONFLICT',
      message: '编号已存在',
      errors: [{ field: 'no', message: '编号已存在' }],
    });
  });
});

describe('reading projects', () => {
  it('answers the tree, pages with search, children and one project', async () => {
    const parent = (await call('POST', '/api/projects.do', valid({ name: '城北片区' }))).json();
    const child = (
      await call('POST', '/api/projects.do', valid({ parentId: String(parent.id), name: '城北一期' }))
    ).json();
    const tree = (await call('GET', '/api/projects.do/trees')).json();
    expect(tree).toHaveLength(1);
    const north = tree[0].children.find((n: { id: number }) => n.id === parent.id);
    expect(north.children.map((n: { id: number }) => n.id)).toEqual([child.id]);
    const page = (await call('GET', '/api/projects.do/pages?page=1&pageSize=5&keyword=城北')).json();
    expect(page).toMatchObject({ total: 2, page: 1, pageSize: 5 });
    const two = (await call('GET', '/api/projects.do/pages?keyword=城北 一期')).json();
    expect(two.list.map((p: { id: number }) => p.id)).toEqual([child.id]);
    expect((await call('GET', `/api/projects.do/${parent.id}/childrenprojects`)).json()).toHaveLength(1);
    expect((await call('GET', `/api/projects.do/${child.id}`)).json()).toMatchObject({
      id: child.id,
      parentName: '城北片区',
    });
    expect((await call('GET', '/api/projects.do')).json().length).toBeGreaterThanOrEqual(3);
  });

  it('validates paging and search words', async () => {
    expect((await call('GET', '/api/projects.do/pages?pageSize=500')).json().errors).toEqual([
      { field: 'pageSize', message: 'Allowed range: 5 - 100.' },
    ]);
    expect((await call('GET', '/api/projects.do/pages?keyword=a b c d e f')).json().errors).toEqual([
      { field: 'keyword', message: 'At most 5 search words' },
    ]);
  });

  it('answers 404 for a project that does not exist', async () => {
    expect((await call('GET', '/api/projects.do/99999')).statusCode).toBe(404);
  });
});

describe('updating projects', () => {
  it('updates fields and location, logging what changed', async () => {
    const p = (await call('POST', '/api/projects.do', valid())).json();
    const res = await call('PUT', `/api/projects.do/${p.id}`, valid({ name: '改名后', no: p.no, parentId: '1' }));
    expect(res.json()).toMatchObject({ name: '改名后' });
    const loc = await call('PUT', `/api/projects.do/${p.id}/location`, { lng: '120.1', lat: '30.2' });
    expect(loc.json()).toMatchObject({ lng: 120.1, lat: 30.2 });
    expect((await call('PUT', `/api/projects.do/${p.id}/location`, { lng: 'x', lat: '30' })).json().errors).toEqual([
      { field: 'lng', message: 'A valid coordinate is required.' },
    ]);
    const logs = await queryRows<{ changes: Record<string, unknown> }>(
      t.database.db,
      sql`select changes from manage_logs where entity = 'project' and entity_id = ${String(p.id)} and action = 'update' order by id`,
    );
    expect(logs[0]!.changes).toHaveProperty('name', { from: p.name, to: '改名后' });
  });

  it('moves a project with its subtree, and refuses a move under its own descendant', async () => {
    const a = (await call('POST', '/api/projects.do', valid())).json();
    const b = (await call('POST', '/api/projects.do', valid({ parentId: String(a.id) }))).json();
    const c = (await call('POST', '/api/projects.do', valid())).json();
    const cycle = await call(
      'PUT',
      `/api/projects.do/${a.id}`,
      valid({ name: a.name, no: a.no, parentId: String(b.id) }),
    );
    expect(cycle.statusCode).toBe(400);
    expect(cycle.json().errors[0].field).toBe('parentId');
    expect(
      (await call('PUT', `/api/projects.do/${a.id}`, valid({ name: a.name, no: a.no, parentId: String(c.id) })))
        .statusCode,
    ).toBe(200);
    const [row] = await queryRows<{ path: string }>(t.database.db, sql`select path from projects where id = ${b.id}`);
    expect(row!.path).toBe(`/1/${c.id}/${a.id}/${b.id}/`);
  });
});

describe('DELETE /api/projects.do/{id}', () => {
  it('deletes an empty project', async () => {
    const p = (await call('POST', '/api/projects.do', valid())).json();
    expect((await call('DELETE', `/api/projects.do/${p.id}`)).json()).toEqual({ ok: true });
    expect((await call('GET', `/api/projects.do/${p.id}`)).statusCode).toBe(404);
  });

  it('refuses a project with children, roles, users or devices, saying what is left, and deletes nothing', async () => {
    const p = (await call('POST', '/api/projects.do', valid())).json();
    await call('POST', '/api/projects.do', valid({ parentId: String(p.id) }));
    const role = await createRole(t.database.db, p.id);
    await createUser(t.database.db, role.id);
    await t.database.db.insert(devices).values({ projectId: p.id, name: '摄像机', no: 'C1', type: 'camera' });
    const res = await call('DELETE', `/api/projects.do/${p.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'The project is still in use (child projects: 1, roles: 1, users: 1, devices: 1): it cannot be deleted',
    );
    expect((await call('GET', `/api/projects.do/${p.id}`)).statusCode).toBe(200);
  });

  it('refuses the root project', async () => {
    const res = await call('DELETE', '/api/projects.do/1', undefined, admin, 'zh_CN');
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('根项目不能删除或移动');
  });
});

describe('scope and permissions', () => {
  it('shows a member only their project subtree, and answers 404 for the others', async () => {
    const mine = await createProject(t.database.db, 1, ['system']);
    const other = await createProject(t.database.db, 1, ['system']);
    const user = await createUser(t.database.db, (await createRole(t.database.db, mine.id, { projectlist: 5 })).id);
    const token = await t.token(user.name, user.password);
    const list = (await call('GET', '/api/projects.do', undefined, token)).json();
    expect(list.map((p: { id: number }) => p.id)).toEqual([mine.id]);
    expect((await call('GET', `/api/projects.do/${other.id}`, undefined, token)).statusCode).toBe(404);
    expect((await call('PUT', `/api/projects.do/${other.id}/location`, { lng: '1', lat: '1' }, token)).statusCode).toBe(
      404,
    );
    expect((await call('POST', '/api/projects.do', valid({ parentId: String(other.id) }), token)).statusCode).toBe(400);
    expect((await call('POST', '/api/projects.do', valid({ parentId: String(mine.id) }), token)).statusCode).toBe(200);
    // One's own project cannot be deleted or moved away by its member.
    expect((await call('DELETE', `/api/projects.do/${mine.id}`, undefined, token)).statusCode).toBe(403);
  });

  it('answers 403 to a view-only role on writes', async () => {
    const user = await createUser(t.database.db, (await createRole(t.database.db, 1, { projectlist: 1 })).id);
    const token = await t.token(user.name, user.password);
    expect((await call('GET', '/api/projects.do/pages', undefined, token)).statusCode).toBe(200);
    expect((await call('POST', '/api/projects.do', valid(), token)).statusCode).toBe(403);
  });
});
