#!/usr/bin/env node
// The embedded default side by side: the built server on (a) PGlite in a worker (DATA_DIR, the
// default) and (b) a PostgreSQL server in a data directory of its own, started and stopped around the
// server as an embedded package would (bench/lib/pg-datadir.mjs, the system's binaries standing for
// the package's), on the same 100,000-device demo seed. Figures per database:
// - start: a new data directory to the first answer of /api/health (PostgreSQL: initdb and pg_ctl
//   start included), and a restart on the seeded directory (PostgreSQL: pg_ctl start included);
// - a trivial signed-in call (GET /api/menus.do) at 32 clients, measured before and after the device
//   pages, and the device pages with filters (the registry bench's seven) at 32 clients as a ratio to
//   it; the same at 1 client; map clusters (three zooms) at 32 clients as a ratio;
// - ingest: 20 devices publish readings flat out at QoS 0 for --ingest-seconds through the embedded
//   broker; readings stored per second (counted once the server stopped and its writer flushed);
// - the load average beside each figure.
// Usage: node --import tsx bench/embedded.bench.mjs [--devices 100000] [--seconds 10] [--only pglite|pgdir]
//        [--keep DIR] (seeded directories kept in DIR and reused by the next run: the seed takes minutes)
// Prints one JSON line and writes it to bench/results/embedded-<date>[-label].json (--label).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { sql } from 'drizzle-orm';
import { bootstrap } from '../packages/server/src/db/bootstrap.ts';
import { openPglite, openPostgres } from '../packages/server/src/db/client.ts';
import { applyBuiltinData } from '../packages/server/src/modules/system/sync-steps.ts';
import { createIotDevice } from '../packages/server/src/test/factories.ts';
import { arg } from './lib/figures.mjs';
import { load } from './lib/load.mjs';
import { pgDataDir } from './lib/pg-datadir.mjs';
import { freePort, rssMb, seedDemo, serverCommand, signIn, startServer } from './lib/server.mjs';

const root = path.resolve(import.meta.dirname, '..');
const devices = Number(arg('devices', 100000));
const seconds = Number(arg('seconds', 10));
const ingestSeconds = Number(arg('ingest-seconds', 10));
const only = arg('only', 'both');
const label = arg('label', '');
const keep = arg('keep', null);
const PUBLISHERS = 20;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const loadavg = () => os.loadavg().map((v) => Math.round(v * 100) / 100);
const ratio = (a, b) => Math.round((a / b) * 1000) / 1000;

/** The server started on `env`, with the seconds from spawn to its first health answer. */
async function timedStart(env) {
  const t = performance.now();
  const server = await startServer(env);
  return { server, seconds: Math.round(performance.now() - t) / 1000 };
}

/** QoS 0 publishers in a worker (bench/lib/burst-publishers.mjs): answers { sent }. */
function publish(url, list, base) {
  return new Promise((resolve, reject) => {
    const worker = new Worker(path.join(import.meta.dirname, 'lib/burst-publishers.mjs'), {
      workerData: { url, devices: list, seconds: ingestSeconds, qos: 0, base },
    });
    worker.once('message', (m) => {
      resolve(m);
      void worker.terminate();
    });
    worker.once('error', reject);
  });
}

/** The publishers' devices, made once per directory (their keys are kept beside it). */
async function ingestDevices(database, file) {
  if (fs.existsSync(file)) return JSON.parse(fs.readFileSync(file, 'utf8'));
  await database.migrate();
  await bootstrap(database.db, 'Admin12345');
  await applyBuiltinData(database.db);
  const made = [];
  for (let i = 0; i < PUBLISHERS; i++)
    made.push(await createIotDevice(database.db, { type: 'envmonitor', modelNo: 'envrs485' }));
  const list = made.map((d) => ({ id: d.id, equipmentId: d.equipmentId, key1: d.key1 }));
  fs.writeFileSync(file, JSON.stringify(list));
  return list;
}

async function stored(database, list, since) {
  const r = await database.db.execute(
    sql`SELECT count(*)::int AS n FROM env_readings
        WHERE device_id = ANY(${sql.param(list.map((d) => d.id))}::int4[]) AND at >= ${new Date(since).toISOString()}::timestamptz`,
  );
  return Number(r.rows[0].n);
}

