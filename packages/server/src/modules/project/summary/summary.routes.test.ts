import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCaller, signInWith } from '../../../test/caller.js';
import { createIotDevice, createProject } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { createSummaryRepository } from './summary.repository.js';

let t: TestApp;
let admin: string;
let viewer: string;
let outsider: string;
let a: { id: number };
let child: { id: number };
let b: { id: number };
let lamp: { id: number; name: string };
let monitor: { id: number; name: string };
let ap: { id: number; name: string };
beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  admin = await t.token();
  a = await createProject(db, 1, ['project', 'lighting', 'env']);
  child = await createProject(db, a.id, ['project', 'lighting', 'env']);
  b = await createProject(db, 1, ['project']);
  viewer = await signInWith(t, a.id, { pjtprojectsummary: 1 });
  outsider = await signInWith(t, b.id, { pjtprojectsummary: 1 });

  // Project A: a lamp online and a gateway in error; its child project: a monitor online, a lamp unknown.
  lamp = await createIotDevice(db, { type: 'lighting', modelNo: 'lcunb', projectId: a.id, activeState: 1 });
  await createIotDevice(db, { type: 'gateway', modelNo: 'gws', projectId: a.id, activeState: -1 });
  monitor = await createIotDevice(db, { type: 'envmonitor', modelNo: 'envrs485', projectId: child.id, activeState: 1 });
  await createIotDevice(db, { type: 'lighting', modelNo: 'lcunb', projectId: child.id, activeState: 0 });
  const elsewhere = await createIotDevice(db, { type: 'lighting', modelNo: 'lcunb', projectId: b.id, activeState: 1 });
  // WiFi: two access points reporting (one in the child project), one that never did; one elsewhere.
  ap = await createIotDevice(db, { type: 'wifi', modelNo: 'wificomfastap', projectId: a.id, activeState: 1 });
  const ap2 = await createIotDevice(db, {
    type: 'wifi',
    modelNo: 'wificomfastap',
    projectId: child.id,
    activeState: 1,
  });
  await createIotDevice(db, { type: 'wifi', modelNo: 'wificomfastap', projectId: a.id, activeState: 0 });
  const apElsewhere = await createIotDevice(db, { type: 'wifi', modelNo: 'wificomfastap', projectId: b.id });
  await db.execute(sql`insert into wifi_readings (device_id, project_id, at, upload, download, cpu, clients) values
    (${ap.id}, ${a.id}, now() - interval '2 minutes', 1.5, 8, 20, 3), (${ap.id}, ${a.id}, now() - interval '30 seconds', 4.5, 22.5, 35, 12),
    (${ap2.id}, ${child.id}, now() - interval '3 minutes', 2, 10, 15, 5),
    (${apElsewhere.id}, ${b.id}, now(), 100, 100, 50, 99)`);
  await db.execute(sql`insert into readings_latest (device_id, source, project_id, at, "values") values
    (${ap.id}, 'wifi_readings', ${a.id}, now() - interval '2 minutes', '{"upload":1.5,"download":8,"cpu":20,"clients":3}'),
    (${ap2.id}, 'wifi_readings', ${child.id}, now() - interval '3 minutes', '{"upload":2,"download":10,"cpu":15,"clients":5}'),
    (${apElsewhere.id}, 'wifi_readings', ${b.id}, now(), '{"upload":100,"download":100,"cpu":50,"clients":99}')`);

  await db.execute(sql`insert into env_readings (device_id, project_id, at, temperature, humidity, pm25)
    values (${monitor.id}, ${child.id}, now() - interval '1 hour', 18, 40, 12), (${monitor.id}, ${child.id}, now(), 21.5, 55, 30)`);
  await db.execute(sql`insert into lighting_readings (device_id, project_id, at, level, voltage)
    values (${lamp.id}, ${a.id}, now(), 80, 221)`);
  // The latest-values rows as the writer keeps them: a reading of each device's newest hour.
  await db.execute(sql`insert into readings_latest (device_id, source, project_id, at, "values")
    values (${lamp.id}, 'lighting_readings', ${a.id}, now(), '{"level":80,"voltage":221}'),
      (${monitor.id}, 'env_readings', ${child.id}, now() - interval '1 minute', '{"temperature":20,"humidity":50,"pm25":20}')`);
  await db.execute(sql`insert into device_events (device_id, project_id, type, at, code, event_type, level) values
    (${lamp.id}, ${a.id}, 'lighting', now(), '19', 'occur', 'alarm'),
    (${lamp.id}, ${a.id}, 'lighting', now() - interval '1 minute', '20', 'occur', 'warning'),
    (${lamp.id}, ${a.id}, 'lighting', now() - interval '2 minutes', '19', 'restore', 'info'),
    (${lamp.id}, ${a.id}, 'lighting', now() - interval '3 days', '19', 'occur', 'alarm'),
    (${elsewhere.id}, ${b.id}, 'lighting', now(), '19', 'occur', 'alarm')`);
  // Work orders: two awaiting approval (one in the child project), one finished, one canceled; one elsewhere.
  await db.execute(sql`insert into maintenance_bills (no, project_id, title, status, creator_name) values
    ('SUM-1', ${a.id}, 'a', 0, 'x'), ('SUM-2', ${child.id}, 'b', 0, 'x'), ('SUM-3', ${a.id}, 'c', 10, 'x'),
    ('SUM-4', ${a.id}, 'd', -10, 'x'), ('SUM-5', ${b.id}, 'e', 0, 'x')`);
});
afterAll(() => t.close());

