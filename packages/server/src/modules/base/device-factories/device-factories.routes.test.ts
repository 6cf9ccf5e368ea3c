import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceModels, devices } from '../../../db/schema/index.js';
import { apiCaller } from '../../../test/caller.js';
import { createProject, createRole, createUser } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';

let t: TestApp;
let admin: string;
let viewer: string;
let a: { id: number };
let b: { id: number };
let userA: string;
beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  admin = await t.token();
  const v = await createUser(db, (await createRole(db, 1, { devicefactorylist: 1, devicemodellist: 1 })).id);
  viewer = await t.token(v.name, v.password);
  a = await createProject(db, 1, ['base']);
  b = await createProject(db, 1, ['base']);
  const ua = await createUser(db, (await createRole(db, a.id, { devicefactorylist: 5, devicemodellist: 5 })).id);
  userA = await t.token(ua.name, ua.password);
});
afterAll(() => t.close());

const call = apiCaller(
  () => t,
  () => admin,
);

let seq = 0;
const factory = (extra: Record<string, string> = {}) => ({
  name: `测试厂商${++seq}`,
  no: `FAC-${seq}-${Date.now() % 100000}`,
  description: '说明',
  ...extra,
});
const model = (factoryId: number, extra: Record<string, string> = {}) => ({
  name: `测试型号${++seq}`,
  no: `MOD-${seq}-${Date.now() % 100000}`,
  factoryId: String(factoryId),
  typeNo: 'lighting',
  ...extra,
});

describe('/api/bas/devicefactories.do', () => {
  it('creates, reads, pages, updates and deletes a factory', async () => {
    const created = await call('POST', '/api/bas/devicefactories.do', factory());
    expect(created.statusCode).toBe(200);
    const f = created.json();
    expect(f).toMatchObject({ projectId: null, projectName: null, builtin: false, modelCount: 0, description: '说明' });
    expect((await call('GET', `/api/bas/devicefactories.do/${f.id}`)).json().no).toBe(f.no);
    const page = (await call('GET', `/api/bas/devicefactories.do/pages?keyword=${f.no}`)).json();
    expect(page.list.map((x: { id: number }) => x.id)).toEqual([f.id]);
    const updated = await call('PUT', `/api/bas/devicefactories.do/${f.id}`, {
      ...factory({ no: f.no }),
      projectId: String(a.id),
    });
    expect(updated.json()).toMatchObject({ projectId: a.id });
    expect((await call('DELETE', `/api/bas/devicefactories.do/${f.id}`)).json()).toEqual({ ok: true });
    expect((await call('GET', `/api/bas/devicefactories.do/${f.id}`)).statusCode).toBe(404);
  });

  it('lists the built-in factories and validates in the caller language', async () => {
    const list = (await call('GET', '/api/bas/devicefactories.do')).json();
    expect(list.map((x: { no: string }) => x.no)).toEqual(expect.arrayContaining(['dahua', 'hikvision']));
    const zh = await call('POST', '/api/bas/devicefactories.do', { name: '', no: 'ab' }, admin, 'zh_CN');
    expect(zh.statusCode).toBe(400);
    expect(zh.json().errors).toEqual(
      expect.arrayContaining([
        { field: 'name', message: '必填项' },
        { field: 'no', message: '3-25 个字符' },
      ]),
    );
  });

  it('refuses a duplicate number, changing a built-in number and deleting a built-in or used factory', async () => {
    const dup = await call('POST', '/api/bas/devicefactories.do', factory({ no: 'dahua' }));
    expect(dup.statusCode).toBe(409);
    expect(dup.json().errors[0].field).toBe('no');
    const dahua = (await call('GET', '/api/bas/devicefactories.do'))
      .json()
      .find((x: { no: string }) => x.no === 'dahua');
    const renumber = await call('PUT', `/api/bas/devicefactories.do/${dahua.id}`, factory({ no: 'dahua2' }));
    expect(renumber.statusCode).toBe(400);
    expect(renumber.json().errors[0]).toEqual({
      field: 'no',
      message: 'The number of a built-in item cannot be changed',
    });
    expect((await call('DELETE', `/api/bas/devicefactories.do/${dahua.id}`)).statusCode).toBe(409);
    const f = (await call('POST', '/api/bas/devicefactories.do', factory())).json();
    await t.database.db.insert(deviceModels).values({ name: 'M', no: `M-${f.no}`, factoryId: f.id, typeNo: 'camera' });
    const res = await call('DELETE', `/api/bas/devicefactories.do/${f.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('The factory is still in use (models: 1, devices: 0): it cannot be deleted');
  });

  it("keeps another project's factories out of a caller's lists and reach", async () => {
    const ofB = (await call('POST', '/api/bas/devicefactories.do', factory({ projectId: String(b.id) }))).json();
    const ofA = (await call('POST', '/api/bas/devicefactories.do', factory({ projectId: String(a.id) }))).json();
    const seen = (await call('GET', '/api/bas/devicefactories.do', undefined, userA))
      .json()
      .map((x: { id: number }) => x.id);
    expect(seen).toContain(ofA.id);
    expect(seen).not.toContain(ofB.id);
    expect((await call('GET', `/api/bas/devicefactories.do/${ofB.id}`, undefined, userA)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/bas/devicefactories.do/${ofB.id}`, undefined, userA)).statusCode).toBe(404);
    const outside = await call('POST', '/api/bas/devicefactories.do', factory({ projectId: String(b.id) }), userA);
    expect(outside.statusCode).toBe(400);
    expect(outside.json().errors[0].field).toBe('projectId');
    const m = await call('POST', '/api/bas/devicemodels.do', model(ofB.id), userA);
    expect(m.statusCode).toBe(400);
    expect(m.json().errors[0].field).toBe('factoryId');
  });

  it('lets a view-only role read but not write', async () => {
    expect((await call('GET', '/api/bas/devicefactories.do/pages', undefined, viewer)).statusCode).toBe(200);
    expect((await call('POST', '/api/bas/devicefactories.do', factory(), viewer)).statusCode).toBe(403);
    expect((await call('DELETE', '/api/bas/devicemodels.do/1', undefined, viewer)).statusCode).toBe(403);
  });
});

