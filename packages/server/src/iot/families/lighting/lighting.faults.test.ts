import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCaller, signInWith } from '../../../test/caller.js';
import { createIotDevice, createProject } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';

// The lamps behind the overview's faults: what is open (a raise no restore followed), per code and
// project, with the work order that completed each raise. Events are written directly, in projects of
// their own: A (with a child project C) and B.
let t: TestApp;
let admin: string;
let a: { id: number; name: string };
let c: { id: number; name: string };
let b: { id: number; name: string };
const lamp: Record<string, { id: number; name: string }> = {};
const raised: Record<string, string> = {};

const call = apiCaller(
  () => t,
  () => admin,
);
const faultsOf = (projectId: number) => `/api/pjts/${projectId}/iot/lighting/faults`;

async function newLamp(key: string, projectId: number, activeState = 1) {
  const d = await createIotDevice(t.database.db, { type: 'lighting', modelNo: 'lcunb', projectId, activeState });
  lamp[key] = { id: d.id, name: d.name };
  return d;
}

/** An event of a lamp `minutesAgo`, in the project it belongs to: its time. */
async function event(key: string, projectId: number, minutesAgo: number, code: string, type: string, level = 'alarm') {
  const at = new Date(Date.now() - minutesAgo * 60_000).toISOString();
  await t.database.db.execute(sql`insert into device_events (device_id, project_id, type, at, code, event_type, level)
    values (${lamp[key]!.id}, ${projectId}, 'lighting', ${at}::timestamptz, ${code}, ${type}, ${level})`);
  return at;
}

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  admin = await t.token();
  a = await createProject(db, 1, ['lighting', 'maintenance']);
  c = await createProject(db, a.id, ['lighting', 'maintenance']);
  b = await createProject(db, 1, ['lighting', 'maintenance']);

  await newLamp('open19', a.id);
  raised.open19 = await event('open19', a.id, 40, '19', 'occur');
  // Raised twice, the newest raise is the open one.
  await newLamp('twice16', a.id);
  await event('twice16', a.id, 90, '16', 'occur');
  raised.twice16 = await event('twice16', a.id, 30, '16', 'occur');
  // Restored: not open any more.
  await newLamp('restored', a.id);
  await event('restored', a.id, 60, '19', 'occur');
  await event('restored', a.id, 50, '19', 'restore');
  // Information is not a fault; nor an offline lamp that has come back.
  await newLamp('info', a.id);
  await event('info', a.id, 20, '51', 'occur', 'info');
  await event('info', a.id, 25, 'OFFLINE', 'occur');
  // Silent still: its OFFLINE is open.
  await newLamp('silent', a.id, 2);
  raised.silent = await event('silent', a.id, 10, 'OFFLINE', 'occur');
  // A warning counts as the overview counts it.
  await newLamp('warn', a.id);
  raised.warn = await event('warn', a.id, 45, '17', 'occur', 'warning');

  await newLamp('child19', c.id);
  raised.child19 = await event('child19', c.id, 35, '19', 'occur');
  await newLamp('other19', b.id);
  await event('other19', b.id, 5, '19', 'occur');
});
afterAll(() => t.close());

interface FaultRow {
  id: number;
  name: string;
  no: string;
  projectId: number;
  projectName: string;
  eventId: number;
  code: string;
  level: string;
  at: string;
  handled: { billId: number; billNo: string; projectId: number; projectName: string } | null;
}
const list = async (url: string, token = admin) => {
  const res = await call('GET', url, undefined, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { list: FaultRow[]; total: number };
};

describe('lamps behind the overview’s faults', () => {
  it('lists the open faults of the project’s lamps, newest first, by code and with the child projects when asked', async () => {
    const all = await list(faultsOf(a.id));
    expect(all.list.map((f) => [f.name, f.code, f.at])).toEqual([
      [lamp.silent!.name, 'OFFLINE', raised.silent],
      [lamp.twice16!.name, '16', raised.twice16],
      [lamp.open19!.name, '19', raised.open19],
      [lamp.warn!.name, '17', raised.warn],
    ]);
    expect(all.total).toBe(4);
    expect(all.list[2]).toMatchObject({
      id: lamp.open19!.id,
      projectId: a.id,
      projectName: a.name,
      level: 'alarm',
      handled: null,
      eventId: expect.any(Number),
      no: expect.any(String),
    });

    const of19 = await list(`${faultsOf(a.id)}?code=19`);
    expect(of19.list.map((f) => f.id)).toEqual([lamp.open19!.id]);
    const withChildren = await list(`${faultsOf(a.id)}?code=19&includeChildren=true`);
    expect(withChildren.list.map((f) => [f.id, f.projectName])).toEqual([
      [lamp.child19!.id, c.name],
      [lamp.open19!.id, a.name],
    ]);
    // A page at a time.
    const page2 = await list(`${faultsOf(a.id)}?page=2&pageSize=5`);
    expect(page2.list).toEqual([]);
    const first = await list(`${faultsOf(a.id)}?pageSize=5&includeChildren=true`);
    expect(first.total).toBe(5);
  });

  it('shows a fault handled once the line of a work order opened from it is completed', async () => {
    const checker = await signInWith(t, a.id, { pjtmaintenancebilllist: 10 });
    const bills = `/api/pjts/${a.id}/maintenance.do`;
    const created = await call('POST', bills, {
      title: '灯具故障维修',
      deviceId: String(lamp.open19!.id),
      alarmCode: '19',
      alarmAt: raised.open19!,
    });
    expect(created.statusCode, created.body).toBe(200);
    const bill = created.json() as { id: number; no: string; details: { id: number }[] };
    // Opened, not yet completed: not handled.
    expect((await list(`${faultsOf(a.id)}?code=19`)).list[0]!.handled).toBeNull();
    expect((await call('PATCH', `${bills}/approve`, { ids: String(bill.id) }, checker)).statusCode).toBe(200);
    const done = await call('PATCH', `${bills}/${bill.id}/details/${bill.details[0]!.id}`, { handleStatus: '1' });
    expect(done.statusCode, done.body).toBe(200);
    const [fault] = (await list(`${faultsOf(a.id)}?code=19`)).list;
    expect(fault!.handled).toEqual({ billId: bill.id, billNo: bill.no, projectId: a.id, projectName: a.name });
  });

  it('refuses another project, reads for a viewer of the overview, refuses a bad code in the caller’s language', async () => {
    const mine = await signInWith(t, a.id, { pjtdevicelightingsummary: 1 });
    expect((await list(faultsOf(a.id), mine)).total).toBe(4);
    expect((await call('GET', faultsOf(b.id), undefined, mine)).statusCode).toBe(404);
    // B's lamp is never among A's, nor A's among B's.
    expect((await list(faultsOf(b.id))).list.map((f) => f.id)).toEqual([lamp.other19!.id]);
    const bad = await call('GET', `${faultsOf(a.id)}?code=${encodeURIComponent('19;drop')}`, undefined, admin, 'zh_CN');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([{ field: 'code', message: '请输入有效的参数。' }]);
  });
});
