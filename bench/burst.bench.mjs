#!/usr/bin/env node
// Telemetry burst (issue 32): 20 devices publish environment readings flat out for BURST_SECONDS (30 by
// default) at QoS 0, then (another 20 devices) at QoS 1, into the built server with its embedded broker,
// on PostgreSQL (a new database in the shared cluster) and on the embedded default (PGlite). Figures per
// phase: stored per second and its ratio to the broker alone (Aedes with nothing behind it, the same
// load), QoS 0 shed (the server's counter, /api/health mqtt.shed) and what is neither stored nor shed,
// QoS 1 acknowledged but not stored (lost: must be 0), the p50/p99 of a trivial signed-in call
// (GET /api/menus.do, one at a time) during the burst, the server's peak resident memory, and the load
// average. Stored counts what was committed once the phase's backlog drained (the server stopped
// gracefully), over the phase's seconds. The phases start 15 s after the server (its start jobs done).
// Usage: node --import tsx bench/burst.bench.mjs [--db pg,pglite] [--qos 0,1] [--publishers 20] [--url postgres://…]
// BURST_SECONDS=10 shortens every phase. Prints one JSON line per database and writes it to
// bench/results/burst-<db>-<date>[-<tag>].json (--tag names a configuration, e.g. before/after).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { sql } from 'drizzle-orm';
import mqtt from 'mqtt';
import pg from 'pg';
import { bootstrap } from '../packages/server/src/db/bootstrap.ts';
import { openPglite, openPostgres } from '../packages/server/src/db/client.ts';
import { applyBuiltinData } from '../packages/server/src/modules/system/sync-steps.ts';
import { createIotDevice } from '../packages/server/src/test/factories.ts';
import { freePort, rssMb, signIn, startServer } from './lib/server.mjs';

