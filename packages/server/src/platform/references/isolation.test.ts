import { MODULES } from '@sc/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceFactories, deviceModels } from '../../db/schema/index.js';
import { apiCaller, type Method, signInWith } from '../../test/caller.js';
import { createProject, createRole, createUser } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/** The rules of issue 11 "Isolation between projects", each with its success and its localised refusal. */
let t: TestApp;
let admin: string;
let editor: string;
let project: { id: number; name: string };
let sibling: { id: number; name: string };
let siblingModel: { id: number; name: string };
let shared: number;

const send = apiCaller(
  () => t,
  () => admin,
  'zh_CN',
);
const call = (method: Method, url: string, token: string, body?: object, lang = 'zh_CN') =>
  send(method, url, body && Object.fromEntries(Object.entries(body).map(([k, v]) => [k, String(v)])), token, lang);

const everything = (level: number, keys: string[]) => Object.fromEntries(keys.map((k) => [k, level]));

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.token();
  const db = t.database.db;
  project = await createProject(db, 1, [...MODULES]);
  sibling = await createProject(db, 1, [...MODULES]);
  const keys = ['devicefactorylist', 'devicemodellist', 'devicelist', 'pjtdevicelist', 'rolelist', 'authlist'];
  editor = await signInWith(t, project.id, everything(5, keys));
  const [factory] = await db
    .insert(deviceFactories)
    .values({ name: '兄弟厂商', no: 'SIB-F', projectId: sibling.id })
    .returning();
  const [model] = await db
    .insert(deviceModels)
    .values({ name: '兄弟型号', no: 'SIB-M', factoryId: factory!.id, typeNo: 'envmonitor' })
    .returning();
  siblingModel = { id: model!.id, name: model!.name };
  const [sharedFactory] = await db.insert(deviceFactories).values({ name: '共享厂商', no: 'SHARED-F' }).returning();
  shared = sharedFactory!.id;
});
afterAll(() => t.close());

describe('shared (global) factories and models', () => {
  it('a project user reads a shared factory but cannot move, edit or delete it (403, localised)', async () => {
    expect((await call('GET', `/api/bas/devicefactories.do/${shared}`, editor)).statusCode).toBe(200);
    const move = await call('PUT', `/api/bas/devicefactories.do/${shared}`, editor, {
      name: '共享厂商',
      no: 'SHARED-F',
      projectId: project.id,
    });
    expect(move.statusCode).toBe(403);
    expect(move.json().message).toBe('共享数据由根项目管理，本项目只能查看');
    const del = await call('DELETE', `/api/bas/devicefactories.do/${shared}`, editor, undefined, 'en_US');
    expect(del.statusCode).toBe(403);
    expect(del.json().message).toBe('Shared records are managed by the root project; your project can only read them');
    const [row] = await t.database.db.select().from(deviceFactories).where(eq(deviceFactories.id, shared));
    expect(row!.projectId).toBeNull();
  });

  it('a project user cannot add a shared factory, nor a model of a shared factory (400, localised)', async () => {
    const factory = await call('POST', '/api/bas/devicefactories.do', editor, { name: '新的厂商', no: 'NEW-F1' });
    expect(factory.statusCode).toBe(400);
    expect(factory.json().errors).toEqual([
      { field: 'projectId', message: '只有根项目可以添加共享数据，请选择本项目' },
    ]);
    const own = await call('POST', '/api/bas/devicefactories.do', editor, {
      name: '本项目厂商',
      no: 'OWN-F1',
      projectId: project.id,
    });
    expect(own.statusCode, own.body).toBe(200);
    const model = await call(
      'POST',
      '/api/bas/devicemodels.do',
      editor,
      { name: '新型号', no: 'NEW-M1', factoryId: shared, typeNo: 'gateway' },
      'en_US',
    );
    expect(model.statusCode).toBe(400);
    expect(model.json().errors[0].message).toBe('Only the root project can add shared records: choose your project');
    const ownModel = await call('POST', '/api/bas/devicemodels.do', editor, {
      name: '本项目型号',
      no: 'OWN-M1',
      factoryId: own.json().id,
      typeNo: 'gateway',
    });
    expect(ownModel.statusCode, ownModel.body).toBe(200);
  });

  it('the root project manages shared records', async () => {
    const created = await call('POST', '/api/bas/devicefactories.do', admin, { name: '根共享', no: 'ROOT-F1' });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().projectId).toBeNull();
    const moved = await call('PUT', `/api/bas/devicefactories.do/${created.json().id}`, admin, {
      name: '根共享',
      no: 'ROOT-F1',
      projectId: project.id,
    });
    expect(moved.statusCode, moved.body).toBe(200);
  });
});