const call = apiCaller(
  () => t,
  () => admin,
);
const url = (projectId: number | string) => `/api/pjts/${projectId}/summary.do`;

describe('GET /api/pjts/:projectId/summary.do', () => {
  it("answers every unit's data of the project's subtree in one call", async () => {
    const res = await call('GET', url(a.id), undefined, viewer);
    expect(res.statusCode, res.body).toBe(200);
    const s = res.json();
    expect(s.devices).toMatchObject({ total: 7, active: 4, unknown: 2, error: 1 });
    expect(s.devices.byType).toEqual(
      expect.arrayContaining([
        { type: 'wifi', total: 3, active: 2, unknown: 1, error: 0 },
        { type: 'lighting', total: 2, active: 1, unknown: 1, error: 0 },
        { type: 'gateway', total: 1, active: 0, unknown: 0, error: 1 },
        { type: 'envmonitor', total: 1, active: 1, unknown: 0, error: 0 },
      ]),
    );
    // Today's three events (two alarms occurred), the one of three days ago in the week; not project B's.
    expect(s.events).toMatchObject({ today: 3, todayAlarms: 2 });
    expect(s.events.byDay).toHaveLength(7);
    expect(s.events.byDay.reduce((n: number, d: { occur: number }) => n + d.occur, 0)).toBe(3);
    expect(s.events.recent.map((e: { code: string }) => e.code)).toEqual(['19', '20', '19', '19']);
    expect(s.events.recent[0]).toMatchObject({ deviceId: lamp.id, deviceName: lamp.name, eventType: 'occur' });
    // The monitor's latest readings (child project) as the environment and its window.
    expect(s.env).toMatchObject({ monitors: 1, reporting: 1 });
    expect(s.env.averages).toMatchObject({ temperature: 21.5, humidity: 55, pm25: 30, noise: null });
    expect(s.envWindow.device).toMatchObject({ id: monitor.id, name: monitor.name, type: 'envmonitor' });
    expect(s.envWindow.values.temperature).toBe(21.5);
    // The access points: their newest reports added up (the first AP's newest reading, not its hour's first).
    expect(s.wifi).toMatchObject({ devices: 3, reporting: 2, clients: 17, upload: 6.5, download: 32.5 });
    expect(s.wifiWindow.device).toMatchObject({ id: ap.id, name: ap.name, type: 'wifi' });
    expect(s.wifiWindow.values).toMatchObject({ clients: 12, upload: 4.5 });
    // The lamps from the lighting overview; the lamp that reported last as its window.
    expect(s.lighting.total).toBe(2);
    expect(s.lighting.byState.offline).toBe(1);
    expect(s.lightWindow.device).toMatchObject({ id: lamp.id, name: lamp.name, activeState: 1 });
    expect(s.lightWindow.values).toMatchObject({ level: 80, voltage: 221 });
    expect(s.power).toMatchObject({ today: 0 });
    expect(s.power.byDay.length).toBeGreaterThan(0);
    expect(s.maintenance).toEqual({ open: 2, inProcess: 0, finished: 1, canceled: 1 });
    expect(s.waiting).toMatchObject({ CAMERA_WINDOW: 'cameraFamily' });
    expect(s.waiting.DEVICE_MAINTENANCE).toBeUndefined();
    expect(s.layout).toBeNull();
  });

  it('answers the project’s default layout, else its first', async () => {
    const units = JSON.stringify([{ code: 7, x: 0, y: 0, w: 2, h: 2 }]);
    const layouts = `/api/pjts/${a.id}/summarylayouts.do`;
    const first = (await call('POST', layouts, { name: '第一', no: 'L1', grid: '2', units, priority: '1' })).json();
    expect((await call('GET', url(a.id))).json().layout).toMatchObject({ id: first.id, grid: 2 });
    const chosen = (
      await call('POST', layouts, { name: '第二', no: 'L2', grid: '3', units, isDefault: 'true' })
    ).json();
    expect((await call('GET', url(a.id))).json().layout).toMatchObject({
      id: chosen.id,
      isDefault: true,
      units: [{ code: 7 }],
    });
  });

  it('refuses another project, a caller without the screen and a bad project id, in the caller language', async () => {
    expect((await call('GET', url(a.id), undefined, outsider)).statusCode).toBe(404);
    expect((await call('GET', url(b.id), undefined, viewer)).statusCode).toBe(404);
    const none = await signInWith(t, a.id, { pjtprojectsummarylayout: 1 });
    expect((await call('GET', url(a.id), undefined, none)).statusCode).toBe(403);
    const en = await call('GET', url('abc'));
    expect(en.statusCode).toBe(400);
    expect(en.json().message).toMatch(/valid parameter/i);
    const zh = await call('GET', url('abc'), undefined, admin, 'zh_CN');
    expect(zh.json().message).toMatch(/[\u4e00-\u9fa5]/);
    // The project's child sees its own subtree only.
    const childViewer = await signInWith(t, child.id, { pjtprojectsummary: 1 });
    expect((await call('GET', url(child.id), undefined, childViewer)).json().devices.total).toBe(3);
    expect((await call('GET', url(a.id), undefined, childViewer)).statusCode).toBe(404);
  });
});

