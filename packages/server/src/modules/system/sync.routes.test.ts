import { NOTICE_EVENTS } from '@sc/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manageLogs, projectModules, roles } from '../../db/schema/index.js';
import { createRole, createUser } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const sync = (token: string) => t.app.inject({ method: 'PATCH', url: `/api/syncsysdata.do?token=${token}` });

describe('PATCH /api/syncsysdata.do', () => {
  it('repairs built-in data once, then changes nothing, and audits each run', async () => {
    const db = t.database.db;
    const admin = await t.token();
    await db.delete(projectModules).where(eq(projectModules.projectId, 1));
    const first = await sync(admin);
    expect(first.statusCode).toBe(200);
    expect(first.json().steps).toContainEqual({ name: 'rootProjectModules', changed: true });
    expect(first.json().steps).toContainEqual({ name: 'rootAdminRole', changed: false });
    expect((await db.select().from(projectModules).where(eq(projectModules.projectId, 1))).length).toBeGreaterThan(5);
    expect((await sync(admin)).json().steps.every((s: { changed: boolean }) => !s.changed)).toBe(true);
    expect((await db.select().from(manageLogs).where(eq(manageLogs.action, 'sync'))).length).toBe(2);
  });

  it('marks the built-in administrator role admin again without touching other roles', async () => {
    const db = t.database.db;
    const other = await createRole(db, 1, { syssettings: 5 });
    const operator = await createUser(db, other.id);
    const token = await t.token(operator.name, operator.password);
    await db.update(roles).set({ admin: false }).where(eq(roles.no, 'admin'));
    expect((await sync(token)).json().steps).toContainEqual({ name: 'rootAdminRole', changed: true });
    const [builtin] = await db
      .select()
      .from(roles)
      .where(and(eq(roles.no, 'admin'), eq(roles.projectId, 1)));
    expect(builtin!.admin).toBe(true);
    const [untouched] = await db.select().from(roles).where(eq(roles.id, other.id));
    expect(untouched!.admin).toBe(false);
  });

  it('needs the edit level on system settings', async () => {
    const viewer = await createUser(t.database.db, (await createRole(t.database.db, 1, { syssettings: 1 })).id);
    expect((await sync(await t.token(viewer.name, viewer.password))).statusCode).toBe(403);
  });
});

describe('GET /api/noticeevents.do', () => {
  it('answers the events with localised names and their notice types', async () => {
    const admin = await t.token();
    const zh = (await t.app.inject({ method: 'GET', url: `/api/noticeevents.do?token=${admin}` })).json();
    expect(zh).toHaveLength(NOTICE_EVENTS.length);
    expect(zh.find((e: { code: string }) => e.code === 'ALARM_LIGHTING')?.name).toBe('单灯控制器告警');
    expect(zh[0]).toEqual({
      id: 1,
      code: 'DEVICE_OFFLINE',
      name: '设备离线',
      noticeTypes: ['SITEMESSAGE', 'EMAIL', 'SMS'],
    });
    const en = (await t.app.inject({ method: 'GET', url: `/api/noticeevents.do?token=${admin}&lang=en_US` })).json();
    expect(en.find((e: { code: string }) => e.code === 'WORK_ORDER_DONE')).toMatchObject({
      name: 'Work order done',
      noticeTypes: ['SITEMESSAGE', 'EMAIL'],
    });
  });
});
