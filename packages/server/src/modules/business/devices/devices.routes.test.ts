import { I18N_RESOURCES } from '@sc/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceAreas, deviceGroups, productionItems } from '../../../db/schema/index.js';
import { apiCaller } from '../../../test/caller.js';
import { createProject, createRole, createUser, queryRows } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { builtinModelId } from '../../base/builtin-base-data.sync.js';

let t: TestApp;
let admin: string;
let lcu: number;
let gws: number;
let hik: number;
let project: { id: number; name: string; path: string };
let sibling: { id: number; name: string; path: string };
const modules = ['system', 'base', 'business', 'map', 'project'];

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.token();
  const db = t.database.db;
  lcu = await builtinModelId(db, 'lcunb');
  gws = await builtinModelId(db, 'gws');
  hik = await builtinModelId(db, 'hikisc');
  project = await createProject(db, 1, modules);
  sibling = await createProject(db, 1, modules);
});
afterAll(() => t.close());

const call = apiCaller(
  () => t,
  () => admin,
);

let seq = 0;
const lamp = (extra: Record<string, string> = {}) => {
  seq++;
  return {
    name: `路灯${seq}号`,
    no: `LAMP-${seq}`,
    type: 'lighting',
    modelId: String(lcu),
    projectId: String(project.id),
    ...extra,
  };
};
const create = async (body: Record<string, string>, token = admin) => {
  const res = await call('POST', '/api/biz/devices.do', body, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

describe('POST /api/biz/devices.do', () => {
  it('creates a device with its references, defaults the factory from the model, and logs it without the password', async () => {
    const [area] = await t.database.db
      .insert(deviceAreas)
      .values({ projectId: project.id, name: '东区', no: `A-${Date.now()}` })
      .returning();
    const [group] = await t.database.db
      .insert(deviceGroups)
      .values({ projectId: project.id, areaId: area!.id, name: '东一组', no: `G-${Date.now()}` })
      .returning();
    const gateway = await create({
      name: '网关一',
      no: 'GW-1',
      type: 'gateway',
      modelId: String(gws),
      projectId: String(project.id),
    });
    const device = await create(
      lamp({
        areaId: String(area!.id),
        groupId: String(group!.id),
        parentId: String(gateway.id),
        equipmentId: 'EQ-0001',
        ip: '10.0.0.8',
        imei: '861234567890123',
        loginPassword: 'S3cret!',
        props: JSON.stringify({ channelCount: 2, ratedPower: 150 }),
        lng: '119.5',
        lat: '32.1',
      }),
    );
    expect(device).toMatchObject({
      type: 'lighting',
      typeName: I18N_RESOURCES.en_US.families.types.lighting,
      modelId: lcu,
      modelNo: 'lcunb',
      factoryName: 'Generic manufacturer',
      projectName: project.name,
      areaName: '东区',
      groupName: '东一组',
      parentName: '网关一',
      hasLoginPassword: true,
      props: { channelCount: 2, ratedPower: 150 },
      activeState: 0,
      protocolVersion: 1,
    });
    expect(device).not.toHaveProperty('loginPassword');
    const [log] = await queryRows<{ changes: Record<string, unknown> }>(
      t.database.db,
      sql`select changes from manage_logs where entity = 'device' and entity_id = ${String(device.id)}`,
    );
    expect(JSON.stringify(log!.changes)).not.toContain('S3cret');
    expect(log!.changes).toHaveProperty('name');
  });

  it.each([
    [{ minPort: '9000', maxPort: '8000' }, 'minPort', 'The minimum port must be below the maximum port'],
    [{ imei: '12345' }, 'imei', 'An IMEI is 15 digits'],
    [{ mac: '00:11:22' }, 'mac', 'A valid MAC address is required (e.g. 00:1A:2B:3C:4D:5E)'],
    [{ ip: '300.1.1.1' }, 'ip', 'A valid IPv4 address is required'],
    [{ protocolVersion: '3' }, 'protocolVersion', 'The protocol version is 1 or 2'],
    [{ modelId: '' }, 'modelId', 'Device model required'],
    [{ name: 'x' }, 'name', '2-32 characters'],
  ])('refuses %j with the message on its field', async (override, field, message) => {
    const res = await call('POST', '/api/biz/devices.do', lamp(override));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual({ field, message });
  });

  it('validates props by the family, naming props.<key>, in Chinese too', async () => {
    const res = await call(
      'POST',
      '/api/biz/devices.do',
      lamp({ props: JSON.stringify({ channelCount: 9 }) }),
      admin,
      'zh_CN',
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ field: 'props.channelCount', message: '允许的取值范围：1 - 4。' }]);
  });

  it('checks the model against the type, the parent type, and area/group projects', async () => {
    const wrongModel = await call('POST', '/api/biz/devices.do', lamp({ modelId: String(hik) }));
    expect(wrongModel.json().errors).toEqual([{ field: 'modelId', message: 'The model is not of this device type' }]);
    const camera = await create({
      name: '摄像机一',
      no: 'CAM-1',
      type: 'camera',
      modelId: String(hik),
      projectId: String(project.id),
    });
    const badParent = await call('POST', '/api/biz/devices.do', lamp({ parentId: String(camera.id) }));
    expect(badParent.statusCode).toBe(400);
    expect(badParent.json().errors[0].field).toBe('parentId');
    const [otherArea] = await t.database.db
      .insert(deviceAreas)
      .values({ projectId: sibling.id, name: '西区', no: `A2-${Date.now()}` })
      .returning();
    const badArea = await call('POST', '/api/biz/devices.do', lamp({ areaId: String(otherArea!.id) }));
    expect(badArea.json().errors).toEqual([{ field: 'areaId', message: "The area is not in the device's project" }]);
  });

  it('refuses a duplicate equipment id and a duplicate no in the project with 409', async () => {
    const first = await create(lamp({ equipmentId: 'EQ-DUP' }));
    const dupEq = await call('POST', '/api/biz/devices.do', lamp({ equipmentId: 'EQ-DUP' }));
    expect(dupEq.statusCode).toBe(409);
    expect(dupEq.json().errors[0].field).toBe('equipmentId');
    const dupNo = await call('POST', '/api/biz/devices.do', lamp({ no: first.no }), admin, 'zh_CN');
    expect(dupNo.statusCode).toBe(409);
    expect(dupNo.json().errors).toEqual([{ field: 'no', message: '项目中已有该编号的设备' }]);
    // The same number in another project is fine.
    await create(lamp({ no: first.no, projectId: String(sibling.id) }));
  });
});