describe('references into another project', () => {
  it("lists only the models a project may use (a sibling's private model is left out)", async () => {
    const res = await call('GET', `/api/pjts/${project.id}/devices.do/types/envmonitor/models`, editor);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain(siblingModel.name);
    const theirs = await call('GET', `/api/pjts/${sibling.id}/devices.do/types/envmonitor/models`, admin);
    expect(theirs.body).toContain(siblingModel.name);
  });

  it("refuses a device with another project's model as a model that does not exist (400, localised)", async () => {
    const res = await call(
      'POST',
      '/api/biz/devices.do',
      editor,
      { name: '设备甲', no: 'DEV-A1', type: 'envmonitor', projectId: project.id, modelId: siblingModel.id },
      'en_US',
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ field: 'modelId', message: 'The device model does not exist' }]);
    expect(res.body).not.toContain(siblingModel.name);
    expect(res.body).not.toContain(sibling.name);
  });
});

describe('platform-wide functions (system settings, device types) are for roles of the root project', () => {
  it('a role of a project cannot be granted them (400, localised) and never holds them', async () => {
    const role = await createRole(t.database.db, project.id);
    const res = await call('POST', `/api/roles/${role.id}/permissions.do`, admin, {
      permissions: JSON.stringify([{ key: 'syssettings', level: 5 }]),
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toBe('全平台功能只能授予根项目的角色：系统设置');
    const list = (await call('GET', `/api/roles/${role.id}/permissions.do`, admin)).json() as {
      key: string;
      available: boolean;
      globalOnly?: boolean;
    }[];
    expect(list.find((p) => p.key === 'devicetypelist')).toMatchObject({ available: false, globalOnly: true });
    expect(list.find((p) => p.key === 'devicelist')).toMatchObject({ available: true });
  });

  it('even granted straight in the database, they give a project user nothing: no menu, 403', async () => {
    const user = await createUser(
      t.database.db,
      (await createRole(t.database.db, project.id, { syssettings: 10, devicetypelist: 10, devicelist: 5 })).id,
    );
    const token = await t.token(user.name, user.password);
    expect((await call('GET', '/api/webparams.do', token)).statusCode).toBe(403);
    expect((await call('PATCH', '/api/syncsysdata.do', token)).statusCode).toBe(403);
    const icon = await call('POST', '/api/bas/devicetypes.do', token, { name: '新类型', no: 'newtype' });
    expect(icon.statusCode).toBe(403);
    expect((await call('GET', '/api/bas/devicetypes.do', token)).statusCode).toBe(200);
    const menus = JSON.stringify((await call('GET', '/api/menus.do', token)).json());
    expect(menus).not.toContain('syssettings');
    expect(menus).not.toContain('devicetypelist');
    expect(menus).toContain('devicelist');
  });

  it('a role of the root project can be granted them', async () => {
    const role = await createRole(t.database.db, 1);
    const res = await call('POST', `/api/roles/${role.id}/permissions.do`, admin, {
      permissions: JSON.stringify([{ key: 'syssettings', level: 5 }]),
    });
    expect(res.statusCode, res.body).toBe(200);
  });
});
