import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceGroups, devices } from '../../db/schema/index.js';
import { alarmMessage } from '../../iot/alarm-message.js';
import { apiCaller } from '../../test/caller.js';
import { createIotDevice, createProject, createRole, createUser } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createSiteMessagesRepository } from '../messages/site-messages.repository.js';
import { createSiteMessagesService, type SiteMessagesService } from '../messages/site-messages.service.js';
import { createSettingsRepository } from '../system/settings.repository.js';
import { createSettingsService } from '../system/settings.service.js';

/** "An alarm opens work": a bill from an alarm, the alarm handled once its line is completed, never across projects. */
let t: TestApp;
let admin: string;
let checker: string;
let user: { id: number; token: string };
let messages: SiteMessagesService;
let a: { id: number; name: string };
let b: { id: number };
const lamps: { id: number; name: string }[] = [];
let handledBill: { id: number; no: string };

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  admin = await t.token();
  a = (await createProject(db, 1, ['project', 'maintenance', 'lighting'])) as { id: number; name: string };
  b = await createProject(db, 1, ['project', 'maintenance', 'lighting']);
  const role = await createRole(db, a.id, { pjtmaintenancebilllist: 10 });
  const created = await createUser(db, role.id);
  user = { id: created.id, token: await t.token(created.name, created.password) };
  checker = user.token;
  for (let i = 0; i < 3; i++) {
    const d = await createIotDevice(db, { type: 'lighting', modelNo: 'lcunb', projectId: a.id });
    lamps.push({ id: d.id, name: d.name });
  }
  messages = createSiteMessagesService({
    messages: createSiteMessagesRepository(db),
    settings: createSettingsService(createSettingsRepository(db), 0),
  });
});
afterAll(() => t.close());

const call = apiCaller(
  () => t,
  () => admin,
);
const base = () => `/api/pjts/${a.id}/maintenance.do`;

/** An alarm the device raised (lamp fault, code 19) while in `projectId`: its time. */
async function raise(deviceId: number, projectId: number, minutesAgo: number, code = '19') {
  const at = new Date(Date.now() - minutesAgo * 60_000);
  await t.database.db.execute(sql`insert into device_events (device_id, project_id, type, at, code, event_type, level)
    values (${deviceId}, ${projectId}, 'lighting', ${at.toISOString()}::timestamptz, ${code}, 'occur', 'alarm')`);
  return at.toISOString();
}

async function billFrom(deviceId: number, at: string, code = '19') {
  const res = await call('POST', base(), {
    title: '告警维修',
    deviceId: String(deviceId),
    alarmCode: code,
    alarmAt: at,
  });
  expect(res.statusCode).toBe(200);
  return res.json();
}

async function approveAndHandle(bill: { id: number; details: { id: number }[] }, handleStatus: '1' | '-1') {
  expect((await call('PATCH', `${base()}/approve`, { ids: String(bill.id) }, checker)).statusCode).toBe(200);
  const res = await call('PATCH', `${base()}/${bill.id}/details/${bill.details[0]!.id}`, { handleStatus });
  expect(res.statusCode).toBe(200);
}

const eventsOf = async (deviceId: number) =>
  (await call('GET', `/api/pjts/${a.id}/iot/lighting/${deviceId}/events`)).json().list as {
    at: string;
    code: string;
    handled: { billId: number; billNo: string; projectId: number } | null;
  }[];

const inbox = async () =>
  (await call('GET', '/api/sitemessages.do/pages/1?status=all', undefined, user.token)).json().list as {
    title: string;
    alarm?: { deviceId: number; code: string; at: string | null; projectId: number; handled: unknown } | null;
  }[];

