import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roles } from '../../db/schema/index.js';
import { createProject, createRole, createUser } from '../../test/factories.js';
import { createTestApp, form, type TestApp } from '../../test/test-app.js';
import { createSettingsRepository } from '../system/settings.repository.js';
import { createSettingsService } from '../system/settings.service.js';
import { createSiteMessagesRepository } from './site-messages.repository.js';
import { createSiteMessagesService, type SiteMessagesService } from './site-messages.service.js';

let t: TestApp;
let messages: SiteMessagesService;
beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  messages = createSiteMessagesService({
    messages: createSiteMessagesRepository(db),
    settings: createSettingsService(createSettingsRepository(db), 0),
  });
});
afterAll(() => t.close());

async function newUser(projectId = 1, permissions: Record<string, number> = {}) {
  const user = await createUser(t.database.db, (await createRole(t.database.db, projectId, permissions)).id);
  return { ...user, token: await t.token(user.name, user.password) };
}
const call = (method: 'GET' | 'PATCH' | 'DELETE', url: string, token: string, extra: object = {}, lang = 'en_US') =>
  t.app.inject({ method, url: `${url}${url.includes('?') ? '&' : '?'}token=${token}&lang=${lang}`, ...extra });
const titles = async (token: string, status = 'all') =>
  (await call('GET', `/api/sitemessages.do?status=${status}`, token)).json().map((m: { title: string }) => m.title);

