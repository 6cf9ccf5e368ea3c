import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectTestDevice, eventually } from '../../../iot/test-device.js';
import { apiCaller, signInWith } from '../../../test/caller.js';
import { createIotDevice, createProject, createRole, createUser, queryRows } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { createSettingsRepository } from '../../system/settings.repository.js';
import { createSettingsService } from '../../system/settings.service.js';
import { createDeliveryWorker } from './delivery-worker.js';
import { createMailTransport } from './mail-transport.js';
import { createNoticesRepository } from './notices.repository.js';
import { createRecordingSmsProvider } from './sms-provider.js';
import { startTestSmtp } from './test-smtp.js';

/**
 * Notice rules (spec 001 §7 noticerules.do, noticeevents/{eventId}): site messages, real e-mail through
 * an SMTP server started here, SMS to a recording provider; retries with backoff kept in the database.
 */
let t: TestApp;
let admin: string;
let smtp: Awaited<ReturnType<typeof startTestSmtp>>;
const sms = createRecordingSmsProvider();
const call = apiCaller(
  () => t,
  () => admin,
);
let city: { id: number; name: string; path: string };
let district: { id: number; name: string; path: string };
let sibling: { id: number; name: string; path: string };

/** The lamp controllers' alarm event (ids of family events follow the families' list: looked up). */
let lampEventId = 0;

