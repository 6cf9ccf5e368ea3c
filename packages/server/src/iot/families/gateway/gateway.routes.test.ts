import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createIotDevice, createProject, createRole, createUser, queryRows } from '../../../test/factories.js';
import { form } from '../../../test/test-app.js';
import { connectTestDevice, eventually } from '../../test-device.js';
import { type Answer, familySuite, onlineDevice } from '../kit/test-fixtures.js';

const suite = familySuite({ mqtt: true, params: { httpTimeout: '5', commandAttempts: '5' } });

const post = (url: string, token = suite.admin, lang = 'en_US') =>
  suite.t.app.inject({ method: 'POST', url: `${url}?token=${token}&lang=${lang}`, ...form({}) });
const get = (url: string, token = suite.admin) => suite.t.app.inject({ method: 'GET', url: `${url}?token=${token}` });

async function onlineGateway(answer: Answer) {
  const { d: gw, device } = await onlineDevice(suite, { type: 'gateway', modelNo: 'gws' }, answer);
  return { gw, device };
}

describe('gateway commands', () => {
  it('sends correcttime, awaits the reply and writes the operation log', async () => {
    const { gw, device } = await onlineGateway((r) => ({ ok: true, result: { set: r.args.time } }));
    // As the console sends it: a bare POST, no body and no content type.
    const res = await suite.t.app.inject({
      method: 'POST',
      url: `/api/pjts/1/iot/gateway/${gw.id}/correcttime?token=${suite.admin}&lang=en_US`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ command: 'correcttime', ok: true, attempts: 1 });
    expect(device.received[0]).toMatchObject({ command: 'correcttime' });
    const [log] = await queryRows(
      suite.t.database.db,
      sql`select account, command, success, device_name from operate_logs where device_id = ${gw.id}`,
    );
    expect(log).toEqual({ account: 'admin', command: 'correcttime', success: true, device_name: gw.name });
    await device.close();
  });

  it('retries a lost request with the same id and the device runs it once', async () => {
    let runs = 0;
    const seen = new Map<string, { ok: boolean; result: unknown }>();
    let first = true;
    const { gw, device } = await onlineGateway((r) => {
      if (first) {
        first = false; // the first copy is "lost": no reply
        return null;
      }
      if (!seen.has(r.id)) {
        runs++;
        seen.set(r.id, { ok: true, result: { runs } });
      }
      return seen.get(r.id)!;
    });
    const res = await post(`/api/pjts/1/iot/gateway/${gw.id}/reboot`);
    expect(res.statusCode).toBe(200);
    expect(res.json().attempts).toBeGreaterThanOrEqual(2);
    expect(new Set(device.received.map((r) => r.id)).size).toBe(1);
    expect(runs).toBe(1);
    await device.close();
  });

  it('answers a clear, localised error when the gateway is offline or silent, and logs it', async () => {
    const offline = await createIotDevice(suite.t.database.db, { type: 'gateway', modelNo: 'gws' });
    const res = await post(`/api/pjts/1/iot/gateway/${offline.id}/reboot`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'DEVICE_OFFLINE',
      message: 'Offline or abnormal communication, retry later',
    });
    expect((await post(`/api/pjts/1/iot/gateway/${offline.id}/reboot`, suite.admin, 'zh_CN')).json().message).toBe(
      '设备离线或通讯异常，请稍后重试',
    );
    const { gw, device } = await onlineGateway(() => null); // connected, never answers
    const silent = await post(`/api/pjts/1/iot/gateway/${gw.id}/clearlcus`);
    expect(silent.statusCode).toBe(504);
    const logs = await queryRows(
      suite.t.database.db,
      sql`select result, success from operate_logs where device_id in (${offline.id}, ${gw.id}) order by id`,
    );
    expect(logs).toEqual([
      { result: 'offline', success: false },
      { result: 'offline', success: false },
      { result: 'timeout', success: false },
    ]);
    await device.close();
  }, 15_000);

  it('reports a command the device refused', async () => {
    const { gw, device } = await onlineGateway(() => ({ ok: false, error: 'busy' }));
    const res = await post(`/api/pjts/1/iot/gateway/${gw.id}/clearlcus`);
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toBe('The device could not do it: busy');
    await device.close();
  });
});

describe('gateway registration, children and events', () => {
  it('registers and unregisters, lists children and their events', async () => {
    const gw = await createIotDevice(suite.t.database.db, { type: 'gateway', modelNo: 'gws', registered: false });
    const child = await createIotDevice(suite.t.database.db, {
      type: 'envmonitor',
      modelNo: 'envrs485',
      parentId: gw.id,
    });
    const reg = await post(`/api/pjts/1/iot/gateway/${gw.id}/register`);
    expect(reg.json()).toEqual({ id: gw.id, registered: true, delivered: false });
    const children = (await get(`/api/pjts/1/iot/gateway/${gw.id}/children`)).json();
    expect(children.map((c: { id: number }) => c.id)).toEqual([child.id]);
    const device = await connectTestDevice(suite.port, gw.equipmentId, gw.key1);
    await device.publish('event', { device: child.equipmentId, code: 'LAMP_FAULT', type: 'occur', level: 'alarm' });
    await device.publish('event', { code: 'DOOR_OPEN', type: 'occur', level: 'warning' });
    const page = await eventually(
      async () => (await get(`/api/pjts/1/iot/gateway/${gw.id}/events`)).json(),
      (p) => p.total === 2,
    );
    expect(page.list.map((e: { code: string }) => e.code).sort()).toEqual(['DOOR_OPEN', 'LAMP_FAULT']);
    // An alarm of the child notifies the project.
    await eventually(
      () => queryRows(suite.t.database.db, sql`select title from site_messages where title like ${`%${child.name}%`}`),
      (r) => r.length > 0,
    );
    expect((await post(`/api/pjts/1/iot/gateway/${gw.id}/unregister`)).json().registered).toBe(false);
    await device.close();
  });

  it('refuses other families, other projects and view-only roles', async () => {
    const env = await createIotDevice(suite.t.database.db, { type: 'envmonitor', modelNo: 'envrs485' });
    expect((await post(`/api/pjts/1/iot/gateway/${env.id}/reboot`)).statusCode).toBe(400);
    const other = await createProject(suite.t.database.db, 1, ['gateway']);
    const gw = await createIotDevice(suite.t.database.db, { type: 'gateway', modelNo: 'gws' });
    const outsider = await createUser(
      suite.t.database.db,
      (await createRole(suite.t.database.db, other.id, { pjtdevicegatewaylist: 10 })).id,
    );
    const token = await suite.t.token(outsider.name, outsider.password);
    expect((await post(`/api/pjts/1/iot/gateway/${gw.id}/reboot`, token)).statusCode).toBe(404);
    expect((await post(`/api/pjts/${other.id}/iot/gateway/${gw.id}/reboot`, token)).statusCode).toBe(404);
    const viewer = await createUser(
      suite.t.database.db,
      (await createRole(suite.t.database.db, 1, { pjtdevicegatewaylist: 1 })).id,
    );
    const viewerToken = await suite.t.token(viewer.name, viewer.password);
    expect((await post(`/api/pjts/1/iot/gateway/${gw.id}/reboot`, viewerToken)).statusCode).toBe(403);
    expect((await get(`/api/pjts/1/iot/gateway/${gw.id}/children`, viewerToken)).statusCode).toBe(200);
  });
});
