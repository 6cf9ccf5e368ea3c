// Device connectivity benchmark (issue "Device connectivity"): on a throwaway PostgreSQL cluster,
// - telemetry stored end to end (publish → row committed) at QoS 0 and QoS 1, against
// - the broker alone (messages/s with no server consuming) and PostgreSQL alone (the same rows
//   through the server's unnest INSERT), with the ratios;
// - the command round trip p50/p99 (a gateway answering correcttime through the HTTP API);
// - the server's memory with 10,000 simulated devices connected.
// Usage: node --import tsx bench/telemetry.bench.ts [--seconds 10] [--publishers 100] [--fleet 10000]
// Prints one JSON line and writes it to bench/results/telemetry-<date>.json.
import fs from 'node:fs';
import path from 'node:path';
import { demoKey } from '@sc/contract/demo-key';
import mqtt, { type MqttClient } from 'mqtt';
import pg from 'pg';
import { findPostgresBin, startPostgresCluster } from '../scripts/lib/postgres-cluster.mjs';
import { freePort, rssMb, signIn, startServer } from './lib/server.mjs';

/** The bench keys its own devices: any secret will do. */
const BENCH_SECRET = 'bench';
const root = path.resolve(import.meta.dirname, '..');
const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const SECONDS = arg('seconds', 10);
const PUBLISHERS = arg('publishers', 100);
const FLEET = arg('fleet', 10000);
const round = (v: number) => Math.round(v);

const reading = () =>
  JSON.stringify({
    values: { temperature: 20 + Math.random() * 5, humidity: 55, pm25: 30, pm10: 50, co2: 420, noise: 45 },
  });

/** Publishes from `clients` back to back for SECONDS; answers messages sent. */
async function blast(clients: { client: MqttClient; topic: string }[], qos: 0 | 1): Promise<number> {
  let sent = 0;
  const until = Date.now() + SECONDS * 1000;
  await Promise.all(
    clients.map(async ({ client, topic }) => {
      while (Date.now() < until) {
        if (qos === 1) {
          // A window of 20 in flight per client: realistic for a device, and keeps the broker busy.
          await Promise.all(Array.from({ length: 20 }, () => client.publishAsync(topic, reading(), { qos: 1 })));
          sent += 20;
        } else {
          for (let i = 0; i < 10; i++) client.publish(topic, reading(), { qos: 0 });
          sent += 10;
          await new Promise((r) => setImmediate(r));
        }
      }
    }),
  );
  return sent;
}

async function brokerAlone() {
  const { Aedes } = await import('aedes');
  const broker = await Aedes.createBroker({ concurrency: 1000 });
  const net = await import('node:net');
  const server = net.createServer(broker.handle);
  const port = await freePort();
  await new Promise<void>((r) => server.listen(port, '127.0.0.1', () => r()));
  const url = `mqtt://127.0.0.1:${port}`;
  const sink = await mqtt.connectAsync(url, { clientId: 'sink' });
  let received = 0;
  await sink.subscribeAsync('sc/+/up/#', { qos: 1 });
  sink.on('message', () => received++);
  const clients = await Promise.all(
    Array.from({ length: PUBLISHERS }, async (_, i) => ({
      client: await mqtt.connectAsync(url, { clientId: `p${i}` }),
      topic: `sc/P${i}/up/telemetry`,
    })),
  );
  const result: Record<string, number> = {};
  for (const qos of [0, 1] as const) {
    received = 0;
    const started = Date.now();
    await blast(clients, qos);
    await new Promise((r) => setTimeout(r, 1000));
    result[`qos${qos}`] = round(received / ((Date.now() - started - 1000) / 1000));
  }
  await Promise.all(clients.map((c) => c.client.endAsync()));
  await sink.endAsync();
  await new Promise<void>((r) => broker.close(() => server.close(() => r())));
  return result;
}

async function postgresAlone(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(
    'create temp table env_bench (device_id int4, project_id int4, at timestamptz, temperature float4, humidity float4, pm25 float4, pm10 float4, co2 float4, noise float4)',
  );
  const rows = 2000;
  let written = 0;
  const until = Date.now() + SECONDS * 1000;
  const started = Date.now();
  while (Date.now() < until) {
    const cols = [
      Array(rows).fill(1),
      Array(rows).fill(1),
      Array(rows).fill(new Date().toISOString()),
      ...Array.from({ length: 6 }, () => Array.from({ length: rows }, () => Math.random() * 50)),
    ];
    await client.query(
      'insert into env_bench select * from unnest($1::int4[], $2::int4[], $3::timestamptz[], $4::float4[], $5::float4[], $6::float4[], $7::float4[], $8::float4[], $9::float4[])',
      cols,
    );
    written += rows;
  }
  await client.end();
  return round(written / ((Date.now() - started) / 1000));
}