beforeAll(async () => {
  smtp = await startTestSmtp();
  t = await createTestApp({}, { mqtt: true, smsProvider: sms });
  admin = await t.token();
  const db = t.database.db;
  city = await createProject(db, 1, ['project']);
  district = await createProject(db, city.id, ['project']);
  sibling = await createProject(db, 1, ['project']);
  for (const [id, value] of [
    ['mailServer', '127.0.0.1'],
    ['smtpPort', String(smtp.port)],
    ['mailAccount', 'console@city.example.cn'],
  ])
    expect((await call('PUT', `/api/webparams.do/${id}`, { value })).statusCode).toBe(200);
  const rules = (await call('GET', `/api/pjts/${city.id}/noticerules.do`)).json();
  const lamp = rules.rules.find((r: { code: string }) => r.code === 'ALARM_LIGHTING');
  lampEventId = lamp.eventId;
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const rule = (over: Record<string, string> = {}) => ({
  types: 'SITEMESSAGE,EMAIL,SMS',
  emails: 'duty@city.example.cn',
  mobiles: '13800138000',
  lang: 'en_US',
  interval: '600',
  ...over,
});

describe('GET /api/pjts/{projectId}/noticerules.do', () => {
  it("lists every event with the rule in force, in the reader's language", async () => {
    const zh = (await call('GET', `/api/pjts/${district.id}/noticerules.do`, undefined, admin, 'zh_CN')).json();
    const offline = zh.rules.find((r: { code: string }) => r.code === 'DEVICE_OFFLINE');
    expect(offline).toMatchObject({ name: '设备离线', source: 'default', types: ['SITEMESSAGE'], interval: 300 });
    expect(zh.rules.find((r: { code: string }) => r.code === 'ALARM_LIGHTING').name).toBe('单灯控制器告警');
    expect(zh.mailConfigured).toBe(true);
    const en = (await call('GET', `/api/pjts/${district.id}/noticerules.do`)).json();
    expect(en.rules.find((r: { code: string }) => r.code === 'CABLE_THEFT').name).toBe('Cable theft');
  });

  it("refuses another project's rules (404) and needs the view level", async () => {
    const other = await signInWith(t, sibling.id, { pjtnoticerule: 5 });
    expect((await call('GET', `/api/pjts/${district.id}/noticerules.do`, undefined, other)).statusCode).toBe(404);
    const none = await signInWith(t, district.id, {});
    expect((await call('GET', `/api/pjts/${district.id}/noticerules.do`, undefined, none)).statusCode).toBe(403);
  });
});

describe('POST /api/pjts/{projectId}/noticeevents/{eventId}', () => {
  it('saves a rule that the sub-projects inherit, and deletes it back to the default', async () => {
    const saved = await call('POST', `/api/pjts/${city.id}/noticeevents/1`, rule({ types: 'SITEMESSAGE,EMAIL' }));
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ code: 'DEVICE_OFFLINE', source: 'own', types: ['SITEMESSAGE', 'EMAIL'] });
    const below = (await call('GET', `/api/pjts/${district.id}/noticerules.do`)).json();
    expect(below.rules.find((r: { code: string }) => r.code === 'DEVICE_OFFLINE')).toMatchObject({
      source: 'inherited',
      sourceProject: city.name,
      emails: ['duty@city.example.cn'],
    });
    const removed = await call('DELETE', `/api/pjts/${city.id}/noticeevents/1`);
    expect(removed.json()).toMatchObject({ source: 'default' });
    expect((await call('DELETE', `/api/pjts/${city.id}/noticeevents/1`)).statusCode).toBe(404);
  });

  it('refuses bad receivers and intervals with the localised message', async () => {
    const en = await call('POST', `/api/pjts/${city.id}/noticeevents/1`, rule({ emails: 'not-an-address' }));
    expect(en.statusCode).toBe(400);
    expect(en.json().errors[0].field).toBe('emails.0');
    const zh = await call(
      'POST',
      `/api/pjts/${city.id}/noticeevents/1`,
      rule({ mobiles: '2380013800' }),
      admin,
      'zh_CN',
    );
    expect(zh.statusCode).toBe(400);
    expect(zh.json().message).toMatch(/手机号/);
    const interval = await call('POST', `/api/pjts/${city.id}/noticeevents/1`, rule({ interval: '30' }));
    expect(interval.json().message).toBe('Allowed range: 60 - 3600.');
    const noReceiver = await call('POST', `/api/pjts/${city.id}/noticeevents/1`, rule({ emails: '' }));
    expect(noReceiver.json().message).toBe('E-mail notices need at least one receiving address');
    const sms = await call('POST', `/api/pjts/${city.id}/noticeevents/10`, rule({ types: 'SMS' }));
    expect(sms.json().message).toBe('This event cannot be notified by SMS');
    expect((await call('POST', `/api/pjts/${city.id}/noticeevents/999`, rule())).statusCode).toBe(404);
  });

  it("refuses another project's rule (404) and a viewer's write (403); users must be the project's", async () => {
    const viewer = await signInWith(t, city.id, { pjtnoticerule: 1 });
    expect((await call('POST', `/api/pjts/${city.id}/noticeevents/1`, rule(), viewer)).statusCode).toBe(403);
    const other = await signInWith(t, sibling.id, { pjtnoticerule: 5 });
    expect((await call('POST', `/api/pjts/${city.id}/noticeevents/1`, rule(), other)).statusCode).toBe(404);
    const outsider = await createUser(t.database.db, (await createRole(t.database.db, sibling.id)).id);
    const wrongUser = await call('POST', `/api/pjts/${city.id}/noticeevents/1`, rule({ userIds: String(outsider.id) }));
    expect(wrongUser.statusCode).toBe(400);
    expect(wrongUser.json().message).toBe('SMS receivers must be users of this project or its sub-projects');
  });
});