const root = path.resolve(import.meta.dirname, '..');
const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const SECONDS = Number(process.env.BURST_SECONDS ?? 30);
const PUBLISHERS = Number(arg('publishers', 20));
const KINDS = arg('db', 'pg,pglite').split(',');
const QOS = arg('qos', '0,1').split(',').map(Number);
const TAG = arg('tag', '');
/** After a phase: the backlog (at most 20,000 QoS 0 waiting and two statements' rows) drains. */
const DRAIN_MS = 8000;
/** After the server started, before the first phase. */
const SETTLE_MS = 15_000;
const adminUrl = arg('url', process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:55432/postgres');
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const load = () => os.loadavg().map((v) => Math.round(v * 10) / 10);

/** Publishes from a worker thread; answers what it sent and, per device, how many were acknowledged. */
function publish(url, devices, qos, base) {
  return new Promise((resolve, reject) => {
    const worker = new Worker(path.join(import.meta.dirname, 'lib/burst-publishers.mjs'), {
      workerData: { url, devices, seconds: SECONDS, qos, base },
    });
    worker.once('message', (m) => {
      resolve(m);
      void worker.terminate();
    });
    worker.once('error', reject);
  });
}

/** The broker alone: Aedes as the server configures it, a subscriber counting what it receives. */
async function brokerAlone(qos) {
  const { Aedes } = await import('aedes');
  const net = await import('node:net');
  const broker = await Aedes.createBroker({ concurrency: 1000 });
  const server = net.createServer(broker.handle);
  const port = await freePort();
  await new Promise((r) => server.listen(port, '127.0.0.1', r));
  const url = `mqtt://127.0.0.1:${port}`;
  const sink = await mqtt.connectAsync(url, { clientId: 'sink' });
  let received = 0;
  await sink.subscribeAsync('sc/+/up/#', { qos: 1 });
  sink.on('message', () => received++);
  const devices = Array.from({ length: PUBLISHERS }, (_, i) => ({ equipmentId: `ALONE${i}`, key1: 'x' }));
  const loadBefore = load();
  const { sent } = await publish(url, devices, qos, Date.now());
  await sleep(1000);
  await sink.endAsync();
  await new Promise((r) => broker.close(() => server.close(r)));
  return { qos, sent, received, perSecond: Math.round(received / SECONDS), load: [loadBefore, load()] };
}

/** A migrated database with the first start's data and 2 × PUBLISHERS monitors; answers how to reach it. */
async function prepare(kind) {
  let database;
  let env;
  let reopen;
  let drop = async () => {};
  if (kind === 'pg') {
    const name = `bench_burst_${Date.now()}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    database = await openPostgres(url.toString(), 2);
    env = { DATABASE_URL: url.toString() };
    reopen = () => openPostgres(url.toString(), 2);
    drop = async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    };
  } else {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sc-burst-'));
    database = await openPglite(dataDir, { thread: 'main' });
    env = { DATA_DIR: dataDir };
    reopen = () => openPglite(dataDir, { thread: 'main', template: null });
    drop = async () => fs.rmSync(dataDir, { recursive: true, force: true });
  }
  await database.migrate();
  await bootstrap(database.db, 'Admin12345');
  await applyBuiltinData(database.db);
  const devices = [];
  for (let i = 0; i < 2 * PUBLISHERS; i++)
    devices.push(await createIotDevice(database.db, { type: 'envmonitor', modelNo: 'envrs485' }));
  await database.close();
  return { env, devices, reopen, drop };
}

/** Readings stored of `devices`, and (QoS 1) how many acknowledged ones, ts in [base, base + acked), are not. */
async function storedOf(database, devices, base, acked) {
  const result = await database.db.execute(
    sql`SELECT device_id AS id, count(*)::int AS stored
        FROM env_readings WHERE device_id = ANY(${sql.param(devices.map((d) => d.id))}::int4[]) GROUP BY device_id`,
  );
  let stored = 0;
  let lost = 0;
  for (const d of devices) {
    const row = result.rows.find((r) => Number(r.id) === d.id);
    stored += Number(row?.stored ?? 0);
    if (acked) {
      const inRange = await database.db.execute(
        sql`SELECT count(DISTINCT at)::int AS n FROM env_readings WHERE device_id = ${d.id}
            AND at >= ${new Date(base).toISOString()}::timestamptz AND at < ${new Date(base + (acked[d.equipmentId] ?? 0)).toISOString()}::timestamptz`,
      );
      lost += (acked[d.equipmentId] ?? 0) - Number(inRange.rows[0].n);
    }
  }
  return { stored, lost };
}

async function health(url) {
  const body = await (await fetch(`${url}/api/health`)).json();
  return body.mqtt?.shed ?? 0;
}

/** A trivial signed-in call, one at a time, until `stop` says so; answers latencies in ms. */
async function probe(url, token, stop) {
  const latencies = [];
  const slow = [];
  const first = performance.now();
  let errors = 0;
  while (!stop()) {
    const started = performance.now();
    try {
      const res = await fetch(`${url}/api/menus.do?token=${token}`);
      await res.arrayBuffer();
      const ms = performance.now() - started;
      if (res.ok) latencies.push(ms);
      else errors++;
      if (ms > 1000) slow.push({ atMs: Math.round(started - first), ms: Math.round(ms) });
    } catch {
      errors++;
    }
    await sleep(20);
  }
  latencies.sort((a, b) => a - b);
  const pct = (p) =>
    latencies.length
      ? Math.round(latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] * 10) / 10
      : null;
  return { calls: latencies.length, errors, p50: pct(50), p99: pct(99), max: pct(100), slow };
}

async function runOn(kind, alone) {
  const prepared = await prepare(kind);
  const mqttPort = await freePort();
  const server = await startServer({ ...prepared.env, MQTT_PORT: String(mqttPort) });
  const token = await signIn(server.url);
  // The start's own jobs (retention at 5 s, rollups at 10 s: iot/jobs.ts) are over before the burst.
  await sleep(SETTLE_MS);
  const out = { bench: 'burst', db: kind, date: new Date().toISOString(), seconds: SECONDS, publishers: PUBLISHERS };
  const phases = [];
  try {
    for (const qos of QOS) {
      const devices = prepared.devices.slice(qos === 0 ? 0 : PUBLISHERS, qos === 0 ? PUBLISHERS : 2 * PUBLISHERS);
      const base = Date.now() - 60_000;
      const shedBefore = await health(server.url);
      let peakMb = 0;
      let done = false;
      const sampler = (async () => {
        while (!done) {
          peakMb = Math.max(peakMb, await rssMb(server.pid).catch(() => 0));
          await sleep(250);
        }
      })();
      const loadBefore = load();
      let burstOver = false;
      const probed = probe(server.url, token, () => burstOver);
      const published = await publish(`mqtt://127.0.0.1:${mqttPort}`, devices, qos, base);
      burstOver = true;
      const latency = await probed;
      const loadAfter = load();
      await sleep(DRAIN_MS);
      done = true;
      await sampler;
      const shed = (await health(server.url)) - shedBefore;
      phases.push({ qos, devices, base, published, shed, latency, peakMb, load: [loadBefore, loadAfter] });
    }
  } finally {
    await server.stop();
  }
  // Counted once the server stopped: its writer flushed what it held.
  const database = await prepared.reopen();
  try {
    for (const p of phases) {
      const acked = p.qos === 1 ? p.published.acked : null;
      const { stored, lost } = await storedOf(database, p.devices, p.base, acked);
      const perSecond = Math.round(stored / SECONDS);
      const brokerAloneRate = alone[`qos${p.qos}`]?.perSecond;
      out[`qos${p.qos}`] = {
        sent: p.published.sent,
        ...(p.qos === 1 ? { acked: Object.values(p.published.acked).reduce((a, b) => a + b, 0), lost } : {}),
        stored,
        storedPerSecond: perSecond,
        ratioToBrokerAlone: brokerAloneRate ? Math.round((perSecond / brokerAloneRate) * 100) / 100 : null,
        ...(p.qos === 0 ? { shed: p.shed, neitherStoredNorShed: p.published.sent - stored - p.shed } : {}),
        trivialCallMs: p.latency,
        peakRssMb: p.peakMb,
        loadAverage: { before: p.load[0], after: p.load[1] },
      };
    }
  } finally {
    await database.close();
    await prepared.drop();
  }
  out.brokerAlone = alone;
  return out;
}

const alone = {};
for (const qos of QOS) alone[`qos${qos}`] = await brokerAlone(qos);
for (const kind of KINDS) {
  const out = await runOn(kind, alone);
  const line = JSON.stringify(out);
  console.log(line);
  fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true });
  fs.writeFileSync(
    path.join(root, `bench/results/burst-${kind}-${out.date.slice(0, 10)}${TAG ? `-${TAG}` : ''}.json`),
    `${line}\n`,
  );
}
process.exit(0);
