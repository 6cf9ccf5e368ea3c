import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceGroups, devices } from '../../db/schema/index.js';
import { apiCaller, signInWith } from '../../test/caller.js';
import { createIotDevice, createProject, queryRows } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let admin: string;
let viewer: string;
let editor: string;
let checker: string;
let a: { id: number };
let b: { id: number };
const lamps: { id: number; name: string }[] = [];
let foreign: { id: number };
let pole: { id: number };

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  admin = await t.token();
  a = await createProject(db, 1, ['project', 'maintenance']);
  b = await createProject(db, 1, ['project', 'maintenance']);
  viewer = await signInWith(t, a.id, {
    pjtmaintenancebilllist: 1,
    pjtpolemaintenance: 1,
    pjtdevicemaintenancehistory: 1,
  });
  editor = await signInWith(t, a.id, { pjtmaintenancebilllist: 5 });
  checker = await signInWith(t, a.id, { pjtmaintenancebilllist: 10 });
  const [g] = await db
    .insert(deviceGroups)
    .values({ name: '一号杆', no: `POLE-${Date.now() % 100000}`, projectId: a.id })
    .returning();
  pole = g!;
  for (let i = 0; i < 4; i++) {
    const d = await createIotDevice(db, { type: 'lighting', modelNo: 'lcunb', projectId: a.id });
    lamps.push({ id: d.id, name: d.name });
  }
  await db.update(devices).set({ groupId: pole.id }).where(sql`${devices.id} in (${lamps[0]!.id}, ${lamps[1]!.id})`);
  foreign = await createIotDevice(db, { type: 'lighting', modelNo: 'lcunb', projectId: b.id });
});
afterAll(() => t.close());

const call = apiCaller(
  () => t,
  () => admin,
);
const base = () => `/api/pjts/${a.id}/maintenance.do`;

async function newBill(extra: Record<string, string> = {}, as = admin) {
  const res = await call('POST', base(), { title: '路灯维修', ...extra }, as);
  expect(res.statusCode).toBe(200);
  return res.json();
}

/** A lamp fault (code 19) the device raised in project A some minutes ago: its time. */
async function lampFault(deviceId: number, minutesAgo: number) {
  const at = new Date(Date.now() - minutesAgo * 60_000).toISOString();
  await t.database.db.execute(sql`insert into device_events (device_id, project_id, type, at, code, event_type, level)
    values (${deviceId}, ${a.id}, 'lighting', ${at}::timestamptz, '19', 'occur', 'alarm')`);
  return at;
}

const operations = (bill: string) =>
  queryRows<{ command: string; device_id: number | null }>(
    t.database.db,
    sql`select command, device_id from operate_logs where args::text like ${`%${bill}%`} or device_name = ${bill} order by id`,
  );

