import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manageLogs, operateLogs, visitLogs } from '../../db/schema/index.js';
import { apiCaller } from '../../test/caller.js';
import { createProject, createRole, createUser } from '../../test/factories.js';
import { createTestApp, form, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let a: { id: number };
let b: { id: number };
beforeAll(async () => {
  t = await createTestApp();
  a = await createProject(t.database.db, 1, ['system']);
  b = await createProject(t.database.db, 1, ['system']);
  const db = t.database.db;
  const at = (minutes: number) => new Date(Date.UTC(2024, 0, 1, 0, minutes));
  await db.insert(visitLogs).values([
    { projectId: a.id, account: 'alice', action: 'login', detail: 'from A', at: at(1) },
    { projectId: a.id, account: 'alice', action: 'logout', detail: 'from A', at: at(2) },
    { projectId: b.id, account: 'bob', action: 'login', detail: 'from B', at: at(3) },
    { projectId: null, account: 'nobody', action: 'login_failed', detail: 'unknown account', at: at(4) },
  ]);
  await db.insert(manageLogs).values([
    { projectId: a.id, account: 'alice', action: 'create', entity: 'project', summary: 'Depot north', at: at(5) },
    { projectId: b.id, account: 'bob', action: 'update', entity: 'role', summary: 'Depot south', at: at(6) },
  ]);
  await db.insert(operateLogs).values([
    {
      projectId: a.id,
      account: 'alice',
      deviceName: 'Lamp 1',
      command: 'switchOn',
      success: true,
      durationMs: 12,
      at: at(7),
    },
    {
      projectId: b.id,
      account: 'bob',
      deviceName: 'Lamp 2',
      command: 'switchOff',
      success: false,
      durationMs: 40,
      at: at(8),
    },
  ]);
});
afterAll(() => t.close());

async function userOf(projectId: number, permissions: Record<string, number>) {
  const user = await createUser(t.database.db, (await createRole(t.database.db, projectId, permissions)).id);
  return t.token(user.name, user.password);
}
const call = apiCaller(
  () => t,
  () => '',
);
const get = (url: string, token: string, lang = 'en_US') => call('GET', url, undefined, token, lang);
/** Accounts of the seeded rows (sign-ins of the test users add their own visit rows). */
const SEEDED = ['alice', 'bob', 'nobody'];
const accounts = (res: { json(): { list: { account: string }[] } }) =>
  res
    .json()
    .list.map((r) => r.account)
    .filter((name) => SEEDED.includes(name));

describe('GET /api/<log>.do/pages', () => {
  it('answers the root administrator every row, newest first, log page size by default, ISO times', async () => {
    const res = await get('/api/visithistories.do/pages', await t.token());
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ page: 1, pageSize: 50 });
    const mine = body.list.filter((r: { account: string }) => ['alice', 'bob', 'nobody'].includes(r.account));
    expect(mine.map((r: { action: string }) => r.action)).toEqual(['login_failed', 'login', 'logout', 'login']);
    expect(mine[0]).toMatchObject({ account: 'nobody', detail: 'unknown account', at: '2024-01-01T00:04:00.000Z' });
  });

  it("shows a project's user only its subtree's rows: no sibling's, no rows without a project", async () => {
    const token = await userOf(a.id, { visithistory: 1, managehistory: 1, operatehistory: 1 });
    expect(accounts(await get('/api/visithistories.do/pages', token))).toEqual(['alice', 'alice']);
    expect(accounts(await get('/api/managehistories.do/pages', token))).toEqual(['alice']);
    const ops = (await get('/api/operatehistories.do/pages', token)).json();
    expect(ops.list).toEqual([
      expect.objectContaining({ deviceName: 'Lamp 1', command: 'switchOn', success: true, durationMs: 12 }),
    ]);
  });

  it('filters by keyword words, time range and account', async () => {
    const admin = await t.token();
    expect(accounts(await get('/api/managehistories.do/pages?keyword=depot%20south', admin))).toEqual(['bob']);
    expect(accounts(await get('/api/visithistories.do/pages?keyword=from&account=alice', admin))).toEqual([
      'alice',
      'alice',
    ]);
    const range = await get('/api/visithistories.do/pages?from=2024-01-01T00:01:30Z&to=2024-01-01T00:03:00Z', admin);
    expect(range.json().list.map((r: { action: string }) => r.action)).toEqual(['login', 'logout']);
    expect(accounts(await get('/api/operatehistories.do/pages?keyword=switchoff', admin))).toEqual(['bob']);
  });

  it('validates the page size (25-200) and dates, in the caller’s language', async () => {
    const admin = await t.token();
    const en = await get('/api/visithistories.do/pages?pageSize=10', admin);
    expect(en.statusCode).toBe(400);
    expect(en.json().errors).toEqual([{ field: 'pageSize', message: 'Allowed range: 25 - 200.' }]);
    const zh = await get('/api/visithistories.do/pages?pageSize=201', admin, 'zh_CN');
    expect(zh.json().message).toBe('允许的取值范围：25 - 200。');
    expect((await get('/api/visithistories.do/pages?from=notadate', admin)).json().errors[0]).toMatchObject({
      field: 'from',
    });
  });

  it('refuses a role without the function (403)', async () => {
    const token = await userOf(a.id, { visithistory: 1 });
    expect((await get('/api/managehistories.do/pages', token)).statusCode).toBe(403);
  });
});