describe('POST /api/pjts/{projectId}/noticerules.do/test', () => {
  it("sends a real e-mail, and tells the server's refusal in the reader's language", async () => {
    const before = smtp.received.length;
    const ok = await call('POST', `/api/pjts/${city.id}/noticerules.do/test`, {
      channel: 'EMAIL',
      to: 'tester@city.example.cn',
    });
    expect(ok.json()).toEqual({ sent: true, message: 'Test message sent: the server accepted it' });
    const mail = smtp.received[before]!;
    expect(mail.to).toEqual(['tester@city.example.cn']);
    expect(mail.from).toBe('console@city.example.cn');
    expect(mail.subject).toBe(`Test message: ${city.name}`);

    smtp.refuse('5.1.1 mailbox unavailable');
    const zh = await call(
      'POST',
      `/api/pjts/${city.id}/noticerules.do/test`,
      { channel: 'EMAIL', to: 'nobody@city.example.cn' },
      admin,
      'zh_CN',
    );
    smtp.refuse(null);
    expect(zh.json().sent).toBe(false);
    expect(zh.json().message).toMatch(/^邮件服务器拒绝了这封邮件：550 5\.1\.1 mailbox unavailable/);

    const smsTest = await call('POST', `/api/pjts/${city.id}/noticerules.do/test`, {
      channel: 'SMS',
      to: '13900139000',
    });
    expect(smsTest.json().sent).toBe(true);
    expect(sms.sent.at(-1)!.to).toBe('13900139000');

    const bad = await call(
      'POST',
      `/api/pjts/${city.id}/noticerules.do/test`,
      { channel: 'EMAIL', to: 'x' },
      admin,
      'zh_CN',
    );
    expect(bad.statusCode).toBe(400);
    const viewer = await signInWith(t, city.id, { pjtnoticerule: 1 });
    expect(
      (await call('POST', `/api/pjts/${city.id}/noticerules.do/test`, { channel: 'SMS', to: '13900139000' }, viewer))
        .statusCode,
    ).toBe(403);

    const history = (await call('GET', `/api/pjts/${city.id}/noticerules.do/deliveries?channel=EMAIL`)).json();
    expect(history.historyDays).toBe(30);
    expect(history.list[0]).toMatchObject({ recipient: 'nobody@city.example.cn', status: 'failed' });
    expect(history.list[0].reason).toMatch(/550/);
    // The viewer reads the history; only SMS when asked.
    const smsOnly = await call('GET', `/api/pjts/${city.id}/noticerules.do/deliveries?channel=SMS`, undefined, viewer);
    expect(smsOnly.statusCode).toBe(200);
    expect(smsOnly.json().list.map((d: { channel: string }) => d.channel)).toEqual(
      smsOnly.json().list.map(() => 'SMS'),
    );
    expect(smsOnly.json().list[0]).toMatchObject({ recipient: '13900139000', status: 'sent' });
  });

  it("refuses another project's test and history (404) and a bad channel, in the reader's language", async () => {
    const other = await signInWith(t, sibling.id, { pjtnoticerule: 5 });
    const test = { channel: 'SMS', to: '13900139000' };
    expect((await call('POST', `/api/pjts/${city.id}/noticerules.do/test`, test, other)).statusCode).toBe(404);
    expect((await call('GET', `/api/pjts/${city.id}/noticerules.do/deliveries`, undefined, other)).statusCode).toBe(
      404,
    );
    const en = await call('GET', `/api/pjts/${city.id}/noticerules.do/deliveries?channel=FAX`);
    expect(en.statusCode).toBe(400);
    const zh = await call(
      'GET',
      `/api/pjts/${city.id}/noticerules.do/deliveries?channel=FAX`,
      undefined,
      admin,
      'zh_CN',
    );
    expect(zh.statusCode).toBe(400);
    expect(zh.json().message).toMatch(/[\u4e00-\u9fa5]/);
    expect(en.json().message).not.toBe(zh.json().message);
    const zhTest = await call(
      'POST',
      `/api/pjts/${city.id}/noticerules.do/test`,
      { channel: 'SMS', to: '123' },
      admin,
      'zh_CN',
    );
    expect(zhTest.statusCode).toBe(400);
    expect(zhTest.json().message).toMatch(/[\u4e00-\u9fa5]/);
  });
});

