#!/usr/bin/env node
// `npm run cluster -- --instances 3 [--port 8080]`: a local cluster in the production shape
// (docs/operations.md): N server instances on one PostgreSQL and one MQTT broker, behind one port served
// by a small reverse proxy (HTTP and the realtime WebSocket, round robin, instances that stop answering
// are skipped). Uses DATABASE_URL and MQTT_URL when set; otherwise starts a throwaway PostgreSQL cluster
// and a Mosquitto broker on free ports, removed again on Ctrl-C. Other variables (ADMIN_PASSWORD,
// LOG_LEVEL, …) pass through to every instance.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { findPostgresBin, startPostgresCluster } from './lib/postgres-cluster.mjs';

const root = path.resolve(import.meta.dirname, '..');
const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const count = Number(arg('instances', 2));
const port = Number(arg('port', process.env.PORT || 8080));
if (!Number.isInteger(count) || count < 1 || count > 32) {
  console.error('--instances must be 1 to 32');
  process.exit(1);
}

const cleanups = [];
const children = [];
let stopping = false;
async function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  console.log('\nStopping the cluster…');
  await Promise.all(
    children.map(
      (child) =>
        new Promise((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          child.once('exit', resolve);
          child.kill('SIGTERM');
          setTimeout(() => child.kill('SIGKILL'), 12_000).unref();
        }),
    ),
  );
  for (const cleanup of cleanups.reverse()) {
    try {
      cleanup();
    } catch (error) {
      console.error(error.message);
    }
  }
  process.exit(code);
}
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());

const freePort = () =>
  new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const p = s.address().port;
      s.close(() => resolve(p));
    });
  });

async function waitFor(what, check, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${what} did not come up within ${timeoutMs / 1000} s`);
}

// PostgreSQL: the given one, or a throwaway cluster.
let databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  const bin = findPostgresBin();
  if (!bin) {
    console.error('Set DATABASE_URL, or install PostgreSQL (apt-get install -y postgresql) for a throwaway one.');
    process.exit(1);
  }
  const pg = await startPostgresCluster(bin);
  cleanups.push(() => pg.stop());
  databaseUrl = pg.url;
  console.log(`PostgreSQL: a throwaway cluster at ${databaseUrl} (removed on stop)`);
}

// The broker: the given one, or Mosquitto on a free port.
let mqttUrl = process.env.MQTT_URL;
if (!mqttUrl) {
  const mosquitto = ['/usr/sbin/mosquitto', '/usr/bin/mosquitto'].find((p) => fs.existsSync(p));
  if (!mosquitto) {
    console.error('Set MQTT_URL, or install Mosquitto (apt-get install -y mosquitto) for a local one.');
    await stop(1);
  }
  const mqttPort = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sc-cluster-mosquitto-'));
  const conf = path.join(dir, 'mosquitto.conf');
  // Local use only: anonymous, on loopback. Production brokers authenticate devices (docs/device-protocol.md).
  fs.writeFileSync(conf, `listener ${mqttPort} 127.0.0.1\nallow_anonymous true\npersistence false\n`);
  const broker = spawn(mosquitto, ['-c', conf], { stdio: 'ignore' });
  cleanups.push(() => {
    broker.kill();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  mqttUrl = `mqtt://127.0.0.1:${mqttPort}`;
  await waitFor(
    'Mosquitto',
    () =>
      new Promise((resolve) => {
        const socket = net.connect(mqttPort, '127.0.0.1', () => {
          socket.end();
          resolve(true);
        });
        socket.on('error', () => resolve(false));
      }),
  );
  console.log(`MQTT: Mosquitto at ${mqttUrl} (devices connect here)`);
}