describe('DELETE /api/<log>.do', () => {
  const del = (url: string, token: string, extra: object = {}) =>
    t.app.inject({ method: 'DELETE', url: `${url}?token=${token}&lang=en_US`, ...extra });
  const idsOf = async (table: typeof visitLogs, projectId: number) =>
    (await t.database.db.select({ id: table.id }).from(table).where(eq(table.projectId, projectId))).map((r) => r.id);

  it('needs the check level: view or edit is refused (403)', async () => {
    const [id] = await idsOf(visitLogs, a.id);
    for (const level of [1, 5]) {
      const token = await userOf(a.id, { visithistory: level });
      expect((await del(`/api/visithistories.do/${id}`, token)).statusCode).toBe(403);
    }
  });

  it("deletes one row in scope, 404 for a sibling project's row, and audits the call", async () => {
    const token = await userOf(a.id, { managehistory: 10 });
    const [bRow] = await idsOf(manageLogs as unknown as typeof visitLogs, b.id);
    expect((await del(`/api/managehistories.do/${bRow}`, token)).statusCode).toBe(404);
    const [aRow] = await idsOf(manageLogs as unknown as typeof visitLogs, a.id);
    const res = await del(`/api/managehistories.do/${aRow}`, token);
    expect(res.json()).toEqual({ deleted: 1 });
    const admin = await t.token();
    const audit = (await get('/api/managehistories.do/pages?keyword=managelog', admin)).json().list;
    expect(audit[0]).toMatchObject({ action: 'delete', entity: 'managelog', entityId: String(aRow), summary: '1' });
    expect(await idsOf(manageLogs as unknown as typeof visitLogs, b.id)).toEqual([bRow]);
  });

  it('deletes a batch (form ids=1,2,3 or a JSON array), only the rows in scope', async () => {
    const token = await userOf(a.id, { visithistory: 10, operatehistory: 10 });
    const mine = await idsOf(visitLogs, a.id);
    const theirs = await idsOf(visitLogs, b.id);
    expect(mine.length).toBeGreaterThan(2); // the seeded rows and this user's sign-in
    const res = await del('/api/visithistories.do', token, form({ ids: [...mine, ...theirs].join(',') }));
    expect(res.json()).toEqual({ deleted: mine.length });
    expect(await idsOf(visitLogs, b.id)).toEqual(theirs);
    const ops = await idsOf(operateLogs as unknown as typeof visitLogs, a.id);
    const json = await del('/api/operatehistories.do', token, { payload: { ids: ops } });
    expect(json.json()).toEqual({ deleted: 1 });
  });

  it('validates the ids', async () => {
    const admin = await t.token();
    const res = await del('/api/visithistories.do', admin, form({ ids: 'a,b' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('A valid parameter is required.');
    expect((await del('/api/visithistories.do', admin, form({ ids: '' }))).statusCode).toBe(400);
  });
});