/** Bench devices straight into the database: monitors for telemetry, gateways for commands. */
async function createBenchDevices(url: string, monitors: number, gateways: number) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const model = async (no: string) =>
    (await client.query('select id, factory_id from device_models where no = $1', [no])).rows[0];
  const env = await model('envrs485');
  const gws = await model('gws');
  const make = async (kind: string, count: number, m: { id: number; factory_id: number }, type: string) => {
    const ids = Array.from({ length: count }, (_, i) => `BENCH${kind}${String(i).padStart(5, '0')}`);
    const inserted = await client.query(
      `insert into devices (project_id, name, no, type, model_id, factory_id, equipment_id, registered, protocol_version)
       select 1, 'bench' || e, e, $2, $3, $4, e, true, 2 from unnest($1::text[]) e returning id, equipment_id`,
      [ids, type, m.id, m.factory_id],
    );
    await client.query(
      `insert into production_items (name, no, key1, model_id, project_id, status, occupied_project_id, occupied_device_id, occupied_at)
       select d.equipment_id, d.equipment_id, k.key1, $3, 1, 1, 1, d.id, now() from unnest($1::int4[], $2::text[]) with ordinality d(id, equipment_id, n)
       join unnest($4::text[]) with ordinality k(key1, n) using (n)`,
      [
        inserted.rows.map((r) => r.id),
        inserted.rows.map((r) => r.equipment_id),
        m.id,
        inserted.rows.map((r) => demoKey(BENCH_SECRET, r.equipment_id)),
      ],
    );
    return inserted.rows as { id: number; equipment_id: string }[];
  };
  const result = {
    monitors: await make('E', monitors, env, 'envmonitor'),
    gateways: await make('G', gateways, gws, 'gateway'),
  };
  await client.end();
  return result;
}

async function countReadings(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const n = Number((await client.query('select count(*) from env_readings')).rows[0].count);
  await client.end();
  return n;
}

async function endToEnd(url: string, mqttPort: number, monitors: { id: number; equipment_id: string }[]) {
  const clients = await Promise.all(
    monitors.map(async (d) => ({
      client: await mqtt.connectAsync(`mqtt://127.0.0.1:${mqttPort}`, {
        clientId: d.equipment_id,
        username: d.equipment_id,
        password: demoKey(BENCH_SECRET, d.equipment_id),
      }),
      topic: `sc/${d.equipment_id}/up/telemetry`,
    })),
  );
  const result: Record<string, { sent: number; stored: number; storedPerSecond: number }> = {};
  for (const qos of [0, 1] as const) {
    const before = await countReadings(url);
    const started = Date.now();
    const sent = await blast(clients, qos);
    // Wait until the writer has committed what arrived (the count stops moving).
    let last = -1;
    let now = await countReadings(url);
    while (now !== last) {
      await new Promise((r) => setTimeout(r, 500));
      last = now;
      now = await countReadings(url);
    }
    const elapsed = (Date.now() - started - 500) / 1000;
    result[`qos${qos}`] = { sent, stored: now - before, storedPerSecond: round((now - before) / elapsed) };
  }
  await Promise.all(clients.map((c) => c.client.endAsync()));
  return result;
}

