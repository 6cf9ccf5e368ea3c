import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EmbeddedBroker, startEmbeddedBroker } from './broker.js';
import type { DeviceDirectory, DirectoryEntry } from './device-directory.js';

/**
 * The embedded broker's packet-size limit and its TLS port, with a certificate authority, a server
 * certificate and a device certificate made here by openssl.
 */
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sc-mqtt-tls-'));
const file = (name: string) => path.join(dir, name);
const openssl = (...args: string[]) => execFileSync('openssl', args, { stdio: 'pipe' });

function makeCertificates() {
  openssl(
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-days',
    '1',
    '-subj',
    '/CN=test-ca',
    '-keyout',
    file('ca.key'),
    '-out',
    file('ca.crt'),
  );
  const sign = (name: string, cn: string, ext?: string) => {
    openssl(
      'req',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-subj',
      `/CN=${cn}`,
      '-keyout',
      file(`${name}.key`),
      '-out',
      file(`${name}.csr`),
    );
    if (ext) fs.writeFileSync(file(`${name}.ext`), ext);
    openssl(
      'x509',
      '-req',
      '-in',
      file(`${name}.csr`),
      '-CA',
      file('ca.crt'),
      '-CAkey',
      file('ca.key'),
      '-CAcreateserial',
      '-days',
      '1',
      '-out',
      file(`${name}.crt`),
      ...(ext ? ['-extfile', file(`${name}.ext`)] : []),
    );
  };
  sign('server', '127.0.0.1', 'subjectAltName=IP:127.0.0.1\n');
  sign('device', 'EQTLS');
  sign('other', 'EQOTHER');
}

const entry = (equipmentId: string): DirectoryEntry => ({
  id: equipmentId === 'EQTLS' ? 1 : 2,
  equipmentId,
  projectId: 1,
  type: 'envmonitor',
  parentId: null,
  protocolVersion: 2,
  registered: true,
  key1: `key-${equipmentId}`,
  name: equipmentId,
});
const directory = {
  get: async (id: string) => (['EQTLS', 'EQOTHER'].includes(id) ? entry(id) : null),
  childrenOf: async () => [],
} as unknown as DeviceDirectory;

const warnings: { obj: unknown; msg: string }[] = [];
const log = {
  info: () => {},
  warn: (obj: unknown, msg: string) => warnings.push({ obj, msg }),
  error: () => {},
} as unknown as FastifyBaseLogger;

let broker: EmbeddedBroker;
let tlsBroker: EmbeddedBroker;

beforeAll(async () => {
  makeCertificates();
  broker = await startEmbeddedBroker({
    port: 0,
    host: '127.0.0.1',
    directory,
    serverPassword: 'x',
    log,
    maxPacketBytes: 4096,
  });
  tlsBroker = await startEmbeddedBroker({
    port: 0,
    host: '127.0.0.1',
    directory,
    serverPassword: 'x',
    log,
    tls: { port: 0, cert: file('server.crt'), key: file('server.key'), ca: file('ca.crt') },
  });
});
afterAll(async () => {
  await broker?.close();
  await tlsBroker?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const device = (port: number) =>
  mqtt.connectAsync(`mqtt://127.0.0.1:${port}`, {
    clientId: 'EQTLS',
    username: 'EQTLS',
    password: 'key-EQTLS',
    reconnectPeriod: 0,
    connectTimeout: 3000,
  });

describe('packet size', () => {
  it('accepts a packet under the limit and closes the connection on a larger one, with a log line', async () => {
    const client = await device(broker.port);
    await client.publishAsync('sc/EQTLS/up/telemetry', JSON.stringify({ values: { pm25: 1 }, pad: 'x'.repeat(3000) }), {
      qos: 0,
    });
    expect(client.connected).toBe(true);
    const closed = new Promise((resolve) => client.once('close', () => resolve(null)));
    client.publish('sc/EQTLS/up/telemetry', 'x'.repeat(5000), { qos: 0 });
    await closed;
    expect(broker.refused.packet).toBe(1);
    expect(warnings.map((w) => w.msg)).toContain('MQTT packet over MQTT_MAX_PACKET refused: connection closed');
    client.end(true);
  });

  it('closes the connection as soon as a 50 MB packet announces itself, before its body', async () => {
    const socket = net.connect(broker.port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    // PUBLISH with a remaining length of 50 MB (variable-length encoding), and only a few bytes of it.
    const length = 50 * 1024 * 1024;
    const header = [0x30];
    for (let n = length; n > 0; n = Math.floor(n / 128)) header.push((n % 128) | (n >= 128 ? 0x80 : 0));
    socket.write(Buffer.concat([Buffer.from(header), Buffer.alloc(100)]));
    await new Promise((resolve) => socket.once('close', resolve));
    expect(broker.refused.packet).toBe(2);
  });
});

describe('MQTT over TLS with client certificates', () => {
  const tlsDevice = (cert: string, id = 'EQTLS') =>
    mqtt.connectAsync(`mqtts://127.0.0.1:${tlsBroker.tlsPort}`, {
      clientId: id,
      username: id,
      password: `key-${id}`,
      ca: fs.readFileSync(file('ca.crt')),
      ...(cert ? { cert: fs.readFileSync(file(`${cert}.crt`)), key: fs.readFileSync(file(`${cert}.key`)) } : {}),
      reconnectPeriod: 0,
      connectTimeout: 3000,
    });

  it('lets a device in with its certificate and key on the TLS port, beside the plain port', async () => {
    expect(tlsBroker.tlsPort).toBeGreaterThan(0);
    expect(tlsBroker.tlsPort).not.toBe(tlsBroker.port);
    const client = await tlsDevice('device');
    expect(client.connected).toBe(true);
    await client.publishAsync('sc/EQTLS/up/heartbeat', '{}', { qos: 1 });
    await client.endAsync();
  });

  it("refuses a device without a certificate, and one with another device's certificate", async () => {
    await expect(tlsDevice('')).rejects.toThrow();
    // EQOTHER's own key, EQTLS's certificate: the certificate is not EQOTHER's.
    await expect(tlsDevice('device', 'EQOTHER')).rejects.toThrow(/Not authorized|Bad User/i);
    const ok = await tlsDevice('other', 'EQOTHER');
    await ok.endAsync();
  });
});