/** Everything measured on one running server (signed in): the loads, then the ingest burst. */
async function measureServer(server, list, mqttPort) {
  const token = await signIn(server.url);
  const q = (p) => `${p}${p.includes('?') ? '&' : '?'}token=${token}`;
  // A demo device (the newest are the publishers, outside the demo's areas and groups).
  const first = (
    await (await fetch(`${server.url}${q('/api/biz/devices.do/pages?page=1&pageSize=10&type=lighting')}`)).json()
  ).list[0];
  const trivial = [q('/api/menus.do')];
  const pages = [
    '/api/biz/devices.do/pages?page=1&pageSize=25',
    '/api/biz/devices.do/pages?page=3&pageSize=25&type=lighting',
    '/api/biz/devices.do/pages?page=2&pageSize=25&activeState=1&type=camera',
    `/api/biz/devices.do/pages?page=1&pageSize=25&projectId=${first.projectId}`,
    `/api/biz/devices.do/pages?page=2&pageSize=25&areaId=${first.areaId}`,
    `/api/biz/devices.do/pages?page=1&pageSize=25&groupId=${first.groupId}&activeState=1`,
    `/api/biz/devices.do/pages?page=5&pageSize=25&modelId=${first.modelId}`,
  ].map(q);
  const clusters = [
    '/api/map/clusters.do?west=119.3&south=32.0&east=119.7&north=32.3&zoom=12',
    '/api/map/clusters.do?west=119.45&south=32.15&east=119.55&north=32.2&zoom=15',
    '/api/map/clusters.do?west=119.5235&south=32.1775&east=119.5305&north=32.181&zoom=18',
  ].map(q);
  for (const p of [...trivial, ...pages, ...clusters]) {
    const r = await fetch(`${server.url}${p}`);
    if (!r.ok) throw new Error(`${p} → ${r.status} ${await r.text()}`);
  }
  // Warmed up first (the map's snapshot loads in the background after the start, the JIT compiles).
  await load({ url: server.url, concurrency: 32, seconds: 5, paths: [...trivial, ...pages, ...clusters] });
  const phase = async (paths, concurrency) => {
    const before = loadavg();
    const r = await load({ url: server.url, concurrency, seconds, paths });
    return { ...r, load: [before[0], loadavg()[0]] };
  };
  const out = {};
  out.trivial_c32_before = await phase(trivial, 32);
  out.pages_c32 = await phase(pages, 32);
  out.trivial_c32_after = await phase(trivial, 32);
  out.clusters_c32 = await phase(clusters, 32);
  out.trivial_c1 = await phase(trivial, 1);
  out.pages_c1 = await phase(pages, 1);
  const trivial32 = (out.trivial_c32_before.rps + out.trivial_c32_after.rps) / 2;
  out.ratios = {
    pages_c32: ratio(out.pages_c32.rps, trivial32),
    clusters_c32: ratio(out.clusters_c32.rps, trivial32),
    pages_c1: ratio(out.pages_c1.rps, out.trivial_c1.rps),
  };
  out.rssMbAfterLoads = await rssMb(server.pid);
  // Ingest: the readings of `list` from now on, counted after the server stopped.
  const since = Date.now() - 60_000;
  const before = loadavg();
  const published = await publish(`mqtt://127.0.0.1:${mqttPort}`, list, since);
  out.ingest = { sent: published.sent, seconds: ingestSeconds, load: [before[0], loadavg()[0]] };
  await sleep(8000);
  return { out, since };
}

async function runPglite(dir) {
  const result = { kind: 'pglite-worker' };
  // A new data directory (the build's template is copied in) to the first answer.
  const fresh = fs.mkdtempSync(path.join(os.tmpdir(), 'sc-embedded-fresh-'));
  try {
    const s = await timedStart({ DATA_DIR: fresh });
    result.startNewSeconds = s.seconds;
    result.startNewLoad = loadavg()[0];
    await s.server.stop();
  } finally {
    fs.rmSync(fresh, { recursive: true, force: true });
  }
  const dataDir = path.join(dir, 'pglite');
  const env = { DATA_DIR: dataDir };
  if (!fs.existsSync(path.join(dataDir, 'PG_VERSION'))) {
    result.seedSeconds = seedDemo(env, devices);
  }
  const list = await (async () => {
    const database = await openPglite(dataDir, { thread: 'main', template: null });
    try {
      return await ingestDevices(database, path.join(dir, 'pglite-ingest.json'));
    } finally {
      await database.close();
    }
  })();
  const mqttPort = await freePort();
  const s = await timedStart({ ...env, MQTT_PORT: String(mqttPort) });
  result.restartSeconds = s.seconds;
  result.restartLoad = loadavg()[0];
  let since;
  try {
    const m = await measureServer(s.server, list, mqttPort);
    Object.assign(result, m.out);
    since = m.since;
  } finally {
    await s.server.stop();
  }
  const database = await openPglite(dataDir, { thread: 'main', template: null });
  try {
    const n = await stored(database, list, since);
    result.ingest.stored = n;
    result.ingest.storedPerSecond = Math.round(n / ingestSeconds);
  } finally {
    await database.close();
  }
  return result;
}

