import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roles, users } from '../db/schema/index.js';
import { createSiteMessagesRepository } from '../modules/messages/site-messages.repository.js';
import { createSiteMessagesService } from '../modules/messages/site-messages.service.js';
import { createNoticesRepository } from '../modules/project/notices/notices.repository.js';
import { createNotifier } from '../modules/project/notices/notifier.js';
import { createSettingsRepository } from '../modules/system/settings.repository.js';
import { createSettingsService } from '../modules/system/settings.service.js';
import { createIotDevice, createProject, createRole, createUser, queryRows } from '../test/factories.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { createAlarmNoticesRepository } from './alarm-notices.repository.js';
import { createDeviceNotices } from './device-notices.js';
import { connectTestDevice, eventually } from './test-device.js';

/**
 * Device alarms and offline events reach site messages by default (issue 13): the project's users and
 * the administrators who see the project, named in words, without flooding.
 */
let t: TestApp;
let tree: Awaited<ReturnType<typeof setUp>>;
beforeAll(async () => {
  t = await createTestApp({}, { mqtt: true });
  tree = await setUp();
});
afterAll(() => t.close());

const db = () => t.database.db;

async function user(projectId: number, admin = false, status = 1) {
  const role = await createRole(db(), projectId);
  if (admin) await db().update(roles).set({ admin: true }).where(eq(roles.id, role.id));
  const u = await createUser(db(), role.id);
  if (status !== 1) await db().update(users).set({ status }).where(eq(users.id, u.id));
  return u;
}

/** Root (the built-in administrator) → city → district and its sibling, with users at each level. */
async function setUp() {
  const city = await createProject(db(), 1);
  const district = await createProject(db(), city.id);
  const sibling = await createProject(db(), city.id);
  const [admin] = await db().select({ id: users.id }).from(users).where(eq(users.name, 'admin'));
  return {
    city,
    district,
    sibling,
    admin: admin!.id,
    districtUser: (await user(district.id)).id,
    cityAdmin: (await user(city.id, true)).id,
    cityOperator: (await user(city.id)).id,
    siblingAdmin: (await user(sibling.id, true)).id,
    disabled: (await user(district.id, false, 0)).id,
  };
}

const titlesOf = async (userId: number) =>
  (
    await queryRows<{ title: string }>(
      db(),
      sql`select title from site_messages where recipient_id = ${userId} order by id`,
    )
  ).map((r) => r.title);
const readAs = async (userId: number, lang: 'zh_CN' | 'en_US') => {
  const messages = createSiteMessagesService({
    messages: createSiteMessagesRepository(db()),
    settings: createSettingsService(createSettingsRepository(db()), 0),
  });
  return (await messages.list(userId, 'all', lang)).map((m) => m.title);
};