describe('an alarm of a simulated device', () => {
  it('becomes a site message, an e-mail and an SMS, once per minimum interval', async () => {
    const db = t.database.db;
    const operator = await createUser(db, (await createRole(db, district.id)).id);
    await db.execute(sql`update users set phone_no = '13700137000' where id = ${operator.id}`);
    const saved = await call(
      'POST',
      `/api/pjts/${district.id}/noticeevents/${lampEventId}`,
      rule({ userIds: String(operator.id) }),
    );
    expect(saved.statusCode).toBe(200);
    const d = await createIotDevice(db, { type: 'lighting', modelNo: 'lcunb', projectId: district.id });
    const mails = smtp.received.length;
    const texts = sms.sent.length;
    const titles = async () =>
      (
        await queryRows<{ title: string }>(
          db,
          sql`select title from site_messages where recipient_id = ${operator.id} order by id`,
        )
      ).map((r) => r.title);

    const device = await connectTestDevice(t.app.iot.broker()!.port, d.equipmentId, d.key1);
    const raise = async () => {
      await device.publish('event', { code: '19', type: 'occur', level: 'alarm' });
      await device.publish('event', { code: '19', type: 'restore', level: 'alarm' });
    };
    await raise();
    expect(await eventually(titles, (r) => r.length === 1)).toEqual([
      `设备告警：${d.name}（${district.name}），灯具故障`,
    ]);
    await eventually(
      async () => {
        await t.app.noticeDeliveries.drain();
        return smtp.received.length - mails + sms.sent.length - texts;
      },
      (n) => n === 3,
    );
    const mail = smtp.received.at(-1)!;
    expect(mail.to).toEqual(['duty@city.example.cn']);
    expect(mail.subject).toBe(`Device alarm: ${d.name} (${district.name}), Lamp fault`);
    expect(mail.text).toContain(`Project: ${district.name}`);
    expect(
      sms.sent
        .slice(texts)
        .map((s) => s.to)
        .sort(),
    ).toEqual(['13700137000', '13800138000']);
    expect(sms.sent.at(-1)!.content).toMatch(/^Device alarm: .*Lamp fault \d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);

    // Raised again within the rule's 600 s: nothing on any channel.
    await raise();
    await device.publish('heartbeat', {});
    await new Promise((r) => setTimeout(r, 500));
    await t.app.noticeDeliveries.drain();
    expect(await titles()).toHaveLength(1);
    expect(smtp.received.length - mails).toBe(1);
    expect(sms.sent.length - texts).toBe(2);

    // Once the interval has passed (its last announcement moved back), the next raise notifies again.
    await db.execute(
      sql`update device_alarm_notices set notified_at = notified_at - interval '601 seconds' where device_id = ${d.id}`,
    );
    await raise();
    await eventually(titles, (r) => r.length === 2);
    await eventually(
      async () => {
        await t.app.noticeDeliveries.drain();
        return smtp.received.length - mails;
      },
      (n) => n === 2,
    );
    await device.close();
  });
});

