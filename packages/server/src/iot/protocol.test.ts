import { sql } from 'drizzle-orm';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIotDevice, queryRows } from '../test/factories.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { connectTestDevice, eventually } from './test-device.js';

let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await createTestApp({}, { mqtt: true });
  port = t.app.iot.broker()!.port;
});
afterAll(() => t.close());

const rows = (query: ReturnType<typeof sql>) => queryRows(t.database.db, query);

describe('device authentication (embedded broker)', () => {
  it('lets a device in with its equipment id and key1', async () => {
    const d = await createIotDevice(t.database.db, { type: 'envmonitor', modelNo: 'envrs485' });
    const device = await connectTestDevice(port, d.equipmentId, d.key1);
    expect(device.client.connected).toBe(true);
    await device.close();
  });

  it('refuses a wrong key, an unknown device and a client id that is not the equipment id', async () => {
    const d = await createIotDevice(t.database.db, { type: 'envmonitor', modelNo: 'envrs485' });
    const attempt = (clientId: string, username: string, password: string) =>
      mqtt.connectAsync(`mqtt://127.0.0.1:${port}`, {
        clientId,
        username,
        password,
        reconnectPeriod: 0,
        connectTimeout: 3000,
      });
    await expect(attempt(d.equipmentId, d.equipmentId, 'wrong')).rejects.toThrow();
    await expect(attempt('NOSUCH', 'NOSUCH', 'x')).rejects.toThrow();
    await expect(attempt('other', d.equipmentId, d.key1)).rejects.toThrow();
    expect(t.app.iot.broker()!.refused.connect).toBeGreaterThanOrEqual(3);
  });
});

describe('topic ACLs', () => {
  it("refuses a device's publish on another device's topic and its subscription to another's commands", async () => {
    const a = await createIotDevice(t.database.db, { type: 'envmonitor', modelNo: 'envrs485' });
    const b = await createIotDevice(t.database.db, { type: 'envmonitor', modelNo: 'envrs485' });
    const device = await connectTestDevice(port, a.equipmentId, a.key1);
    // Refused with QoS 128 (mqtt.js reports it as a subscribe error); the device stays connected.
    await expect(device.client.subscribeAsync(`sc/${b.equipmentId}/down/command`, { qos: 1 })).rejects.toThrow(
      /Subscribe error/,
    );
    expect(device.client.connected).toBe(true);
    const before = t.app.iot.broker()!.refused.publish;
    await device.client
      .publishAsync(`sc/${b.equipmentId}/up/telemetry`, JSON.stringify({ values: { temperature: 20 } }), { qos: 0 })
      .catch(() => {});
    await eventually(
      async () => t.app.iot.broker()!.refused.publish,
      (n) => n > before,
    );
    expect(t.app.iot.broker()!.refused.publish).toBe(before + 1);
    await device.close().catch(() => {});
  });
});