async function commandRoundTrip(serverUrl: string, mqttPort: number, gateways: { id: number; equipment_id: string }[]) {
  const devices = await Promise.all(
    gateways.map(async (g) => {
      const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${mqttPort}`, {
        clientId: g.equipment_id,
        username: g.equipment_id,
        password: demoKey(BENCH_SECRET, g.equipment_id),
      });
      await client.subscribeAsync(`sc/${g.equipment_id}/down/command`, { qos: 1 });
      client.on('message', (_t, payload) => {
        const request = JSON.parse(payload.toString());
        client.publish(`sc/${g.equipment_id}/up/reply`, JSON.stringify({ id: request.id, ok: true, result: 'ok' }), {
          qos: 1,
        });
      });
      client.publish(`sc/${g.equipment_id}/up/heartbeat`, '{}', { qos: 1 });
      return client;
    }),
  );
  await new Promise((r) => setTimeout(r, 2500)); // heartbeats mark them active (one-second flush)
  const token = await signIn(serverUrl);
  const latencies: number[] = [];
  let failures = 0;
  const until = Date.now() + SECONDS * 1000;
  await Promise.all(
    gateways.map(async (g) => {
      while (Date.now() < until) {
        const started = performance.now();
        const res = await fetch(`${serverUrl}/api/pjts/1/iot/gateway/${g.id}/correcttime?token=${token}`, {
          method: 'POST',
        });
        await res.text();
        if (res.ok) latencies.push(performance.now() - started);
        else failures++;
      }
    }),
  );
  await Promise.all(devices.map((d) => d.endAsync()));
  latencies.sort((a, b) => a - b);
  const pct = (p: number) =>
    Math.round(latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))]! * 100) / 100;
  return {
    commands: latencies.length,
    failures,
    perSecond: round(latencies.length / SECONDS),
    p50: pct(50),
    p99: pct(99),
  };
}

async function fleetMemory(serverUrl: string, pid: number, mqttPort: number) {
  const { spawn, spawnSync } = await import('node:child_process');
  const seed = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'packages/server/src/demo/seed-demo.main.ts', '--devices', String(FLEET)],
    {
      cwd: root,
      env: { ...process.env },
      stdio: 'ignore',
    },
  );
  if (seed.status !== 0) throw new Error('demo seeding failed');
  const before = await rssMb(pid);
  const sim = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'packages/simulator/src/main.ts',
      '--devices',
      String(FLEET),
      '--url',
      `mqtt://127.0.0.1:${mqttPort}`,
      '--rate',
      '1',
    ],
    {
      cwd: root,
      stdio: 'ignore',
    },
  );
  // Wait for the connections to settle: devices active in the database stop growing.
  const token = await signIn(serverUrl);
  let active = 0;
  for (let i = 0; i < 90; i++) {
    await new Promise((r) => setTimeout(r, 2000));
    const res = await fetch(`${serverUrl}/api/biz/devices.do/pages?pageSize=5&activeState=1&token=${token}`);
    const total = (await res.json()).total as number;
    if (total === active && total > 0) break;
    active = total;
  }
  const after = await rssMb(pid);
  sim.kill('SIGTERM');
  return { devicesActive: active, serverRssMbBefore: before, serverRssMbConnected: after };
}

async function main() {
  const bin = findPostgresBin();
  if (!bin) throw new Error('PostgreSQL binaries not found (apt-get install -y postgresql)');
  const out: Record<string, unknown> = {
    bench: 'telemetry',
    date: new Date().toISOString(),
    seconds: SECONDS,
    publishers: PUBLISHERS,
  };
  out.brokerAlone = await brokerAlone();
  const cluster = await startPostgresCluster(bin);
  try {
    out.postgresAloneRowsPerSecond = await postgresAlone(cluster.url);
    const mqttPort = await freePort();
    process.env.DATABASE_URL = cluster.url;
    const server = await startServer({ DATABASE_URL: cluster.url, MQTT_PORT: String(mqttPort) });
    try {
      const bench = await createBenchDevices(cluster.url, PUBLISHERS, 8);
      out.endToEnd = await endToEnd(cluster.url, mqttPort, bench.monitors);
      out.commandRoundTrip = await commandRoundTrip(server.url, mqttPort, bench.gateways);
      if (FLEET > 0) out.fleet = await fleetMemory(server.url, server.pid!, mqttPort);
      const e2e = out.endToEnd as Record<string, { storedPerSecond: number }>;
      const alone = out.brokerAlone as Record<string, number>;
      out.ratios = {
        qos0StoredVsBroker: Math.round((e2e.qos0!.storedPerSecond / alone.qos0!) * 100) / 100,
        qos1StoredVsBroker: Math.round((e2e.qos1!.storedPerSecond / alone.qos1!) * 100) / 100,
        qos0StoredVsPostgres:
          Math.round((e2e.qos0!.storedPerSecond / (out.postgresAloneRowsPerSecond as number)) * 100) / 100,
      };
    } finally {
      await server.stop();
    }
  } finally {
    cluster.stop();
  }
  const line = JSON.stringify(out);
  console.log(line);
  fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true });
  fs.writeFileSync(path.join(root, `bench/results/telemetry-${String(out.date).slice(0, 10)}.json`), `${line}\n`);
  process.exit(0);
}

await main();
