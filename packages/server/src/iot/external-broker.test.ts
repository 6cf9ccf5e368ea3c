import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIotDevice, queryRows } from '../test/factories.js';
import { createTestApp, form, type TestApp } from '../test/test-app.js';
import { connectTestDevice, eventually } from './test-device.js';

/**
 * The server on an external broker (MQTT_URL): Mosquitto from Debian's packages, which CI installs.
 * Authentication and ACLs are the broker operator's there (docs/device-protocol.md); this checks the
 * server's side: shared uplink subscription, commands and replies across the broker.
 */
const MOSQUITTO = ['/usr/sbin/mosquitto', '/usr/bin/mosquitto'].find((p) => fs.existsSync(p));
const CI = process.env.CI === 'true';

let broker: ChildProcess;
let port: number;
let t: TestApp;

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const p = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(p));
    });
  });

describe.skipIf(!MOSQUITTO && !CI)('external broker (Mosquitto)', () => {
  beforeAll(async () => {
    if (!MOSQUITTO) throw new Error('mosquitto is not installed (apt-get install -y mosquitto)');
    port = await freePort();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sc-mosq-'));
    const conf = path.join(dir, 'mosquitto.conf');
    fs.writeFileSync(conf, `listener ${port} 127.0.0.1\nallow_anonymous true\npersistence false\n`);
    broker = spawn(MOSQUITTO, ['-c', conf], { stdio: 'ignore' });
    await eventually(
      () =>
        new Promise<boolean>((resolve) => {
          const socket = net.connect(port, '127.0.0.1', () => {
            socket.end();
            resolve(true);
          });
          socket.on('error', () => resolve(false));
        }),
      (up) => up,
    );
    t = await createTestApp({}, { mqtt: { url: `mqtt://127.0.0.1:${port}` } });
  });
  afterAll(async () => {
    await t?.close();
    broker?.kill();
  });

  it('stores telemetry that devices publish to the external broker', async () => {
    const d = await createIotDevice(t.database.db, { type: 'envmonitor', modelNo: 'envrs485' });
    const device = await connectTestDevice(port, d.equipmentId, d.key1);
    await device.publish('telemetry', { values: { humidity: 77 } });
    expect(
      await eventually(
        () => queryRows(t.database.db, sql`select humidity from env_readings where device_id = ${d.id}`),
        (r) => r.length === 1,
      ),
    ).toEqual([{ humidity: 77 }]);
    await device.close();
  });

  it('sends a command and gets the reply through the external broker', async () => {
    const gw = await createIotDevice(t.database.db, { type: 'gateway', modelNo: 'gws' });
    const device = await connectTestDevice(port, gw.equipmentId, gw.key1, () => ({ ok: true, result: 'done' }));
    await device.publish('heartbeat', {});
    await eventually(
      () => queryRows(t.database.db, sql`select active_state from devices where id = ${gw.id}`),
      (r) => r[0]?.active_state === 1,
    );
    const token = await t.token();
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/pjts/1/iot/gateway/${gw.id}/reboot?token=${token}`,
      ...form({}),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ok: true, result: 'done' });
    await device.close();
  });
});
