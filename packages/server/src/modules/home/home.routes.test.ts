import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devices, siteMessages } from '../../db/schema/index.js';
import { createProject, createRole, createUser } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/summary/home.do', () => {
  it("counts projects, users and devices within the caller's project subtree", async () => {
    const db = t.database.db;
    const child = await createProject(db, 1);
    const sibling = await createProject(db, 1);
    const member = await createUser(db, (await createRole(db, child.id)).id);
    await createUser(db, (await createRole(db, sibling.id)).id);
    await db.insert(devices).values([
      { projectId: child.id, name: '路灯一', no: 'L1', type: 'lighting' },
      { projectId: sibling.id, name: '路灯二', no: 'L2', type: 'lighting' },
    ]);
    const admin = await t.token();
    expect((await t.app.inject({ method: 'GET', url: `/api/summary/home.do?token=${admin}` })).json()).toEqual({
      projects: 3,
      users: 3,
      devices: 2,
    });
    const token = await t.token(member.name, member.password);
    expect((await t.app.inject({ method: 'GET', url: `/api/summary/home.do?token=${token}` })).json()).toEqual({
      projects: 1,
      users: 1,
      devices: 1,
    });
  });
});

describe('GET /api/sitemessages.do/count/unread', () => {
  it("counts the caller's unread messages that are not in the recycle bin", async () => {
    const db = t.database.db;
    const user = await createUser(db, (await createRole(db, 1)).id);
    await db.insert(siteMessages).values([
      { recipientId: user.id, title: '设备离线' },
      { recipientId: user.id, title: '已读', isRead: true },
      { recipientId: user.id, title: '已删除', isDeleted: true },
      { recipientId: 1, title: '别人的' },
    ]);
    const token = await t.token(user.name, user.password);
    const res = await t.app.inject({ method: 'GET', url: `/api/sitemessages.do/count/unread?token=${token}` });
    expect(res.json()).toEqual({ count: 1, alarms: { alarm: 0, warning: 0 } });
  });
});