// The instances, each as `npm start` runs one. The first one alone (it builds the console when needed
// and applies the migrations), then the others together.
const instances = [];
async function startInstance(i) {
  const instancePort = await freePort();
  const child = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(instancePort),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      MQTT_URL: mqttUrl,
      MQTT_SHARED: 'true',
      MQTT_CLIENT_ID: `sc-cluster-${i + 1}`,
      TRUST_PROXY: 'true',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  children.push(child);
  child.on('exit', (code, signal) => {
    if (!stopping) console.error(`Instance ${i + 1} (port ${instancePort}) exited (${signal ?? code}).`);
  });
  const instance = { n: i + 1, port: instancePort, up: false, downUntil: 0 };
  await waitFor(`Instance ${i + 1}`, async () => (await fetch(`http://127.0.0.1:${instancePort}/api/health`)).ok);
  instance.up = true;
  console.log(`Instance ${i + 1}: http://127.0.0.1:${instancePort}`);
  return instance;
}
try {
  instances.push(await startInstance(0));
  instances.push(...(await Promise.all(Array.from({ length: count - 1 }, (_, i) => startInstance(i + 1)))));
} catch (error) {
  console.error(error.message);
  await stop(1);
}

// The proxy: round robin over the instances that answer; one that refuses a connection is skipped for
// 5 s, and a GET or HEAD it refused goes to the next one (other requests answer 502: their body is
// already on its way and is not replayed).
let next = 0;
function pick(exclude = new Set()) {
  const now = Date.now();
  for (let k = 0; k < instances.length; k++) {
    const instance = instances[(next + k) % instances.length];
    if (instance.downUntil <= now && !exclude.has(instance)) {
      next = (next + k + 1) % instances.length;
      return instance;
    }
  }
  return null;
}
const forwarded = (req) => ({
  ...req.headers,
  'x-forwarded-for': [req.headers['x-forwarded-for'], req.socket.remoteAddress].filter(Boolean).join(', '),
  'x-forwarded-proto': 'http',
  'x-forwarded-host': req.headers.host ?? '',
});

const proxy = http.createServer((req, res) => {
  const tried = new Set();
  const attempt = () => {
    const instance = pick(tried);
    if (!instance) {
      res.writeHead(502, { 'content-type': 'text/plain; charset=utf-8' });
      return res.end('No server instance is answering.\n');
    }
    tried.add(instance);
    const upstream = http.request(
      { host: '127.0.0.1', port: instance.port, method: req.method, path: req.url, headers: forwarded(req) },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', (error) => {
      if (error.code === 'ECONNREFUSED') instance.downUntil = Date.now() + 5000;
      if (error.code === 'ECONNREFUSED' && !res.headersSent && (req.method === 'GET' || req.method === 'HEAD'))
        return attempt();
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  };
  attempt();
});

// WebSocket (the realtime channel): the upgrade request and then the raw bytes both ways.
proxy.on('upgrade', (req, socket, head) => {
  const instance = pick();
  if (!instance) return socket.destroy();
  const upstream = net.connect(instance.port, '127.0.0.1', () => {
    const headers = forwarded(req);
    const lines = [`${req.method} ${req.url} HTTP/1.1`];
    for (const [name, value] of Object.entries(headers))
      for (const v of Array.isArray(value) ? value : [value]) lines.push(`${name}: ${v}`);
    upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
    if (head?.length) upstream.write(head);
    upstream.pipe(socket);
    socket.pipe(upstream);
  });
  const close = () => {
    upstream.destroy();
    socket.destroy();
  };
  upstream.on('error', () => {
    instance.downUntil = Date.now() + 5000;
    close();
  });
  socket.on('error', close);
  upstream.on('close', close);
  socket.on('close', close);
});

proxy.listen(port, process.env.HOST || '0.0.0.0', () => {
  console.log(
    `\nCluster of ${count} instance${count > 1 ? 's' : ''} on http://localhost:${port} (one PostgreSQL, one broker: ${mqttUrl}). Ctrl-C stops it.`,
  );
});
proxy.on('error', (error) => {
  console.error(`The proxy cannot listen on port ${port}: ${error.message}`);
  void stop(1);
});
