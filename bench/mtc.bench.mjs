#!/usr/bin/env node
// MTC benchmark (issue 15) on PostgreSQL, the built server as a child process with its embedded broker.
// Seeds CABINETS cabinets (SQL, production items with keys), one MQTT connection each, then:
// - steady: every cabinet reports every INTERVAL seconds (8 circuits as masks, three phases, peripherals)
//   for DURATION seconds, staggered; figures: reports sent, rows stored in mtc_readings, cabinets whose
//   mtc_state holds their last report, the delay from the last publish until everything is stored;
// - burst: every cabinet publishes BURST reports back to back (QoS 0); stored reports per second, and the
//   ratio to the telemetry benchmark's broker-alone figure (57,276 msg/s QoS 0, docs/performance.md).
// Usage: node --import tsx bench/mtc.bench.mjs [--cabinets 1000] [--interval 10] [--duration 60] [--burst 20] [--url postgres://…]
// Prints one JSON line and writes it to bench/results/mtc-<date>.json.
import fs from 'node:fs';
import path from 'node:path';
import mqtt from 'mqtt';
import pg from 'pg';
import { upTopic } from '../packages/contract/src/protocol/topics.ts';
import { freePort, startServer } from './lib/server.mjs';

const root = path.resolve(import.meta.dirname, '..');
const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const CABINETS = Number(arg('cabinets', 1000));
const INTERVAL = Number(arg('interval', 10));
const DURATION = Number(arg('duration', 60));
const BURST = Number(arg('burst', 20));
/** The telemetry benchmark's broker alone, QoS 0, 20 publishers (docs/performance.md "Device connectivity"). */
const BROKER_ALONE = 57_276;
const adminUrl = arg('url', process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:55432/postgres');
const dbName = `bench_mtc_${Date.now()}`;
const ms = (t) => Math.round((performance.now() - t) * 10) / 10;
const sleep = (t) => new Promise((r) => setTimeout(r, t));

const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`CREATE DATABASE ${dbName}`);
const dbUrl = adminUrl.replace(/\/[^/]*$/, `/${dbName}`);
const mqttPort = await freePort();
const server = await startServer({ DATABASE_URL: dbUrl, MQTT_PORT: String(mqttPort) });
const os = await import('node:os');
const figures = {
  cabinets: CABINETS,
  circuits: 8,
  intervalSeconds: INTERVAL,
  durationSeconds: DURATION,
  cores: os.cpus().length,
};
const clients = [];
const db = new pg.Client({ connectionString: dbUrl });
const report = (i, n) =>
  JSON.stringify({
    values: {
      circuitCount: 8,
      circuitEnable: 255,
      circuitSetting: n % 2 ? 255 : 15,
      circuitActual: n % 2 ? 255 : 15,
      circuitActive: n % 2 ? 255 : 15,
      circuitCableTheft: 0,
      alarmStatus: 0,
      mode: 'policy',
      version: 'MTC1.0.00',
      deviceTime: Math.floor(Date.now() / 1000) + 8 * 3600,
      voltageA: 229 + (i % 3),
      voltageB: 230,
      voltageC: 231,
      currentA: 3600 + (n % 7),
      currentB: 3500,
      currentC: 3550,
      powerA: 780,
      powerB: 760,
      powerC: 770,
      activePower: 2310,
      powerFactor: 0.94,
      energyTotal: 1000 + n,
      energy: 0.0064,
      leakageCurrent: 2.1,
      temperature: 31.5,
      circuitsOn: n % 2 ? 8 : 4,
      peripherals: '[{"index":1,"name":"door","kind":"door","value":0,"unit":""}]',
    },
  });
