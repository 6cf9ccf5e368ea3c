import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIotDevice } from '../test/factories.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { freePort, MOSQUITTO, until } from './fault-harness.js';

/**
 * A device signed in with its own key but another device's client id must neither read the other's
 * commands nor publish as it: on Mosquitto with the shipped docs/deploy/mosquitto.conf and
 * mosquitto.acl (run as they are, only ports and paths changed), and on the embedded broker.
 */
const root = path.resolve(import.meta.dirname, '../../../..');
const CI = process.env.CI === 'true';

interface Received {
  topic: string;
  payload: string;
}

async function connect(port: number, clientId: string, username: string, password: string) {
  const client: MqttClient = await mqtt.connectAsync(`mqtt://127.0.0.1:${port}`, {
    clientId,
    username,
    password,
    reconnectPeriod: 0,
    connectTimeout: 3000,
  });
  const received: Received[] = [];
  client.on('message', (topic, payload) => received.push({ topic, payload: payload.toString() }));
  return { client, received };
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.skipIf(!MOSQUITTO && !CI)('Mosquitto as docs/deploy configures it', () => {
  let child: import('node:child_process').ChildProcess;
  let devicePort: number;
  let serverPort: number;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sc-acl-'));

  beforeAll(async () => {
    if (!MOSQUITTO) throw new Error('mosquitto is not installed (apt-get install -y mosquitto)');
    devicePort = await freePort();
    serverPort = await freePort();
    const passwd = path.join(dir, 'passwd');
    const passwdServer = path.join(dir, 'passwd-server');
    fs.writeFileSync(passwd, '');
    fs.writeFileSync(passwdServer, '');
    for (const [user, password] of [
      ['EQA', 'key-a'],
      ['EQB', 'key-b'],
    ])
      execFileSync('mosquitto_passwd', ['-b', passwd, user, password]);
    execFileSync('mosquitto_passwd', ['-b', passwdServer, 'sc-server', 'server-secret']);
    const shipped = fs.readFileSync(path.join(root, 'docs/deploy/mosquitto.conf'), 'utf8');
    const conf = shipped
      .replace(/^listener 1883$/m, `listener ${devicePort} 127.0.0.1`)
      .replace(/^listener 1884$/m, `listener ${serverPort} 127.0.0.1`)
      .replace('/mosquitto/data/', `${dir}/`)
      .replaceAll('/mosquitto/config/passwd-server', passwdServer)
      .replaceAll('/mosquitto/config/passwd', passwd)
      .replaceAll('/mosquitto/config/acl', path.join(root, 'docs/deploy/mosquitto.acl'));
    expect(conf).not.toMatch(/\/mosquitto\//);
    // As root Mosquitto switches to the user `mosquitto`, who cannot read the temporary directory.
    const file = path.join(dir, 'mosquitto.conf');
    fs.writeFileSync(file, `${process.getuid?.() === 0 ? 'user root\n' : ''}${conf}`);
    child = (await import('node:child_process')).spawn(MOSQUITTO, ['-c', file], { stdio: 'ignore' });
    await until(
      'mosquitto listening',
      () =>
        connect(serverPort, 'probe', 'sc-server', 'server-secret').then(
          async (c) => {
            await c.client.endAsync();
            return true;
          },
          () => false,
        ),
      (ok) => ok,
    );
  });
  afterAll(async () => {
    // Mosquitto writes its persistence file while it exits: remove the directory only after that.
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill();
      await exited;
    }
    fs.rmSync(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
  });

  it("keeps a device with its own key and another's client id out of the other's commands and topics", async () => {
    const server = await connect(serverPort, 'sc-server-test-1', 'sc-server', 'server-secret');
    await server.client.subscribeAsync('$share/sc-server/sc/+/up/#', { qos: 1 });
    const b = await connect(devicePort, 'EQB', 'EQB', 'key-b');
    await b.client.subscribeAsync('sc/EQB/down/command', { qos: 1 });
    let bClosed = false;
    b.client.on('close', () => {
      bClosed = true;
    });
    // A signs in with its own key and B's client id: the broker makes its client id EQA.
    const a = await connect(devicePort, 'EQB', 'EQA', 'key-a');
    const granted = await a.client.subscribeAsync('sc/EQB/down/command', { qos: 1 }).catch(() => [{ qos: 128 }]);
    await a.client.subscribeAsync('sc/+/down/command', { qos: 1 }).catch(() => []);
    await a.client.publishAsync('sc/EQB/up/telemetry', '{"values":{"humidity":1}}', { qos: 1 });
    await a.client.publishAsync('sc/EQA/up/telemetry', '{"values":{"humidity":2}}', { qos: 1 });
    await server.client.publishAsync('sc/EQB/down/command', '{"id":"c1","command":"reboot"}', { qos: 1 });
    await until(
      "B's command reaches B and A's own reading the server",
      async () => [b.received.length, server.received.length],
      ([toB, toServer]) => toB === 1 && toServer >= 1,
      5000,
    );
    await pause(300);
    // B stays connected: A did not take over its session.
    expect(bClosed).toBe(false);
    expect(b.client.connected).toBe(true);
    expect(b.received).toEqual([{ topic: 'sc/EQB/down/command', payload: '{"id":"c1","command":"reboot"}' }]);
    // A read none of B's commands (its subscriptions are refused or never match), and what it
    // published on B's topic reached nobody; its own reading did.
    expect(granted[0]!.qos === 128 || a.received.length === 0).toBe(true);
    expect(a.received).toEqual([]);
    expect(server.received).toEqual([{ topic: 'sc/EQA/up/telemetry', payload: '{"values":{"humidity":2}}' }]);
    // A device account cannot sign in on the servers' listener, where client ids are not replaced.
    await expect(connect(serverPort, 'EQB', 'EQA', 'key-a')).rejects.toThrow(/Not authorized|Bad User/i);
    expect(b.client.connected).toBe(true);
    for (const x of [a, b, server]) await x.client.endAsync(true);
  });
});

describe('the embedded broker', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, { mqtt: true });
  });
  afterAll(() => t.close());

  it("refuses a device with its own key and another's client id, and leaves the other connected", async () => {
    const port = t.app.iot.broker()!.port;
    const da = await createIotDevice(t.database.db, { type: 'envmonitor', modelNo: 'envrs485' });
    const db = await createIotDevice(t.database.db, { type: 'gateway', modelNo: 'gws' });
    const b = await connect(port, db.equipmentId, db.equipmentId, db.key1);
    await b.client.subscribeAsync(`sc/${db.equipmentId}/down/command`, { qos: 1 });
    let bClosed = false;
    b.client.on('close', () => {
      bClosed = true;
    });
    const refusedBefore = t.app.iot.broker()!.refused.connect;
    await expect(connect(port, db.equipmentId, da.equipmentId, da.key1)).rejects.toThrow(/Identifier rejected/i);
    expect(t.app.iot.broker()!.refused.connect).toBe(refusedBefore + 1);
    await pause(200);
    expect(bClosed).toBe(false);
    expect(b.client.connected).toBe(true);
    // With its own client id, A reads none of B's commands and cannot publish as B.
    const a = await connect(port, da.equipmentId, da.equipmentId, da.key1);
    await expect(a.client.subscribeAsync(`sc/${db.equipmentId}/down/command`, { qos: 1 })).rejects.toThrow(
      /Subscribe error/,
    );
    await a.client.publishAsync(`sc/${db.equipmentId}/up/heartbeat`, '{}', { qos: 0 }).catch(() => {});
    await until(
      "A's publish as B refused",
      async () => t.app.iot.broker()!.refused.publish,
      (n) => n >= 1,
      3000,
    );
    await b.client.endAsync(true);
    await a.client.endAsync(true).catch(() => {});
  });
});