describe('maintenance work orders: header, devices, approval', () => {
  it('creates a bill with a number, the creator and status init', async () => {
    const bill = await newBill({}, editor);
    expect(bill).toMatchObject({ status: 0, total: 0, completed: 0, approverName: null, details: [], messages: [] });
    expect(bill.no).toMatch(/^WO\d{8}\d{4,}$/);
    expect(bill.creatorName).toMatch(/\S/);
    expect(bill.deviceCap).toBe(50);
    const page = (await call('GET', `${base()}/pages?keyword=${bill.no}`)).json();
    expect(page.total).toBe(1);
    expect(page.list[0]).toMatchObject({ id: bill.id, status: 0, projectName: expect.any(String) });
    expect((await operations(bill.no)).map((o) => o.command)).toEqual(['maintenanceCreate']);
  });

  it('an alarm opens work: the bill comes with the device and its alarm', async () => {
    const at = await lampFault(lamps[0]!.id, 1);
    const bill = await newBill({
      deviceId: String(lamps[0]!.id),
      alarmCode: '19',
      alarmAt: at,
      remark: '灯不亮请尽快处理',
    });
    expect(bill.details).toHaveLength(1);
    expect(bill.details[0]).toMatchObject({
      deviceId: lamps[0]!.id,
      alarmCode: '19',
      alarmAt: at,
      handleStatus: 0,
      groupName: '一号杆',
    });
    expect(bill.messages).toEqual([expect.objectContaining({ content: '灯不亮请尽快处理', detailId: null })]);
    const other = await call('POST', base(), { title: '跨项目', deviceId: String(foreign.id) });
    expect(other.statusCode).toBe(400);
    expect(other.json().errors).toEqual([
      { field: 'deviceId', message: "The device does not belong to the work order's project" },
    ]);
  });

  it('adds devices single and batch, refuses duplicates, and keeps to the device cap', async () => {
    const bill = await newBill();
    const one = await call('POST', `${base()}/${bill.id}/details`, { deviceId: String(lamps[0]!.id) });
    expect(one.statusCode).toBe(200);
    const dup = await call('POST', `${base()}/${bill.id}/details/batch`, {
      deviceIds: `${lamps[1]!.id},${lamps[0]!.id}`,
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe(`${lamps[0]!.name} is already in the work order`);
    expect((await call('PUT', '/api/webparams.do/maintenanceDeviceCap', { value: '2' })).statusCode).toBe(200);
    try {
      const over = await call(
        'POST',
        `${base()}/${bill.id}/details/batch`,
        { deviceIds: `${lamps[1]!.id},${lamps[2]!.id}` },
        admin,
        'zh_CN',
      );
      expect(over.statusCode).toBe(409);
      expect(over.json().message).toBe('每张工单最多 2 台设备');
      const outOfRange = await call('PUT', '/api/webparams.do/maintenanceDeviceCap', { value: '501' });
      expect(outOfRange.statusCode).toBe(400);
      const ok = await call('POST', `${base()}/${bill.id}/details/batch`, { deviceIds: `${lamps[1]!.id}` });
      expect(ok.json().total).toBe(2);
    } finally {
      await call('PUT', '/api/webparams.do/maintenanceDeviceCap', { value: '50' });
    }
    const removed = await call(
      'DELETE',
      `${base()}/${bill.id}/details/${(await call('GET', `${base()}/${bill.id}`)).json().details[1].id}`,
    );
    expect(removed.json().total).toBe(1);
    const bad = await call('POST', `${base()}/${bill.id}/details/batch`, { deviceIds: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('A valid parameter is required.');
  });

  it('validates messages: required, length-limited, letters, digits and Chinese', async () => {
    const bill = await newBill({ deviceId: String(lamps[2]!.id) });
    const empty = await call('POST', `${base()}/${bill.id}/messages`, { content: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('A message is required');
    const zh = await call('POST', `${base()}/${bill.id}/messages`, { content: 'hello world!' }, admin, 'zh_CN');
    expect(zh.json().message).toBe('留言只能包含字母、数字和汉字');
    const long = await call('POST', `${base()}/${bill.id}/messages`, { content: '长'.repeat(201) });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe('1-200 characters');
    const ok = await call('POST', `${base()}/${bill.id}/messages`, { content: '请带梯子' });
    expect(ok.json().messages.map((m: { content: string }) => m.content)).toEqual(['请带梯子']);
    const detailId = bill.details[0].id;
    const onDetail = await call('POST', `${base()}/${bill.id}/details/${detailId}/messages`, { content: '灯头更换' });
    expect(onDetail.json().messages[1]).toMatchObject({ detailId, content: '灯头更换' });
    const batchDetail = await call('POST', `${base()}/${bill.id}/details/messages`, {
      ids: String(detailId),
      content: '第二次',
    });
    expect(batchDetail.json().messages).toHaveLength(3);
    const other = await newBill();
    const batch = await call('POST', `${base()}/messages`, { ids: `${bill.id},${other.id}`, content: '周五前完成' });
    expect(batch.json()).toEqual({ ok: true, count: 2 });
    expect((await call('GET', `${base()}/${other.id}`)).json().messages[0].content).toBe('周五前完成');
  });

  it('approval needs the check level, devices, and the init state; then the bill is not modifiable', async () => {
    const bill = await newBill({ deviceId: String(lamps[3]!.id) }, editor);
    const byEditor = await call('PATCH', `${base()}/approve`, { ids: String(bill.id) }, editor);
    expect(byEditor.statusCode).toBe(403);
    const empty = await newBill();
    const noDevices = await call('PATCH', `${base()}/approve`, { ids: String(empty.id) }, checker);
    expect(noDevices.statusCode).toBe(409);
    expect(noDevices.json().message).toBe(`Work order ${empty.no} has no devices and cannot be approved`);
    const ok = await call('PATCH', `${base()}/approve`, { ids: String(bill.id) }, checker);
    expect(ok.json()).toEqual({ ok: true, count: 1 });
    const approved = (await call('GET', `${base()}/${bill.id}`)).json();
    expect(approved).toMatchObject({ status: 10, approverName: expect.any(String), approvedAt: expect.any(String) });
    const again = await call('PATCH', `${base()}/approve`, { ids: String(bill.id) }, checker);
    expect(again.statusCode).toBe(409);
    // Not modifiable: header, devices, deletion, cancel.
    for (const res of [
      await call('PATCH', `${base()}/${bill.id}`, { title: '改标题' }),
      await call('PATCH', `${base()}/${bill.id}`, { status: '-10' }),
      await call('POST', `${base()}/${bill.id}/details`, { deviceId: String(lamps[2]!.id) }),
      await call('DELETE', `${base()}/${bill.id}/details/${approved.details[0].id}`),
    ]) {
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe('The work order is approved or canceled and can no longer be changed');
    }
    const del = await call('DELETE', base(), { ids: String(bill.id) });
    expect(del.statusCode).toBe(409);
    expect(del.json().message).toBe(`Work order ${bill.no} is approved and cannot be deleted`);
    // ...but its devices are maintained.
    const detailId = approved.details[0].id;
    const done = await call('PATCH', `${base()}/${bill.id}/details/${detailId}`, {
      handleStatus: '1',
      note: '已更换灯头',
    });
    expect(done.statusCode).toBe(200);
    expect(done.json().details[0]).toMatchObject({
      handleStatus: 1,
      note: '已更换灯头',
      handlerName: expect.any(String),
    });
    expect(done.json()).toMatchObject({ completed: 1, total: 1 });
    const twice = await call('PATCH', `${base()}/${bill.id}/details/${detailId}`, { handleStatus: '-1' });
    expect(twice.statusCode).toBe(409);
    const wrong = await call('PATCH', `${base()}/${bill.id}/details/${detailId}`, { handleStatus: '0' });
    expect(wrong.statusCode).toBe(400);
    expect((await operations(bill.no)).map((o) => o.command)).toEqual([
      'maintenanceCreate',
      'maintenanceAddDevice',
      'maintenanceApprove',
      'maintenanceComplete',
    ]);
  });

  it('refuses handling devices before approval; batch handling and batch approval', async () => {
    const bill = await newBill({ deviceId: String(lamps[0]!.id) });
    const early = await call('PATCH', `${base()}/${bill.id}/details/${bill.details[0].id}`, { handleStatus: '1' });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('Devices can be handled once the work order is approved');
    await call('POST', `${base()}/${bill.id}/details/batch`, { deviceIds: `${lamps[1]!.id},${lamps[2]!.id}` });
    const other = await newBill({ deviceId: String(lamps[3]!.id) });
    expect((await call('PATCH', `${base()}/approve`, { ids: `${bill.id},${other.id}` }, checker)).json()).toEqual({
      ok: true,
      count: 2,
    });
    const ids = (await call('GET', `${base()}/${bill.id}`)).json().details.map((d: { id: number }) => d.id);
    const batch = await call('PATCH', `${base()}/${bill.id}/details`, {
      ids: ids.slice(0, 2).join(','),
      handleStatus: '1',
    });
    expect(batch.json()).toMatchObject({ completed: 2, total: 3 });
    const deny = await call('PATCH', `${base()}/${bill.id}/details`, {
      ids: String(ids[2]),
      handleStatus: '-1',
      note: '灯杆已拆除',
    });
    expect(deny.json().details[2]).toMatchObject({ handleStatus: -1, note: '灯杆已拆除' });
  });

  it('cancels a bill being edited: then it is neither modifiable nor maintainable, and may be deleted', async () => {
    const bill = await newBill({ deviceId: String(lamps[1]!.id) });
    const canceled = await call('PATCH', `${base()}/${bill.id}`, { status: '-10' });
    expect(canceled.json().status).toBe(-10);
    expect((await call('PATCH', `${base()}/${bill.id}`, { title: '再改' })).statusCode).toBe(409);
    expect((await call('PATCH', `${base()}/approve`, { ids: String(bill.id) }, checker)).statusCode).toBe(409);
    const msg = await call('POST', `${base()}/${bill.id}/messages`, { content: '还能留言吗' });
    expect(msg.statusCode).toBe(409);
    expect(msg.json().message).toBe('The work order is canceled');
    const handle = await call('PATCH', `${base()}/${bill.id}/details/${bill.details[0].id}`, { handleStatus: '1' });
    expect(handle.json().message).toBe('The work order is canceled and can no longer be maintained');
    expect((await call('PATCH', `${base()}/${bill.id}`, { status: '10' })).statusCode).toBe(400);
    expect((await call('DELETE', `${base()}/${bill.id}`)).json()).toEqual({ ok: true, count: 1 });
    expect((await call('GET', `${base()}/${bill.id}`)).statusCode).toBe(404);
    expect((await operations(bill.no)).map((o) => o.command)).toEqual([
      'maintenanceCreate',
      'maintenanceAddDevice',
      'maintenanceCancel',
      'maintenanceDelete',
    ]);
  });

  it('a viewer reads but does not write; another project is refused', async () => {
    const bill = await newBill();
    expect((await call('GET', `${base()}/${bill.id}`, undefined, viewer)).statusCode).toBe(200);
    expect((await call('POST', base(), { title: '查看者' }, viewer)).statusCode).toBe(403);
    expect((await call('POST', `${base()}/${bill.id}/messages`, { content: '你好' }, viewer)).statusCode).toBe(403);
    // A's user on B's path, and B's path for A's bill.
    expect((await call('GET', `/api/pjts/${b.id}/maintenance.do/pages`, undefined, editor)).statusCode).toBe(404);
    expect((await call('GET', `/api/pjts/${b.id}/maintenance.do/${bill.id}`)).statusCode).toBe(404);
    expect((await call('PATCH', `/api/pjts/${b.id}/maintenance.do/approve`, { ids: String(bill.id) })).statusCode).toBe(
      404,
    );
    expect((await call('DELETE', `/api/pjts/${b.id}/maintenance.do`, { ids: String(bill.id) })).statusCode).toBe(404);
  });
});

describe("maintenance: the editor's map", () => {
  it("answers the project's located devices only, to a reader of the bills; another project is refused", async () => {
    const db = t.database.db;
    await db
      .update(devices)
      .set({ lng: 119.5, lat: 32.1 })
      .where(sql`${devices.id} in (${lamps[0]!.id}, ${lamps[1]!.id}, ${foreign.id})`);
    const res = await call('GET', `${base()}/devices/located`, undefined, editor);
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json() as { id: number; lng: number; lat: number; name: string; activeState: number }[];
    // The two located lamps of A: not the unlocated ones, not B's.
    expect(list.map((d) => d.id)).toEqual([lamps[0]!.id, lamps[1]!.id]);
    expect(list[0]).toMatchObject({ name: lamps[0]!.name, lng: 119.5, lat: 32.1, type: 'lighting' });
    expect((await call('GET', `${base()}/devices/located`, undefined, viewer)).statusCode).toBe(200);
    expect((await call('GET', `/api/pjts/${b.id}/maintenance.do/devices/located`, undefined, editor)).statusCode).toBe(
      404,
    );
  });
});

describe('maintenance: photos, PDF, history, poles, counts', () => {
  it('stores a jpg or png photo checked by content and size', async () => {
    const bill = await newBill({ deviceId: String(lamps[2]!.id) });
    await call(
      'PATCH',
      `${base()}/${bill.id}/approve`.replace(`/${bill.id}/approve`, '/approve'),
      { ids: String(bill.id) },
      checker,
    );
    const url = `${base()}/${bill.id}/details/${bill.details[0].id}/photo?token=${admin}&lang=en_US`;
    const upload = (bytes: Buffer, name: string, type: string) => {
      const boundary = '----maint';
      const payload = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`,
        ),
        bytes,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      return t.app.inject({
        method: 'PUT',
        url,
        payload,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      });
    };
    const fake = await upload(Buffer.from('<html>not an image</html>'), 'x.png', 'image/png');
    expect(fake.statusCode).toBe(400);
    expect(fake.json().message).toBe('The photo must be a jpg or png image');
    const big = await upload(Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]), 'big.png', 'image/png');
    expect(big.statusCode).toBe(400);
    expect(big.json().message).toBe('The photo must be at most 2 MB');
    const ok = await upload(PNG, 'p.png', 'image/png');
    expect(ok.statusCode).toBe(200);
    expect(ok.json().details[0].hasPhoto).toBe(true);
    const back = await t.app.inject({ method: 'GET', url });
    expect(back.headers['content-type']).toBe('image/png');
    expect(Buffer.from(back.rawPayload).equals(PNG)).toBe(true);
  });

  it('prints a bill as a PDF with the Chinese title in an embedded font', async () => {
    const bill = await newBill({
      title: '中山路灯杆检修',
      deviceId: String(lamps[1]!.id),
      alarmCode: '19',
      alarmAt: await lampFault(lamps[1]!.id, 5),
      remark: '夜间施工',
    });
    const res = await call('POST', `${base()}/${bill.id}/pdf`, undefined, viewer, 'zh_CN');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${bill.no}.pdf"`);
    const bytes = new Uint8Array(res.rawPayload);
    const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
    const doc = await pdfjs.getDocument({ data: bytes, useSystemFonts: false }).promise;
    const page = await doc.getPage(1);
    const text = (await page.getTextContent()).items.map((i) => ('str' in i ? i.str : '')).join('\n');
    expect(text).toContain('维修工单');
    expect(text).toContain('中山路灯杆检修');
    expect(text).toContain(lamps[1]!.name);
    expect(text).toContain('夜间施工');
    // The alarm by its label in the reader's language, not the code the lamp sent.
    expect(text).toContain('告警：灯具故障');
    const raw = Buffer.from(res.rawPayload).toString('latin1');
    expect(raw).toMatch(/\/FontFile2/);
    expect(raw).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSansSC/);
    const en = await call('POST', `${base()}/${bill.id}/pdf`, undefined, admin, 'en_US');
    const enDoc = await pdfjs.getDocument({ data: new Uint8Array(en.rawPayload) }).promise;
    const enText = (await (await enDoc.getPage(1)).getTextContent()).items
      .map((i) => ('str' in i ? i.str : ''))
      .join('\n');
    expect(enText).toContain('Maintenance work order');
    expect(enText).toContain('Lamp fault');
    expect((await call('POST', `/api/pjts/${b.id}/maintenance.do/${bill.id}/pdf`)).statusCode).toBe(404);
  });

  it("answers a device's history, the pole orders by filter, a pole and the dashboard counts", async () => {
    const history = await call('GET', `${base()}/devices/${lamps[0]!.id}/pages`, undefined, viewer);
    expect(history.statusCode).toBe(200);
    expect(history.json().total).toBeGreaterThanOrEqual(2);
    expect(history.json().list[0]).toMatchObject({ deviceId: lamps[0]!.id, billNo: expect.stringMatching(/^WO/) });
    expect((await call('GET', `${base()}/devices/${foreign.id}/pages`)).statusCode).toBe(404);

    const all = (await call('GET', `${base()}/pole/pages?groupId=${pole.id}`, undefined, viewer)).json();
    expect(all.total).toBeGreaterThan(0);
    expect(all.list.every((r: { groupId: number }) => r.groupId === pole.id)).toBe(true);
    for (const filter of ['process', 'finished', 'denied']) {
      const page = (await call('GET', `${base()}/pole/pages?filter=${filter}`)).json();
      expect(page.list.every((r: { state: string }) => r.state === filter)).toBe(true);
    }
    const states = new Set(all.list.map((r: { state: string }) => r.state));
    expect(states.has('process')).toBe(true);
    expect((await call('GET', `${base()}/pole/pages?filter=nope`)).statusCode).toBe(400);

    const p = (await call('GET', `${base()}/poles/${pole.id}`, undefined, viewer)).json();
    expect(p).toMatchObject({ id: pole.id, name: '一号杆' });
    expect(p.devices.map((d: { id: number }) => d.id).sort()).toEqual([lamps[0]!.id, lamps[1]!.id].sort());
    expect((await call('GET', `/api/pjts/${b.id}/maintenance.do/poles/${pole.id}`)).statusCode).toBe(404);

    const counts = (await call('GET', `${base()}/counts`, undefined, viewer)).json();
    expect(counts).toEqual({
      open: expect.any(Number),
      inProcess: expect.any(Number),
      finished: expect.any(Number),
      canceled: expect.any(Number),
    });
    expect(counts.open).toBeGreaterThan(0);
    expect(counts.finished).toBeGreaterThan(0);
  });
});