describe('updating and deleting devices', () => {
  it('keeps the login password when an update leaves it out, and logs what changed', async () => {
    const body: Record<string, string> = lamp({ loginPassword: 'keepme' });
    const d = await create(body);
    const { loginPassword: _, ...withoutPassword } = body;
    const res = await call('PUT', `/api/biz/devices.do/${d.id}`, { ...withoutPassword, description: '已更换灯头' });
    expect(res.json()).toMatchObject({ description: '已更换灯头', hasLoginPassword: true });
    const [row] = await queryRows<{ login_password: string }>(
      t.database.db,
      sql`select login_password from devices where id = ${d.id}`,
    );
    expect(row!.login_password).toBe('keepme');
    const loc = await call('PUT', `/api/biz/devices.do/${d.id}/location`, { lng: '120.1', lat: '30.2' });
    expect(loc.json()).toMatchObject({ lng: 120.1, lat: 30.2 });
    expect((await call('PUT', `/api/biz/devices.do/${d.id}/location`, { lng: '', lat: '30' })).json().errors).toEqual([
      { field: 'lng', message: 'A valid coordinate is required.' },
    ]);
    const active = await call('PUT', `/api/biz/devices.do/${d.id}/active`, { activeState: '1' });
    expect(active.json().activeState).toBe(1);
    expect(active.json().activeForcedAt).not.toBeNull();
  });

  it('refuses to delete a device with children, saying how many', async () => {
    const gw = await create({
      name: '网关二',
      no: 'GW-2',
      type: 'gateway',
      modelId: String(gws),
      projectId: String(project.id),
    });
    const child = await create(lamp({ parentId: String(gw.id) }));
    const res = await call('DELETE', `/api/biz/devices.do/${gw.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('The device still has 1 child device: it cannot be deleted');
    expect((await call('DELETE', `/api/biz/devices.do/${child.id}`)).json()).toEqual({ ok: true });
    expect((await call('DELETE', `/api/biz/devices.do/${gw.id}`)).json()).toEqual({ ok: true });
    expect((await call('GET', `/api/biz/devices.do/${gw.id}`)).statusCode).toBe(404);
  });

  it('forces the active state of several devices in scope only', async () => {
    const a = await create(lamp());
    const b = await create(lamp({ projectId: String(sibling.id) }));
    const user = await createUser(t.database.db, (await createRole(t.database.db, project.id, { devicelist: 5 })).id);
    const token = await t.token(user.name, user.password);
    const res = await call(
      'POST',
      '/api/biz/devices.do/batch/active',
      { ids: `${a.id},${b.id}`, activeState: '-1' },
      token,
    );
    expect(res.json()).toEqual({ updated: 1 });
    expect((await call('GET', `/api/biz/devices.do/${b.id}`)).json().activeState).toBe(0);
  });
});

describe('production library occupancy', () => {
  it('occupies an idle item on create, refuses an occupied one, and frees it on delete', async () => {
    const [item] = await t.database.db
      .insert(productionItems)
      .values({ name: '控制器', no: 'PROD-1', key1: 'k', modelId: lcu, projectId: project.id })
      .returning();
    const d = await create(lamp({ productionName: '控制器', productionNo: 'PROD-1' }));
    const [occupied] = await queryRows<Record<string, unknown>>(
      t.database.db,
      sql`select status, occupied_device_id, occupied_project_id from production_items where id = ${item!.id}`,
    );
    expect(occupied).toEqual({ status: 1, occupied_device_id: d.id, occupied_project_id: project.id });
    const again = await call('POST', '/api/biz/devices.do', lamp({ productionNo: 'PROD-1' }));
    expect(again.statusCode).toBe(409);
    expect(again.json().errors[0].field).toBe('productionNo');
    expect((await call('DELETE', `/api/biz/devices.do/${d.id}`)).statusCode).toBe(200);
    const [freed] = await queryRows<Record<string, unknown>>(
      t.database.db,
      sql`select status, occupied_device_id from production_items where id = ${item!.id}`,
    );
    expect(freed).toEqual({ status: 0, occupied_device_id: null });
  });
});

describe('reading devices', () => {
  it('pages newest first with filters and keywords, and answers the picker list', async () => {
    const p = await createProject(t.database.db, 1, modules);
    const a = await create(lamp({ projectId: String(p.id), ip: '192.168.9.1', name: '北门灯' }));
    const b = await create(lamp({ projectId: String(p.id), equipmentId: 'NORTH-EQ' }));
    const page = (await call('GET', `/api/biz/devices.do/pages?projectId=${p.id}&pageSize=5`)).json();
    expect(page).toMatchObject({ total: 2, page: 1, pageSize: 5 });
    expect(page.list.map((d: { id: number }) => d.id)).toEqual([b.id, a.id]);
    const byIp = (await call('GET', `/api/biz/devices.do/pages?projectId=${p.id}&keyword=192.168.9`)).json();
    expect(byIp.list.map((d: { id: number }) => d.id)).toEqual([a.id]);
    const byEq = (await call('GET', `/api/biz/devices.do/pages?keyword=north-eq`)).json();
    expect(byEq.list.map((d: { id: number }) => d.id)).toEqual([b.id]);
    const words = Array.from({ length: 11 }, (_, i) => `w${i}`).join(' ');
    expect((await call('GET', `/api/biz/devices.do/pages?keyword=${words}`)).json().errors).toEqual([
      { field: 'keyword', message: 'At most 10 search words' },
    ]);
    const options = (await call('GET', `/api/biz/devices.do?projectId=${p.id}&type=lighting`)).json();
    expect(options).toHaveLength(2);
    expect(Object.keys(options[0]).sort()).toEqual(['id', 'name', 'no', 'type']);
  });
});

describe('scope and permissions', () => {
  it('never lists a sibling project’s devices and answers 404 for them, on /api/biz and /api/pjts', async () => {
    const mine = await createProject(t.database.db, 1, modules);
    const other = await createProject(t.database.db, 1, modules);
    const theirs = await create(lamp({ projectId: String(other.id), name: '隔壁灯' }));
    const ours = await create(lamp({ projectId: String(mine.id) }));
    const role = await createRole(t.database.db, mine.id, { devicelist: 5, pjtdevicelist: 5 });
    const user = await createUser(t.database.db, role.id);
    const token = await t.token(user.name, user.password);
    const page = (await call('GET', '/api/biz/devices.do/pages', undefined, token)).json();
    expect(page.list.map((d: { id: number }) => d.id)).toEqual([ours.id]);
    expect((await call('GET', `/api/biz/devices.do?type=lighting`, undefined, token)).body).not.toContain('隔壁灯');
    expect((await call('GET', `/api/biz/devices.do/${theirs.id}`, undefined, token)).statusCode).toBe(404);
    expect((await call('PUT', `/api/biz/devices.do/${theirs.id}/active`, {}, token)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/biz/devices.do/${theirs.id}`, undefined, token)).statusCode).toBe(404);
    const intoOther = await call('POST', '/api/biz/devices.do', lamp({ projectId: String(other.id) }), token);
    expect(intoOther.statusCode).toBe(400);
    expect(intoOther.json().errors[0].field).toBe('projectId');
    // Project-scoped paths: another project is 404, a device of another project too.
    expect((await call('GET', `/api/pjts/${other.id}/devices.do/pages`, undefined, token)).statusCode).toBe(404);
    expect((await call('GET', `/api/pjts/${mine.id}/devices.do/one/${theirs.id}`, undefined, token)).statusCode).toBe(
      404,
    );
    const batch = (
      await call('GET', `/api/pjts/${mine.id}/devices.do/batch?ids=${ours.id},${theirs.id}`, undefined, token)
    ).json();
    expect(batch.map((d: { id: number }) => d.id)).toEqual([ours.id]);
  });

  it('answers 403 to a view-only role on writes', async () => {
    const role = await createRole(t.database.db, project.id, { devicelist: 1, pjtdevicelist: 1 });
    const token = await t.token(
      ...(await createUser(t.database.db, role.id).then((u) => [u.name, u.password] as const)),
    );
    expect((await call('GET', '/api/biz/devices.do/pages', undefined, token)).statusCode).toBe(200);
    expect((await call('POST', '/api/biz/devices.do', lamp(), token)).statusCode).toBe(403);
    expect((await call('POST', '/api/biz/devices.do/batch/active', { ids: '1' }, token)).statusCode).toBe(403);
    expect((await call('POST', `/api/pjts/${project.id}/devices.do`, lamp(), token)).statusCode).toBe(403);
  });
});