describe('site messages', () => {
  it('lists the caller’s messages newest first, from the built-in administrator by default', async () => {
    const user = await newUser();
    await messages.send({ title: 'first', content: 'a' }, [user.id]);
    await messages.send({ title: 'second', content: 'b' }, [user.id, user.id]);
    const res = await call('GET', '/api/sitemessages.do', user.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      expect.objectContaining({
        title: 'second',
        content: 'b',
        isRead: false,
        isDeleted: false,
        senderName: 'System administrator',
      }),
      expect.objectContaining({ title: 'first' }),
    ]);
    expect(res.json()[0].createdAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect((await call('GET', '/api/sitemessages.do/count/unread', user.token)).json()).toEqual({
      count: 2,
      alarms: { alarm: 0, warning: 0 },
    });
  });

  it('folds repeats of one device alarm into the unread message with a count, until it is read', async () => {
    const user = await newUser();
    const other = await newUser();
    const alarm = (severity: 'alarm' | 'warning', key = 'alarm:7:19') => ({
      titleKey: 'messages.system.alarmCodeIn',
      titleParams: { name: 'L1', project: 'P', code: '19' },
      content: '',
      fold: { key, severity },
    });
    expect(await messages.send(alarm('alarm'), [user.id])).toBe(1);
    expect(await messages.send(alarm('alarm'), [user.id, other.id])).toBe(2);
    expect(await messages.send(alarm('alarm'), [user.id])).toBe(1);
    expect(await titles(user.token)).toEqual(['Device alarm: L1 (P), unrecognised alarm (19) (×3)']);
    expect(await titles(other.token)).toEqual(['Device alarm: L1 (P), unrecognised alarm (19)']);
    const zh = await call('GET', '/api/sitemessages.do', user.token, {}, 'zh_CN');
    expect(zh.json()[0].title).toBe('设备告警：L1（P），未识别的告警（19）（×3）');
    await messages.send(alarm('warning', 'alarm:8:PM25_HIGH'), [user.id]);
    // The bell: unread messages, and among them the device alarms by level.
    expect((await call('GET', '/api/sitemessages.do/count/unread', user.token)).json()).toEqual({
      count: 2,
      alarms: { alarm: 1, warning: 1 },
    });
    // Once read, the next repeat is a new message.
    const [first] = (await call('GET', '/api/sitemessages.do', user.token))
      .json()
      .filter((m: { title: string }) => m.title.endsWith('(×3)'));
    expect((await call('PATCH', `/api/sitemessages.do/isread/${first.id}`, user.token)).statusCode).toBe(200);
    await messages.send(alarm('alarm'), [user.id]);
    expect(await titles(user.token, 'unread')).toContain('Device alarm: L1 (P), unrecognised alarm (19)');
    expect((await call('GET', '/api/sitemessages.do/count/unread', user.token)).json().alarms).toEqual({
      alarm: 1,
      warning: 1,
    });
  });

  it('shows a system title in each reader’s language; Chinese is stored and searched', async () => {
    const user = await newUser();
    await messages.send(
      { titleKey: 'messages.system.devicesOffline', titleParams: { name: '路灯A', count: 3, others: 2 }, content: '' },
      [user.id],
    );
    expect(await titles(user.token)).toEqual(['Devices offline: 路灯A and 2 more']);
    const zh = await call('GET', '/api/sitemessages.do', user.token, {}, 'zh_CN');
    expect(zh.json().map((m: { title: string }) => m.title)).toEqual(['设备离线：路灯A 等 3 台设备']);
    const found = await call('GET', `/api/sitemessages.do/pages/1?keyword=${encodeURIComponent('路灯A')}`, user.token);
    expect(found.json().list.map((m: { title: string }) => m.title)).toEqual(['Devices offline: 路灯A and 2 more']);
    // A reference too long to keep still arrives, in Chinese.
    await messages.send(
      { titleKey: 'messages.system.deviceAlarm', titleParams: { name: '灯'.repeat(400), code: 'X' }, content: '' },
      [user.id],
    );
    expect((await titles(user.token))[0]).toBe(`设备告警：${'灯'.repeat(195)}`);
  });

  it('goes through read, recycle bin, restore and permanent deletion', async () => {
    const user = await newUser();
    await messages.send({ title: 'm1', content: '' }, [user.id]);
    await messages.send({ title: 'm2', content: '' }, [user.id]);
    await messages.send({ title: 'm3', content: '' }, [user.id]);
    const [m3, m2, m1] = (await call('GET', '/api/sitemessages.do', user.token)).json() as { id: number }[];

    const read = await call('PATCH', `/api/sitemessages.do/isread/${m1!.id}`, user.token);
    expect(read.json()).toMatchObject({ id: m1!.id, isRead: true });
    expect(await titles(user.token, 'unread')).toEqual(['m3', 'm2']);
    expect(
      (await call('PATCH', '/api/sitemessages.do/isread', user.token, form({ ids: `${m2!.id},${m3!.id}` }))).json(),
    ).toEqual({ updated: 2 });
    expect(await titles(user.token, 'read')).toEqual(['m3', 'm2', 'm1']);

    expect((await call('PATCH', `/api/sitemessages.do/isdeleted/${m1!.id}`, user.token)).json()).toMatchObject({
      isDeleted: true,
    });
    expect(
      (
        await call('PATCH', '/api/sitemessages.do/isdeleted', user.token, { payload: { ids: [m2!.id, m3!.id] } })
      ).json(),
    ).toEqual({ updated: 2 });
    expect(await titles(user.token, 'all')).toEqual([]);
    expect(await titles(user.token, 'recycle')).toEqual(['m3', 'm2', 'm1']);

    expect((await call('PATCH', `/api/sitemessages.do/restoreisdeleted/${m2!.id}`, user.token)).json()).toMatchObject({
      title: 'm2',
      isDeleted: false,
    });
    expect((await call('DELETE', '/api/sitemessages.do', user.token)).json()).toEqual({ deleted: 2 });
    expect(await titles(user.token, 'recycle')).toEqual([]);
    expect(await titles(user.token, 'all')).toEqual(['m2']);
  });

  it("does not touch another user's messages: 404 for one, ignored in a batch", async () => {
    const owner = await newUser();
    const other = await newUser();
    await messages.send({ title: 'private', content: '' }, [owner.id]);
    const [mine] = (await call('GET', '/api/sitemessages.do', owner.token)).json() as { id: number }[];
    for (const path of ['isread', 'isdeleted', 'restoreisdeleted']) {
      expect((await call('PATCH', `/api/sitemessages.do/${path}/${mine!.id}`, other.token)).statusCode).toBe(404);
    }
    expect(
      (await call('PATCH', '/api/sitemessages.do/isdeleted', other.token, form({ ids: String(mine!.id) }))).json(),
    ).toEqual({ updated: 0 });
    expect((await call('GET', '/api/sitemessages.do', owner.token)).json()[0]).toMatchObject({
      isRead: false,
      isDeleted: false,
    });
  });

  it('pages with a keyword on title and content, page size from the query or the setting', async () => {
    const user = await newUser();
    for (let i = 1; i <= 7; i++)
      await messages.send({ title: `alarm ${i}`, content: i % 2 ? 'lamp fault' : 'cabinet' }, [user.id]);
    const page2 = (await call('GET', '/api/sitemessages.do/pages/2?pageSize=5', user.token)).json();
    expect(page2).toMatchObject({ page: 2, pageSize: 5, total: 7 });
    expect(page2.list.map((m: { title: string }) => m.title)).toEqual(['alarm 2', 'alarm 1']);
    const lamp = (await call('GET', '/api/sitemessages.do/pages/1?keyword=LAMP', user.token)).json();
    expect(lamp).toMatchObject({ pageSize: 25, total: 4 });
    const bad = await call('GET', '/api/sitemessages.do/pages/0', user.token, {}, 'zh_CN');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0]).toMatchObject({ field: 'n' });
    const status = await call('GET', '/api/sitemessages.do?status=new', user.token);
    expect(status.statusCode).toBe(400);
  });

  it('sends to a project and, when asked, its descendants; the sender is the configured administrator', async () => {
    const db = t.database.db;
    const parent = await createProject(db, 1, ['system']);
    const child = await createProject(db, parent.id, ['system']);
    const p = await newUser(parent.id);
    const c = await newUser(child.id);
    expect(await messages.sendToProject(parent.id, { title: 'parent only', content: '' })).toBe(1);
    expect(
      await messages.sendToProject(parent.id, { title: 'whole tree', content: '' }, { includeDescendants: true }),
    ).toBe(2);
    expect(await titles(p.token)).toEqual(['whole tree', 'parent only']);
    expect(await titles(c.token)).toEqual(['whole tree']);

    const adminRole = await createRole(db, 1);
    await db.update(roles).set({ admin: true }).where(eq(roles.id, adminRole.id));
    const operator = await createUser(db, adminRole.id);
    await createSettingsRepository(db).upsert('siteMessageAdmin', operator.id);
    await messages.send({ title: 'from operator', content: '' }, [c.id]);
    expect((await call('GET', '/api/sitemessages.do', c.token)).json()[0]).toMatchObject({
      title: 'from operator',
      senderName: '测试用户',
    });
  });

  it('names a message without a sender with the localised system label', async () => {
    const user = await newUser();
    await createSiteMessagesRepository(t.database.db).insertMany([
      { recipientId: user.id, senderId: null, title: 'orphan' },
    ]);
    expect((await call('GET', '/api/sitemessages.do', user.token)).json()[0].senderName).toBe('System');
    expect((await call('GET', '/api/sitemessages.do', user.token, {}, 'zh_CN')).json()[0].senderName).toBe('系统');
  });

  it('needs a signed-in user (401); sign-in alone is enough since every user has their own messages', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/sitemessages.do' })).statusCode).toBe(401);
    const project = await createProject(t.database.db, 1); // authorised for no module at all
    const user = await newUser(project.id);
    expect((await call('GET', '/api/sitemessages.do', user.token)).statusCode).toBe(200);
  });
});