describe('the summary counts', () => {
  const since = () => new Date(Date.now() - 7 * 86_400_000);
  it('follow devices added, changed, moved and removed, and events added, through their ledgers', async () => {
    const db = t.database.db;
    const repo = createSummaryRepository(db);
    const c = await createProject(db, 1, ['project']);
    const d = await createProject(db, 1, ['project']);
    const reach = (p: { id: number; path?: string }) => ({ id: p.id, path: '', includeChildren: false });
    const made = [];
    for (let i = 0; i < 3; i++)
      made.push(await createIotDevice(db, { type: 'lighting', modelNo: 'lcunb', projectId: c.id, activeState: 0 }));
    expect(await repo.deviceCounts(reach(c))).toEqual([
      { type: 'lighting', total: 3, active: 0, unknown: 3, error: 0 },
    ]);
    // Online, in error, moved to D, removed; an update of another column changes nothing.
    await db.execute(sql`update devices set active_state = 1 where id = ${made[0]!.id}`);
    await db.execute(sql`update devices set active_state = -1 where id = ${made[1]!.id}`);
    await db.execute(sql`update devices set last_active_at = now() where project_id = ${c.id}`);
    await db.execute(sql`update devices set project_id = ${d.id} where id = ${made[2]!.id}`);
    expect(await repo.deviceCounts(reach(c))).toEqual([
      { type: 'lighting', total: 2, active: 1, unknown: 0, error: 1 },
    ]);
    expect(await repo.deviceCounts(reach(d))).toEqual([
      { type: 'lighting', total: 1, active: 0, unknown: 1, error: 0 },
    ]);
    await db.execute(sql`delete from devices where id = ${made[2]!.id}`);
    expect(await repo.deviceCounts(reach(d))).toEqual([]);

    // Events one statement at a time pile up rows in the hours' ledger; a read folds them, same figures.
    for (let i = 0; i < 80; i++)
      await db.execute(sql`insert into device_events (device_id, project_id, type, at, code, event_type, level)
        values (${made[0]!.id}, ${c.id}, 'lighting', now(), '19', 'occur', 'alarm')`);
    const ledger = async () =>
      Number(
        (
          (await db.execute(
            sql`select count(*)::int as n from device_event_hours where project_id = ${c.id}`,
          )) as unknown as {
            rows: { n: number }[];
          }
        ).rows[0]!.n,
      );
    expect(await ledger()).toBe(80);
    const before = await repo.eventsByDay(reach(c), since(), 8);
    expect(before.reduce((n, e) => n + e.n, 0)).toBe(80);
    await expect.poll(ledger).toBe(1);
    expect(await repo.eventsByDay(reach(c), since(), 8)).toEqual(before);
  });
});