describe('deliveries', () => {
  it('are retried with backoff and their reason, survive a restart, and give up after five attempts', async () => {
    const db = t.database.db;
    let clock = Date.parse('2030-01-01T00:00:00Z');
    const settings = createSettingsService(createSettingsRepository(db), 0);
    const notices = createNoticesRepository(db);
    const worker = (log = t.app.log) =>
      createDeliveryWorker({
        notices,
        mail: createMailTransport(settings),
        sms,
        settings,
        log,
        now: () => clock,
      });
    await notices.enqueue(
      [
        {
          projectId: sibling.id,
          eventCode: 'DEVICE_OFFLINE',
          channel: 'EMAIL',
          recipient: 'late@city.example.cn',
          subject: 'offline',
          body: 'offline',
        },
      ],
      new Date(clock),
    );
    const row = async () =>
      (
        await queryRows<{ status: string; attempts: number; last_error: string | null; next_at: Date | string }>(
          db,
          sql`select status, attempts, last_error, next_at from notice_deliveries where recipient = 'late@city.example.cn'`,
        )
      )[0]!;

    smtp.refuse('4.2.2 mailbox full');
    await worker().drain();
    let r = await row();
    expect(r).toMatchObject({ status: 'pending', attempts: 1 });
    expect(r.last_error).toMatch(/^refused: 550 4\.2\.2 mailbox full/);
    expect(new Date(r.next_at).getTime()).toBe(clock + 30_000);

    // A new worker (a restart) finds it; not before it is due.
    await worker().drain();
    expect((await row()).attempts).toBe(1);
    clock += 30_000;
    await worker().drain();
    r = await row();
    expect(r.attempts).toBe(2);
    expect(new Date(r.next_at).getTime()).toBe(clock + 120_000);

    smtp.refuse(null);
    clock += 120_000;
    const before = smtp.received.length;
    await worker().drain();
    expect(await row()).toMatchObject({ status: 'sent', attempts: 3, last_error: null });
    expect(smtp.received.length).toBe(before + 1);

    // A number the provider keeps refusing: failed after five attempts, with the last reason.
    await notices.enqueue(
      [
        {
          projectId: sibling.id,
          eventCode: 'DEVICE_OFFLINE',
          channel: 'SMS',
          recipient: '13600136000',
          subject: 's',
          body: 's',
        },
      ],
      new Date(clock),
    );
    sms.refuse('HTTP 429 quota');
    for (let i = 0; i < 6; i++) {
      await worker().drain();
      clock += 3_600_000;
    }
    sms.refuse(null);
    const [failed] = await queryRows<{ status: string; attempts: number; last_error: string }>(
      db,
      sql`select status, attempts, last_error from notice_deliveries where recipient = '13600136000'`,
    );
    expect(failed).toEqual({ status: 'failed', attempts: 5, last_error: 'refused: HTTP 429 quota' });
  });

  it('are kept for the SMS history setting: older ones sent or failed are removed, pending ones stay', async () => {
    const db = t.database.db;
    const now = Date.parse('2031-06-01T00:00:00Z');
    const settings = createSettingsService(createSettingsRepository(db), 0);
    const notices = createNoticesRepository(db);
    const worker = () =>
      createDeliveryWorker({
        notices,
        mail: createMailTransport(settings),
        sms,
        settings,
        log: t.app.log,
        now: () => now,
      });
    const day = 86_400_000;
    const enqueue = (recipient: string, at: number) =>
      notices.enqueue(
        [{ projectId: sibling.id, eventCode: 'DEVICE_OFFLINE', channel: 'SMS', recipient, subject: 's', body: 's' }],
        new Date(at),
      );
    await enqueue('13500135031', now - 31 * day);
    await enqueue('13500135029', now - 29 * day);
    await enqueue('13500135040', now - 40 * day);
    // The first two were sent long ago; the third still waits (due now).
    await db.execute(
      sql`update notice_deliveries set status = 'sent' where recipient in ('13500135031', '13500135029')`,
    );
    await db.execute(sql`update notice_deliveries set next_at = ${new Date(now + day).toISOString()}::timestamptz
      where recipient = '13500135040'`);
    const left = async () =>
      (
        await queryRows<{ recipient: string }>(
          db,
          sql`select recipient from notice_deliveries where recipient like '135001350%' order by recipient`,
        )
      ).map((r) => r.recipient);
    // 30 days by default: the one of 31 days ago goes.
    await worker().drain();
    expect(await left()).toEqual(['13500135029', '13500135040']);
    // 3 days (the least): the sent one of 29 days ago goes too; the pending one stays.
    expect((await call('PUT', '/api/webparams.do/smsHistoryDays', { value: '3' })).statusCode).toBe(200);
    await worker().drain();
    expect(await left()).toEqual(['13500135040']);
    expect((await call('PUT', '/api/webparams.do/smsHistoryDays', { value: '2' })).statusCode).toBe(400);
    await call('PUT', '/api/webparams.do/smsHistoryDays', { value: '30' });
  });
});