describe('uplink', () => {
  it('stores telemetry in batches and marks the device active', async () => {
    const d = await createIotDevice(t.database.db, { type: 'envmonitor', modelNo: 'envrs485' });
    const device = await connectTestDevice(port, d.equipmentId, d.key1);
    await device.publish('telemetry', {
      ts: Date.now(),
      values: { temperature: 21.5, humidity: 60, pm25: 35, noise: 999999 },
    });
    const stored = await eventually(
      () => rows(sql`select temperature, humidity, pm25, noise from env_readings where device_id = ${d.id}`),
      (r) => r.length === 1,
    );
    // A reading outside its plausible range (noise 999999 dB) is a sensor fault: kept out.
    expect(stored).toEqual([{ temperature: 21.5, humidity: 60, pm25: 35, noise: null }]);
    const [state] = await eventually(
      () => rows(sql`select active_state, last_active_at from devices where id = ${d.id}`),
      (r) => r[0]?.active_state === 1,
    );
    expect(state!.active_state).toBe(1);
    await device.close();
  });

  it('drops and counts malformed payloads without harm', async () => {
    const d = await createIotDevice(t.database.db, { type: 'envmonitor', modelNo: 'envrs485' });
    const device = await connectTestDevice(port, d.equipmentId, d.key1);
    const before = t.app.iot.ingest.stats.malformed;
    await device.publish('telemetry', 'not json{');
    await device.publish('telemetry', { values: 'nope' });
    await device.publish('event', { code: {} });
    await eventually(
      async () => t.app.iot.ingest.stats.malformed,
      (n) => n >= before + 3,
    );
    expect(t.app.iot.ingest.stats.malformed).toBe(before + 3);
    // Still serving: a good message after the bad ones is stored.
    await device.publish('telemetry', { values: { temperature: 19 } });
    expect(
      await eventually(
        () => rows(sql`select 1 from env_readings where device_id = ${d.id}`),
        (r) => r.length === 1,
      ),
    ).toHaveLength(1);
    await device.close();
  });

  it('accepts protocol version 1 (one uplink topic, kind in the payload)', async () => {
    const d = await createIotDevice(t.database.db, { type: 'envmonitor', modelNo: 'envrs485' });
    const device = await connectTestDevice(port, d.equipmentId, d.key1);
    await device.client.publishAsync(`sc/${d.equipmentId}/up`, JSON.stringify({ k: 'tel', values: { co2: 420 } }), {
      qos: 1,
    });
    expect(
      await eventually(
        () => rows(sql`select co2 from env_readings where device_id = ${d.id}`),
        (r) => r.length === 1,
      ),
    ).toEqual([{ co2: 420 }]);
    await device.close();
  });

  it('stores events and ignores the traffic of unregistered devices', async () => {
    const d = await createIotDevice(t.database.db, { type: 'envmonitor', modelNo: 'envrs485' });
    const off = await createIotDevice(t.database.db, { type: 'envmonitor', modelNo: 'envrs485', registered: false });
    const device = await connectTestDevice(port, d.equipmentId, d.key1);
    const quiet = await connectTestDevice(port, off.equipmentId, off.key1);
    await device.publish('event', { code: 'PM25_HIGH', type: 'occur', level: 'warning', detail: { pm25: 180 } });
    await quiet.publish('telemetry', { values: { temperature: 30 } });
    expect(
      await eventually(
        () => rows(sql`select code, event_type, level from device_events where device_id = ${d.id}`),
        (r) => r.length === 1,
      ),
    ).toEqual([{ code: 'PM25_HIGH', event_type: 'occur', level: 'warning' }]);
    await eventually(
      async () => t.app.iot.ingest.stats.unregistered,
      (n) => n > 0,
    );
    expect(await rows(sql`select 1 from env_readings where device_id = ${off.id}`)).toEqual([]);
    await device.close();
    await quiet.close();
  });

  it('lets a gateway speak for its own children only', async () => {
    const gw = await createIotDevice(t.database.db, { type: 'gateway', modelNo: 'gws' });
    const child = await createIotDevice(t.database.db, { type: 'envmonitor', modelNo: 'envrs485', parentId: gw.id });
    const stranger = await createIotDevice(t.database.db, { type: 'envmonitor', modelNo: 'envrs485' });
    const gateway = await connectTestDevice(port, gw.equipmentId, gw.key1);
    await gateway.publish('telemetry', { device: child.equipmentId, values: { temperature: 12 } });
    const before = t.app.iot.ingest.stats.notYourChild;
    await gateway.publish('telemetry', { device: stranger.equipmentId, values: { temperature: 13 } });
    expect(
      await eventually(
        () => rows(sql`select temperature from env_readings where device_id = ${child.id}`),
        (r) => r.length === 1,
      ),
    ).toEqual([{ temperature: 12 }]);
    await eventually(
      async () => t.app.iot.ingest.stats.notYourChild,
      (n) => n > before,
    );
    expect(await rows(sql`select 1 from env_readings where device_id = ${stranger.id}`)).toEqual([]);
    await gateway.publish('heartbeat', { children: [child.equipmentId] });
    await gateway.close();
  });
});

describe('active state', () => {
  it('turns a silent device abnormal after twice its heartbeat and tells its project', async () => {
    const d = await createIotDevice(t.database.db, { type: 'envmonitor', modelNo: 'envrs485', activeState: 1 });
    await t.database.db.execute(
      sql`update devices set last_active_at = now() - interval '700 seconds' where id = ${d.id}`,
    );
    const changed = await t.app.iot.jobs.silence();
    expect(changed.map((c) => c.id)).toContain(d.id);
    expect(await rows(sql`select active_state from devices where id = ${d.id}`)).toEqual([{ active_state: -1 }]);
    expect(await rows(sql`select code, level from device_events where device_id = ${d.id}`)).toEqual([
      { code: 'OFFLINE', level: 'alarm' },
    ]);
    const [msg] = await rows(sql`select title from site_messages where title like ${`%${d.name}%`}`);
    expect(msg!.title).toBe(`设备离线：${d.name}（智慧城市平台）`); // stored in Chinese, shown in the reader's language
    // Heard from again: active.
    const device = await connectTestDevice(port, d.equipmentId, d.key1);
    await device.publish('heartbeat', {});
    expect(
      await eventually(
        () => rows(sql`select active_state from devices where id = ${d.id}`),
        (r) => r[0]?.active_state === 1,
      ),
    ).toEqual([{ active_state: 1 }]);
    await device.close();
  });
});

describe('retention', () => {
  it('deletes readings and events older than their retention days', async () => {
    const d = await createIotDevice(t.database.db, { type: 'envmonitor', modelNo: 'envrs485' });
    await t.database.db.execute(
      sql`insert into env_readings (device_id, project_id, at, temperature) values (${d.id}, 1, now() - interval '400 days', 1), (${d.id}, 1, now(), 2)`,
    );
    const report = await t.app.iot.jobs.retention();
    expect(report?.strays).toBeGreaterThanOrEqual(1); // no partition that old: the row sat in the default one
    expect(await rows(sql`select temperature from env_readings where device_id = ${d.id}`)).toEqual([
      { temperature: 2 },
    ]);
  });
});
