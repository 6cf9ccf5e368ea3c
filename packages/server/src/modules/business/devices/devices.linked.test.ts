import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCaller } from '../../../test/caller.js';
import { createIotDevice, createProject } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { builtinModelId } from '../../base/builtin-base-data.sync.js';

/** A property that names another device (an emergency call post's linked camera): checked on create and update. */
let t: TestApp;
let admin: string;
let eceModel: number;
let project: { id: number };
let camera: { id: number };
let foreignCamera: { id: number };
let lamp: { id: number };
const modules = ['system', 'base', 'business', 'map', 'project'];

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.token();
  const db = t.database.db;
  eceModel = await builtinModelId(db, 'eceisc');
  project = await createProject(db, 1, modules);
  const sibling = await createProject(db, 1, modules);
  camera = await createIotDevice(db, { type: 'camera', modelNo: 'ipcxswpusher', projectId: project.id });
  foreignCamera = await createIotDevice(db, { type: 'camera', modelNo: 'ipcxswpusher', projectId: sibling.id });
  lamp = await createIotDevice(db, { type: 'lighting', modelNo: 'lcunb', projectId: project.id });
});
afterAll(() => t.close());

const call = apiCaller(
  () => t,
  () => admin,
);

let seq = 0;
const post = (linkedCameraId: number | undefined) => {
  seq++;
  return {
    name: `呼叫柱${seq}号`,
    no: `ECE-L${seq}`,
    type: 'emergencycallequipment',
    modelId: String(eceModel),
    projectId: String(project.id),
    props: JSON.stringify(linkedCameraId === undefined ? {} : { linkedCameraId }),
  };
};

const MESSAGES = {
  zh_CN: '联动摄像机须为本设备所在项目中的摄像机',
  en_US: "Linked camera: it must be a device of type Camera in the device's project",
};

describe('a linked device property', () => {
  it('takes a camera of the post project, on create and update, and no camera at all', async () => {
    const res = await call('POST', '/api/biz/devices.do', post(camera.id));
    expect(res.statusCode, res.body).toBe(200);
    const created = res.json() as { id: number; props: Record<string, unknown> };
    expect(created.props.linkedCameraId).toBe(camera.id);

    const cleared = await call('PUT', `/api/biz/devices.do/${created.id}`, { ...post(undefined), no: 'ECE-L-KEEP' });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json().props.linkedCameraId).toBeUndefined();
    const relinked = await call('PUT', `/api/biz/devices.do/${created.id}`, { ...post(camera.id), no: 'ECE-L-KEEP' });
    expect(relinked.statusCode, relinked.body).toBe(200);
    expect(relinked.json().props.linkedCameraId).toBe(camera.id);
  });

  it("refuses another project's camera, a device of another type and a missing id, in words naming the field", async () => {
    const existing = (await call('POST', '/api/biz/devices.do', post(undefined))).json() as { id: number };
    for (const id of [foreignCamera.id, lamp.id, 2147483000]) {
      for (const lang of ['zh_CN', 'en_US'] as const) {
        const created = await call('POST', '/api/biz/devices.do', post(id), admin, lang);
        expect(created.statusCode, created.body).toBe(400);
        expect(created.json().message).toBe(MESSAGES[lang]);
        expect(created.json().errors).toEqual([{ field: 'props.linkedCameraId', message: MESSAGES[lang] }]);

        const updated = await call('PUT', `/api/biz/devices.do/${existing.id}`, post(id), admin, lang);
        expect(updated.statusCode, updated.body).toBe(400);
        expect(updated.json().message).toBe(MESSAGES[lang]);
      }
    }
  });
});
