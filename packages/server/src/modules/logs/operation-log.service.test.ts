import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProject, createRole, createUser } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createLogsRepository } from './logs.repository.js';
import { createOperationLogService } from './operation-log.service.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('operationLog.record', () => {
  it("writes a command of the platform itself into the device's project log, seen by that project", async () => {
    const db = t.database.db;
    const project = await createProject(db, 1, ['system']);
    // The device registry's table is another module's: stand in for its lookup of the device's project.
    const device = { id: 4242 };
    const repository = createLogsRepository(db);
    const log = createOperationLogService({
      ...repository,
      deviceProject: async (id) => (id === device.id ? project.id : null),
    });
    await log.record({
      actor: null,
      deviceId: device.id,
      deviceName: 'Lamp 7',
      command: 'dim',
      args: { level: 40 },
      result: 'ok',
      success: true,
      durationMs: 85.6,
    });

    const user = await createUser(db, (await createRole(db, project.id, { operatehistory: 1 })).id);
    const token = await t.token(user.name, user.password);
    const res = await t.app.inject({ method: 'GET', url: `/api/operatehistories.do/pages?token=${token}` });
    expect(res.json().list).toEqual([
      expect.objectContaining({
        account: '',
        deviceId: device.id,
        deviceName: 'Lamp 7',
        command: 'dim',
        args: { level: 40 },
        result: 'ok',
        success: true,
        durationMs: 86,
      }),
    ]);
  });

  it("falls back to the actor's project when the command has no device", async () => {
    const db = t.database.db;
    const project = await createProject(db, 1, ['system']);
    const user = await createUser(db, (await createRole(db, project.id, { operatehistory: 1 })).id);
    const token = await t.token(user.name, user.password);
    const session = { user: { id: user.id, name: user.name }, project: { id: project.id } } as never;
    await createOperationLogService(createLogsRepository(db)).record({
      actor: { session, ip: '10.0.0.9', userAgent: '' },
      deviceId: null,
      deviceName: '',
      command: 'broadcast',
      result: 'timeout',
      success: false,
      durationMs: 5000,
    });
    const list = (await t.app.inject({ method: 'GET', url: `/api/operatehistories.do/pages?token=${token}` })).json()
      .list;
    expect(list).toEqual([
      expect.objectContaining({ account: user.name, ip: '10.0.0.9', command: 'broadcast', success: false }),
    ]);
  });
});