async function runPgDir(dir) {
  const result = { kind: 'postgres-datadir' };
  // A new data directory: initdb, start, the server's first start (migrations) to the first answer.
  const fresh = fs.mkdtempSync(path.join(os.tmpdir(), 'sc-embedded-fresh-pg-'));
  fs.chmodSync(fresh, 0o755);
  try {
    const t = performance.now();
    const pg = await pgDataDir(path.join(fresh, 'pg'));
    result.postgresVersion = pg.version;
    result.initdbSeconds = pg.initdbSeconds;
    result.pgStartSeconds = pg.start();
    const s = await timedStart({ DATABASE_URL: pg.url });
    result.serverStartNewSeconds = s.seconds;
    result.startNewSeconds = Math.round(performance.now() - t) / 1000;
    result.startNewLoad = loadavg()[0];
    await s.server.stop();
    result.pgStopSeconds = pg.stop();
  } finally {
    fs.rmSync(fresh, { recursive: true, force: true });
  }
  const pg = await pgDataDir(path.join(dir, 'pg'));
  pg.start();
  const seeded = fs.existsSync(path.join(dir, 'pg-ingest.json'));
  let list;
  try {
    if (!seeded) result.seedSeconds = seedDemo({ DATABASE_URL: pg.url }, devices);
    const database = await openPostgres(pg.url, 2);
    try {
      list = await ingestDevices(database, path.join(dir, 'pg-ingest.json'));
    } finally {
      await database.close();
    }
  } finally {
    pg.stop();
  }
  // A restart as `npm start` would make it: PostgreSQL first, then the server.
  const mqttPort = await freePort();
  const t = performance.now();
  result.pgRestartSeconds = pg.start();
  let since;
  try {
    const s = await timedStart({ DATABASE_URL: pg.url, MQTT_PORT: String(mqttPort) });
    result.restartSeconds = Math.round(performance.now() - t) / 1000;
    result.restartLoad = loadavg()[0];
    try {
      const m = await measureServer(s.server, list, mqttPort);
      Object.assign(result, m.out);
      since = m.since;
    } finally {
      await s.server.stop();
    }
    const database = await openPostgres(pg.url, 2);
    try {
      const n = await stored(database, list, since);
      result.ingest.stored = n;
      result.ingest.storedPerSecond = Math.round(n / ingestSeconds);
    } finally {
      await database.close();
    }
  } finally {
    pg.stop();
  }
  return result;
}

// Built (and its template data directory made) before any start is timed.
serverCommand();
const dir = keep ?? fs.mkdtempSync(path.join(os.tmpdir(), 'sc-embedded-'));
fs.mkdirSync(dir, { recursive: true });
// PostgreSQL runs as `postgres` when the bench runs as root: it must reach its directory.
fs.chmodSync(dir, 0o755);
const out = {
  bench: 'embedded',
  date: new Date().toISOString(),
  devices,
  seconds,
  machine: { cpus: os.cpus().length, memGb: Math.round(os.totalmem() / 2 ** 30), loadAtStart: loadavg() },
};
try {
  if (only !== 'pgdir') {
    out.pglite = await runPglite(dir);
    console.error(`pglite: ${JSON.stringify(out.pglite)}`);
  }
  if (only !== 'pglite') {
    out.pgdir = await runPgDir(dir);
    console.error(`pgdir: ${JSON.stringify(out.pgdir)}`);
  }
} finally {
  if (!keep) fs.rmSync(dir, { recursive: true, force: true });
}
out.machine.loadAtEnd = loadavg();
const line = JSON.stringify(out);
console.log(line);
fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true });
fs.writeFileSync(
  path.join(root, `bench/results/embedded-${out.date.slice(0, 10)}${label ? `-${label}` : ''}.json`),
  `${line}\n`,
);
process.exit(0);