describe('/api/bas/devicemodels.do', () => {
  it('creates, filters, updates and deletes a model', async () => {
    const f = (await call('POST', '/api/bas/devicefactories.do', factory())).json();
    const created = await call('POST', '/api/bas/devicemodels.do', model(f.id, { description: '路灯' }));
    expect(created.statusCode).toBe(200);
    const m = created.json();
    expect(m).toMatchObject({
      factoryId: f.id,
      factoryName: f.name,
      typeNo: 'lighting',
      builtin: false,
      deviceCount: 0,
    });
    expect(m.typeName).toBeTruthy();
    const byFactory = (await call('GET', `/api/bas/devicemodels.do/pages?factoryId=${f.id}`)).json();
    expect(byFactory.list.map((x: { id: number }) => x.id)).toEqual([m.id]);
    const byType = (await call('GET', '/api/bas/devicemodels.do?typeNo=gateway')).json();
    expect(byType.every((x: { typeNo: string }) => x.typeNo === 'gateway')).toBe(true);
    expect(byType.map((x: { no: string }) => x.no)).toContain('gws');
    expect((await call('GET', `/api/bas/devicemodels.do/${m.id}`)).json().no).toBe(m.no);
    const updated = await call('PUT', `/api/bas/devicemodels.do/${m.id}`, model(f.id, { no: m.no, typeNo: 'camera' }));
    expect(updated.json().typeNo).toBe('camera');
    expect((await call('DELETE', `/api/bas/devicemodels.do/${m.id}`)).json()).toEqual({ ok: true });
  });

  it('validates factory and type, and refuses duplicates', async () => {
    const en = await call('POST', '/api/bas/devicemodels.do', {
      name: '型号名称',
      no: 'abcd',
      factoryId: '',
      typeNo: '',
    });
    expect(en.json().errors).toEqual(
      expect.arrayContaining([
        { field: 'factoryId', message: 'Device manufacturer required' },
        { field: 'typeNo', message: 'Device type required' },
      ]),
    );
    const unknownType = await call('POST', '/api/bas/devicemodels.do', model(1, { typeNo: 'nosuchtype' }));
    expect(unknownType.statusCode).toBe(400);
    expect(unknownType.json().errors[0].field).toBe('typeNo');
    expect((await call('POST', '/api/bas/devicemodels.do', model(1, { no: 'gws' }))).statusCode).toBe(409);
  });

  it('keeps built-in models and refuses deleting a model in use', async () => {
    const gws = (await call('GET', '/api/bas/devicemodels.do?typeNo=gateway'))
      .json()
      .find((x: { no: string }) => x.no === 'gws');
    const body = { name: 'GWS网关', no: 'gws', factoryId: String(gws.factoryId), typeNo: 'gateway' };
    expect((await call('PUT', `/api/bas/devicemodels.do/${gws.id}`, body)).statusCode).toBe(200);
    expect((await call('PUT', `/api/bas/devicemodels.do/${gws.id}`, { ...body, no: 'gws2' })).statusCode).toBe(400);
    expect((await call('PUT', `/api/bas/devicemodels.do/${gws.id}`, { ...body, typeNo: 'camera' })).statusCode).toBe(
      400,
    );
    expect((await call('DELETE', `/api/bas/devicemodels.do/${gws.id}`)).statusCode).toBe(409);
    const m = (await call('POST', '/api/bas/devicemodels.do', model(gws.factoryId))).json();
    await t.database.db
      .insert(devices)
      .values({ name: 'D', no: `D-${m.no}`, type: 'lighting', projectId: 1, modelId: m.id });
    const res = await call('DELETE', `/api/bas/devicemodels.do/${m.id}`, undefined, admin, 'zh_CN');
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('该型号仍被 1 个设备和 0 个生产库条目使用，不能删除');
  });
});

describe('/api/bas/mediatypes.do and layoutunits.do', () => {
  it('answer codes with localised names', async () => {
    const media = (await call('GET', '/api/bas/mediatypes.do')).json();
    expect(media).toHaveLength(7);
    expect(media[0]).toEqual({ code: 'image', name: 'Image' });
    const zh = (await call('GET', '/api/bas/mediatypes.do', undefined, admin, 'zh_CN')).json();
    expect(zh[1]).toEqual({ code: 'video', name: '视频' });
    const units = (await call('GET', '/api/bas/layoutunits.do')).json();
    expect(units).toHaveLength(14);
    expect(units.find((u: { code: string }) => u.code === 'VTT_SUMMARY')).toEqual({
      code: 'VTT_SUMMARY',
      value: 6,
      name: 'Alarm analysis',
    });
    expect(units.every((u: { name: string; code: string }) => u.name !== `base.layoutUnits.${u.code}`)).toBe(true);
  });
});
