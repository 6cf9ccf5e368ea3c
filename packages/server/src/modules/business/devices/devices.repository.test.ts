import { DEVICE_LIST_FIELDS } from '@sc/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceAreas, deviceGroups, devices } from '../../../db/schema/index.js';
import { createIotDevice, createProject } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { createDevicesRepository } from './devices.repository.js';

let t: TestApp;
let project: { id: number; path: string };

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  project = await createProject(db, 1);
  const [area] = await db.insert(deviceAreas).values({ projectId: project.id, name: '北区', no: 'JSON-A' }).returning();
  const [group] = await db
    .insert(deviceGroups)
    .values({ projectId: project.id, areaId: area!.id, name: '北区一组', no: 'JSON-G' })
    .returning();
  const gateway = await createIotDevice(db, { type: 'gateway', modelNo: 'gws', projectId: project.id });
  const lamp = await createIotDevice(db, {
    type: 'lighting',
    modelNo: 'lcunb',
    projectId: project.id,
    parentId: gateway.id,
    activeState: -1,
    props: { ratedPower: 60, note: '路灯 "A"\n第二行', nested: { on: true, list: [1, 2.5] } },
  });
  // Every optional field set, timestamps with microseconds, awkward floats and text.
  await db
    .update(devices)
    .set({
      areaId: area!.id,
      groupId: group!.id,
      lng: 119.461916,
      lat: 32.1,
      ip: '192.168.1.20',
      port: 8080,
      minPort: 1,
      maxPort: 65535,
      mac: 'AA:BB:CC:DD:EE:FF',
      loginPassword: 'secret',
      description: 'back\\slash / 斜杠',
      lastActiveAt: sql`'2026-11-22 03:00:18.099999+00'::timestamptz`,
      activeForcedAt: sql`'2026-01-02 03:04:05.000001+08'::timestamptz`,
    })
    .where(eq(devices.id, lamp.id));
  // A device of an unknown type name would still need a name: the type's own value stands in.
  await createIotDevice(db, { type: 'camera', modelNo: 'hikisc', projectId: project.id });
});
afterAll(() => t.close());

describe('the device page written by the database', () => {
  it('answers the list fields of what presentDevice answers for the same devices, newest first', async () => {
    const repo = createDevicesRepository(t.database.db);
    const { listJson, total } = await repo.page(project.path, {}, [], { limit: 25, offset: 0 });
    const expected = (await repo.list(project.path, {})).map((d) =>
      Object.fromEntries(DEVICE_LIST_FIELDS.map((key) => [key, d[key]])),
    );
    expect(total).toBe(3);
    expect(JSON.parse(listJson)).toEqual(JSON.parse(JSON.stringify(expected)));
    expect(Object.keys(JSON.parse(listJson)[0])).toEqual([...DEVICE_LIST_FIELDS]);
    expect(JSON.parse(listJson).map((d: { id: number }) => d.id)).toEqual(expected.map((d) => d.id));
  });

  it('answers an empty list past the last page and for a filter nothing matches', async () => {
    const repo = createDevicesRepository(t.database.db);
    expect((await repo.page(project.path, {}, [], { limit: 25, offset: 25 })).listJson).toBe('[]');
    const none = await repo.page(project.path, { type: 'led' }, [], { limit: 25, offset: 0 });
    expect(none).toEqual({ listJson: '[]', total: 0 });
  });

  it('filters on the root subtree and on a project subtree alike', async () => {
    const repo = createDevicesRepository(t.database.db);
    const inProject = JSON.parse(
      (await repo.page(project.path, { type: 'lighting' }, [], { limit: 5, offset: 0 })).listJson,
    );
    const fromRoot = JSON.parse(
      (await repo.page('/1/', { projectId: project.id, type: 'lighting' }, [], { limit: 5, offset: 0 })).listJson,
    );
    expect(inProject).toHaveLength(1);
    expect(fromRoot).toEqual(inProject);
  });
});