describe('/api/pjts/{projectId}/devices.do', () => {
  it('creates in the path’s project, reads one, family, children, models, active and batch active', async () => {
    const p = await createProject(t.database.db, 1, modules);
    const base = `/api/pjts/${p.id}/devices.do`;
    const { projectId: _, ...body } = lamp();
    const gwRes = await call('POST', base, { name: '网关三', no: 'GW-3', type: 'gateway', modelId: String(gws) });
    expect(gwRes.statusCode, gwRes.body).toBe(200);
    const gw = gwRes.json();
    expect(gw.projectId).toBe(p.id);
    const lampRes = await call('POST', base, { ...body, parentId: String(gw.id) });
    const l = lampRes.json();
    expect(l).toMatchObject({ projectId: p.id, parentId: gw.id });
    expect((await call('GET', `${base}/one/${l.id}`)).json().id).toBe(l.id);
    expect((await call('GET', `${base}/family?type=lighting`)).json().map((d: { id: number }) => d.id)).toEqual([l.id]);
    expect((await call('GET', `${base}/children/${gw.id}`)).json().map((d: { id: number }) => d.id)).toEqual([l.id]);
    expect((await call('GET', `${base}/pages`)).json().total).toBe(2);
    const models = (await call('GET', `${base}/types/lighting/models`)).json();
    expect(models.map((m: { no: string }) => m.no)).toContain('lcunb');
    expect((await call('PUT', `${base}/${l.id}/active`, { activeState: '1' })).json().activeState).toBe(1);
    expect((await call('GET', `${base}/${l.id}/active`)).json()).toMatchObject({ id: l.id, activeState: 1 });
    expect((await call('POST', `${base}/batch/active`, { ids: `${l.id},${gw.id}`, activeState: '0' })).json()).toEqual({
      updated: 2,
    });
    const upd = await call('PUT', `${base}/${l.id}`, { ...body, parentId: String(gw.id), description: '改' });
    expect(upd.json().description).toBe('改');
    expect((await call('DELETE', `${base}/${l.id}`)).json()).toEqual({ ok: true });
  });
});