const count = async (sql) => Number((await db.query(sql)).rows[0].n);
try {
  await db.connect();
  const model = (await db.query(`SELECT id, factory_id FROM device_models WHERE no = 'mtchlsteth'`)).rows[0];
  const t0 = performance.now();
  await db.query(
    `INSERT INTO devices (project_id, name, no, type, model_id, factory_id, equipment_id, registered, active_state, lng, lat, props)
     SELECT 1, 'BM' || i, 'BM' || i, 'mtc', $1, $2, 'BM' || i, true, 1, 116.3 + i * 0.001, 39.9, '{"circuitCount": 8}'::jsonb
     FROM generate_series(1, $3) i`,
    [model.id, model.factory_id, CABINETS],
  );
  await db.query(
    `INSERT INTO production_items (name, no, key1, model_id, project_id, status, occupied_device_id, occupied_project_id, occupied_at)
     SELECT equipment_id, equipment_id, 'key-' || equipment_id, $1, 1, 1, id, 1, now() FROM devices WHERE equipment_id LIKE 'BM%'`,
    [model.id],
  );
  figures.seedSeconds = Math.round(ms(t0) / 100) / 10;
  const ids = (await db.query(`SELECT equipment_id FROM devices WHERE equipment_id LIKE 'BM%' ORDER BY id`)).rows.map(
    (r) => r.equipment_id,
  );
  const t1 = performance.now();
  for (let i = 0; i < ids.length; i += 100)
    clients.push(
      ...(await Promise.all(
        ids.slice(i, i + 100).map((id) =>
          mqtt.connectAsync(`mqtt://127.0.0.1:${mqttPort}`, {
            clientId: id,
            username: id,
            password: `key-${id}`,
            reconnectPeriod: 0,
          }),
        ),
      )),
    );
  figures.connectSeconds = Math.round(ms(t1) / 100) / 10;

  // ── Steady: each cabinet every INTERVAL s, staggered over the interval.
  let sent = 0;
  const steadyStart = performance.now();
  const timers = clients.map((client, i) => {
    let n = 0;
    const publish = () => {
      sent++;
      client.publish(upTopic(ids[i], 'telemetry'), report(i, n++), { qos: 1 });
    };
    const first = setTimeout(
      () => {
        publish();
        timers[i] = setInterval(publish, INTERVAL * 1000);
      },
      (i / clients.length) * INTERVAL * 1000,
    );
    return first;
  });
  await sleep(DURATION * 1000);
  for (const t of timers) {
    clearTimeout(t);
    clearInterval(t);
  }
  const lastPublish = performance.now();
  let stored = 0;
  while (performance.now() - lastPublish < 30_000) {
    stored = await count('SELECT count(*)::int AS n FROM mtc_readings');
    if (stored >= sent) break;
    await sleep(100);
  }
  figures.steady = {
    reportsSent: sent,
    reportsStored: stored,
    sentPerSecond: Math.round((sent / ms(steadyStart)) * 1000 * 10) / 10,
    storedAfterLastPublishMs: ms(lastPublish),
    cabinetsWithState: await count('SELECT count(*)::int AS n FROM mtc_state'),
    circuitRowsKept: (await count('SELECT count(*)::int AS n FROM mtc_state WHERE circuit_actual IS NOT NULL')) * 8,
  };

  // ── Burst: BURST reports per cabinet back to back, QoS 0.
  const before = await count('SELECT count(*)::int AS n FROM mtc_readings');
  const burstStart = performance.now();
  clients.forEach((client, i) => {
    for (let n = 0; n < BURST; n++) client.publish(upTopic(ids[i], 'telemetry'), report(i, n), { qos: 0 });
  });
  const target = before + BURST * clients.length;
  let after = before;
  while (performance.now() - burstStart < 60_000) {
    after = await count('SELECT count(*)::int AS n FROM mtc_readings');
    if (after >= target) break;
    await sleep(50);
  }
  const seconds = ms(burstStart) / 1000;
  const rate = Math.round((after - before) / seconds);
  figures.burst = {
    sent: BURST * clients.length,
    stored: after - before,
    seconds: Math.round(seconds * 100) / 100,
    storedPerSecond: rate,
    ratioToBrokerAlone: Math.round((rate / BROKER_ALONE) * 1000) / 1000,
  };
  figures.neededPerSecond = CABINETS / INTERVAL;
  figures.ratioNeededToBrokerAlone = Math.round((CABINETS / INTERVAL / BROKER_ALONE) * 10000) / 10000;
  figures.loadAverage = Math.round(os.loadavg()[0] * 10) / 10;
} finally {
  for (const c of clients) await c.endAsync(true).catch(() => {});
  await db.end().catch(() => {});
  await server.stop();
  await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => {});
  await admin.end();
}
const line = JSON.stringify({ bench: 'mtc', at: new Date().toISOString(), ...figures });
console.log(line);
fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true });
fs.writeFileSync(path.join(root, `bench/results/mtc-${new Date().toISOString().slice(0, 10)}.json`), `${line}\n`);