describe('an alarm opens work', () => {
  it('creates a bill with the device and the alarm, which must be a raise of the device in the project', async () => {
    const at = await raise(lamps[0]!.id, a.id, 30);
    const bill = await billFrom(lamps[0]!.id, at);
    expect(bill.details[0]).toMatchObject({ deviceId: lamps[0]!.id, alarmCode: '19', alarmAt: at });

    // An alarm the device raised while it belonged to another project, and one it never raised.
    const foreignAt = await raise(lamps[1]!.id, b.id, 20);
    for (const alarmAt of [foreignAt, new Date(Date.now() - 1_000).toISOString()]) {
      const refused = await call('POST', base(), {
        title: '跨项目告警',
        deviceId: String(lamps[1]!.id),
        alarmCode: '19',
        alarmAt,
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errors).toEqual([
        { field: 'alarmCode', message: "The alarm does not belong to the work order's project" },
      ]);
    }
    const zh = await call(
      'POST',
      base(),
      { title: '跨项目告警', deviceId: String(lamps[1]!.id), alarmCode: '19', alarmAt: foreignAt },
      admin,
      'zh_CN',
    );
    expect(zh.json().errors).toEqual([{ field: 'alarmCode', message: '告警不属于工单所在项目' }]);
    // The same on a device added to a bill being edited.
    const empty = (await call('POST', base(), { title: '空工单' })).json();
    const add = await call('POST', `${base()}/${empty.id}/details`, {
      deviceId: String(lamps[1]!.id),
      alarmCode: '19',
      alarmAt: foreignAt,
    });
    expect(add.statusCode).toBe(400);
    // A code without its time (or device) is not an alarm.
    const half = await call('POST', base(), { title: '半个告警', deviceId: String(lamps[1]!.id), alarmCode: '19' });
    expect(half.statusCode).toBe(400);
    expect(half.json().errors).toEqual([
      { field: 'alarmCode', message: 'An alarm needs its device, its code and when it occurred' },
    ]);
  });

  it('shows the alarm handled, with its bill, once its line is completed; not when abandoned', async () => {
    const lamp = lamps[2]!;
    const first = await raise(lamp.id, a.id, 50);
    const second = await raise(lamp.id, a.id, 10);
    expect((await eventsOf(lamp.id)).map((e) => e.handled)).toEqual([null, null]);

    const abandoned = await billFrom(lamp.id, second);
    await approveAndHandle(abandoned, '-1');
    expect((await eventsOf(lamp.id)).map((e) => e.handled)).toEqual([null, null]);

    const done = await billFrom(lamp.id, first);
    await approveAndHandle(done, '1');
    const events = await eventsOf(lamp.id);
    expect(events.find((e) => e.at === second)?.handled).toBeNull();
    expect(events.find((e) => e.at === first)?.handled).toEqual({
      billId: done.id,
      billNo: done.no,
      projectId: a.id,
      projectName: a.name,
    });
  });

  it("a device alarm's site message names the alarm, and its work once the newest raise is handled", async () => {
    const lamp = lamps[0]!;
    await messages.send(alarmMessage({ ...lamp, type: 'lighting' }, '19', { project: a.name }), [user.id]);
    await messages.send({ title: '普通消息', content: '' }, [user.id]);
    const [plain, message] = await inbox();
    expect(plain!.alarm ?? null).toBeNull();
    expect(message!.title).toContain(lamp.name);
    expect(message!.alarm).toMatchObject({
      deviceId: lamp.id,
      deviceName: lamp.name,
      deviceType: 'lighting',
      projectId: a.id,
      code: '19',
      handled: null,
    });
    // The newest raise of the code is the one the message stands for; its bill completed, it is handled.
    const at = message!.alarm!.at!;
    const bill = await billFrom(lamp.id, at);
    await approveAndHandle(bill, '1');
    const [, after] = await inbox();
    expect(after!.alarm!.handled).toMatchObject({ billId: bill.id, billNo: bill.no, projectId: a.id });
    handledBill = bill;

    // A reader whose projects do not hold the device reads the message without its alarm.
    const outsider = await createUser(t.database.db, (await createRole(t.database.db, b.id, {})).id);
    await messages.send(alarmMessage({ ...lamp, type: 'lighting' }, '19', { project: a.name }), [outsider.id]);
    const outside = await call(
      'GET',
      '/api/sitemessages.do/pages/1?status=all',
      undefined,
      await t.token(outsider.name, outsider.password),
    );
    expect(outside.json().list).toEqual([expect.objectContaining({ title: message!.title })]);
    expect(outside.json().list[0].alarm ?? null).toBeNull();
  });

  it("a pole shows a device's last alarm handled by the work order that completed it", async () => {
    const db = t.database.db;
    const [pole] = await db
      .insert(deviceGroups)
      .values({ name: '告警杆', no: `AW-${Date.now() % 100000}`, projectId: a.id })
      .returning();
    await db.update(devices).set({ groupId: pole!.id }).where(sql`${devices.id} in (${lamps[0]!.id}, ${lamps[2]!.id})`);
    const view = (await call('GET', `${base()}/poles/${pole!.id}`)).json();
    const byId = new Map(view.devices.map((d: { id: number }) => [d.id, d]));
    // Lamp 0's only raise was completed; lamp 2's newest was abandoned.
    expect(byId.get(lamps[0]!.id)).toMatchObject({
      alarmCode: '19',
      handled: { billId: handledBill.id, billNo: handledBill.no, projectId: a.id },
    });
    expect(byId.get(lamps[2]!.id)).toMatchObject({ alarmCode: '19', handled: null });
  });
});