describe('device alarms and offline events as site messages', () => {
  it("reach the project's users and the administrators who see it, nobody else", async () => {
    const messages = createSiteMessagesService({
      messages: createSiteMessagesRepository(db()),
      settings: createSettingsService(createSettingsRepository(db()), 0),
    });
    let clock = 1_000_000;
    const settings = createSettingsService(createSettingsRepository(db()), 0);
    const instance = () =>
      createDeviceNotices({
        notifier: createNotifier({
          notices: createNoticesRepository(db()),
          siteMessages: messages,
          settings,
          queued: () => {},
          log: t.app.log,
        }),
        alarms: createAlarmNoticesRepository(db()),
        log: t.app.log,
        now: () => clock,
      });
    const notices = instance();
    const device = await createIotDevice(db(), { type: 'lighting', modelNo: 'lcunb', projectId: tree.district.id });
    const lamp = { id: device.id, projectId: tree.district.id, name: '中山路 12 号灯', type: 'lighting' };
    const occur = { code: '19', type: 'occur', level: 'alarm' } as const;
    const restore = { code: '19', type: 'restore', level: 'alarm' } as const;

    expect(await notices.alarm(lamp, occur)).toBe(3); // district user, city administrator, root administrator
    for (const id of [tree.districtUser, tree.cityAdmin, tree.admin])
      expect(await titlesOf(id)).toContain(`设备告警：中山路 12 号灯（${tree.district.name}），灯具故障`);
    for (const id of [tree.cityOperator, tree.siblingAdmin, tree.disabled]) expect(await titlesOf(id)).toEqual([]);
    expect((await readAs(tree.districtUser, 'en_US'))[0]).toBe(
      `Device alarm: 中山路 12 号灯 (${tree.district.name}), Lamp fault`,
    );

    // Raised again while open: nothing. Restored and raised at once (flapping): nothing either.
    expect(await notices.alarm(lamp, occur)).toBe(0);
    expect(await notices.alarm(lamp, restore)).toBe(0);
    expect(await notices.alarm(lamp, occur)).toBe(0);
    // Restored, then raised again past the same-event interval (300 s by default): announced again, folded
    // into the message nobody has read yet, which counts it.
    await notices.alarm(lamp, restore);
    clock += 301_000;
    expect(await notices.alarm(lamp, occur)).toBe(3);
    expect((await readAs(tree.districtUser, 'en_US'))[0]).toBe(
      `Device alarm: 中山路 12 号灯 (${tree.district.name}), Lamp fault (×2)`,
    );
    // Another code of the same device is another alarm.
    expect(await notices.alarm(lamp, { code: 'LAMP_OVER_CURRENT', type: 'occur', level: 'alarm' })).toBe(3);
    expect((await titlesOf(tree.districtUser)).length).toBe(2);

    // After a restart, or on another instance, an open alarm is still open: nothing more.
    const restarted = instance();
    expect(await restarted.alarm(lamp, occur)).toBe(0);
    // Two instances handling the same new alarm at once announce it once.
    const raised = { code: 'LAMP_UNDER_VOLTAGE', type: 'occur', level: 'alarm' } as const;
    const sent = await Promise.all([notices.alarm(lamp, raised), restarted.alarm(lamp, raised)]);
    expect(sent.sort()).toEqual([0, 3]);
    // Restored on one, raised past the interval on the other: announced again.
    await notices.alarm(lamp, restore);
    clock += 301_000;
    expect(await restarted.alarm(lamp, occur)).toBe(3);
    expect((await titlesOf(tree.districtUser)).length).toBe(3);
  });

  it('sends an alarm over MQTT from a device of a child project to the root administrator', async () => {
    const d = await createIotDevice(db(), { type: 'envmonitor', modelNo: 'envrs485', projectId: tree.sibling.id });
    const before = (await titlesOf(tree.admin)).length;
    const device = await connectTestDevice(t.app.iot.broker()!.port, d.equipmentId, d.key1);
    for (let i = 0; i < 3; i++)
      await device.publish('event', { code: 'PM25_HIGH', type: 'occur', level: 'alarm', detail: { pm25: 260 } });
    await device.close();
    const titles = await eventually(
      () => titlesOf(tree.admin),
      (r) => r.length > before,
    );
    expect(titles.slice(before)).toEqual([`设备告警：${d.name}（${tree.sibling.name}），PM2.5 超标`]);
    expect(await titlesOf(tree.siblingAdmin)).toContain(`设备告警：${d.name}（${tree.sibling.name}），PM2.5 超标`);
    expect(await titlesOf(tree.districtUser)).not.toContain(`设备告警：${d.name}（${tree.sibling.name}），PM2.5 超标`);
  });

  it('sends devices of one project that go offline together as one message, once until they come back', async () => {
    const a = await createIotDevice(db(), {
      type: 'lighting',
      modelNo: 'lcunb',
      projectId: tree.district.id,
      activeState: 1,
    });
    const b = await createIotDevice(db(), {
      type: 'envmonitor',
      modelNo: 'envrs485',
      projectId: tree.district.id,
      activeState: 1,
    });
    await db().execute(
      sql`update devices set last_active_at = now() - interval '2 days' where id in (${a.id}, ${b.id})`,
    );
    const before = (await titlesOf(tree.districtUser)).length;
    const changed = await t.app.iot.jobs.silence();
    expect(changed.map((c) => c.id)).toEqual(expect.arrayContaining([a.id, b.id]));
    const titles = (await titlesOf(tree.districtUser)).slice(before);
    expect(titles).toHaveLength(1);
    expect(titles[0]).toMatch(new RegExp(`^设备离线：设备\\S+ 等 2 台设备（${tree.district.name}）$`));
    expect((await readAs(tree.admin, 'en_US'))[0]).toMatch(/^Devices offline: \S+ and 1 more \(/);
    // Still silent at the next run: no new message.
    await t.app.iot.jobs.silence();
    expect((await titlesOf(tree.districtUser)).length).toBe(before + 1);
  });
});
