#!/usr/bin/env node
// Lighting benchmark (issue 14) on PostgreSQL, the built server as a child process with its embedded
// broker. Seeds GATEWAYS gateways carrying LAMPS lamp controllers (SQL, production items with keys),
// connects one MQTT client per gateway that answers every command for its lamps at once (a fan-out with
// one reply per lamp), then:
// - the single-command round trip: POST …/iot/lighting/{id}/poweron, one at a time (median, p99);
// - a group command to every lamp (an LCU group of LAMPS): time until the last acknowledgement (the batch
//   is done), acknowledged per second, lost (neither acknowledged nor failed), and the ratio of the batch
//   time to one round trip; meanwhile a console reads a lamp's page (GET realdata, GET devices.do/one)
//   back to back, and the lamp list (GET …/iot/lighting/pages, pages 1-5 of 20): their p99;
// - the lighting overview (GET …/iot/lighting/summary) on OVERVIEW lamps (seeded to that many, with their
//   last state and policies): first call and median of 5 (the energy part is cached a minute).
// Usage: node --import tsx bench/lighting.bench.mjs [--gateways 100] [--lamps 10000] [--overview 100000] [--url postgres://…]
//   [--keep] (the database stays, for EXPLAIN)
// Prints one JSON line and writes it to bench/results/lighting-<date>.json.
import fs from 'node:fs';
import mqtt from 'mqtt';
import { commandTopic, upTopic } from '../packages/contract/src/protocol/topics.ts';
import { arg, ms, pct, timedApi, writeResult } from './lib/figures.mjs';
import { serverOnThrowawayDatabase } from './lib/server.mjs';

const GATEWAYS = Number(arg('gateways', 100));
const LAMPS = Number(arg('lamps', 10_000));
const OVERVIEW = Number(arg('overview', 100_000));
const KEEP = process.argv.includes('--keep');
const adminUrl = arg('url', process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:55432/postgres');

/** CPU time (user + system) of a process so far, in ms (Linux). */
const cpuMs = (pid) => {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
};

const { server, mqttPort, db, token, close } = await serverOnThrowawayDatabase(adminUrl, 'bench_lighting', {
  keep: KEEP,
});
const figures = { gateways: GATEWAYS, lamps: LAMPS, cores: (await import('node:os')).cpus().length };
const clients = [];
try {
  const api = timedApi(server.url, token);

  // ── Seed: gateways with keys, lamps behind them, an LCU group of all of them.
  const model = async (no) => (await db.query('SELECT id, factory_id FROM device_models WHERE no = $1', [no])).rows[0];
  const gws = await model('gws');
  const lcu = await model('lcunb');
  const t0 = performance.now();
  const gatewayRows = (
    await db.query(
      `INSERT INTO devices (project_id, name, no, type, model_id, factory_id, equipment_id, registered, active_state, lng, lat)
       SELECT 1, 'BGW' || i, 'BGW' || i, 'gateway', $1, $2, 'BGW' || i, true, 1, 116.3 + i * 0.001, 39.9
       FROM generate_series(1, $3) i RETURNING id, equipment_id`,
      [gws.id, gws.factory_id, GATEWAYS],
    )
  ).rows;
  await db.query(
    `INSERT INTO production_items (name, no, key1, model_id, project_id, status, occupied_device_id, occupied_project_id, occupied_at)
     SELECT equipment_id, equipment_id, 'key-' || equipment_id, $1, 1, 1, id, 1, now() FROM devices WHERE type = 'gateway' AND equipment_id LIKE 'BGW%'`,
    [gws.id],
  );
  const seedLamps = async (from, to, active) =>
    db.query(
      `INSERT INTO devices (project_id, name, no, type, model_id, factory_id, parent_id, equipment_id, registered, active_state, lng, lat, props)
       SELECT 1, 'BL' || i, 'BL' || i, 'lighting', $1, $2, g.id, 'BL' || i, true, $5, 116.3 + (i % 1000) * 0.0005, 39.85 + (i / 1000) * 0.0005,
         '{"ratedPower": 100}'::jsonb
       FROM generate_series($3::int, $4::int) i
       JOIN (SELECT id, row_number() OVER (ORDER BY id) - 1 AS n FROM devices WHERE equipment_id LIKE 'BGW%') g ON g.n = i % ${GATEWAYS}`,
      [lcu.id, lcu.factory_id, from, to, active],
    );
  await seedLamps(1, LAMPS, 1);
  const lampIds = (await db.query(`SELECT id FROM devices WHERE type = 'lighting' ORDER BY id`)).rows.map((r) => r.id);
  const [{ id: groupId }] = (
    await db.query(`INSERT INTO lighting_groups (project_id, name, no) VALUES (1, 'All', 'ALL') RETURNING id`)
  ).rows;
  await db.query(`INSERT INTO lighting_group_lamps (group_id, device_id) SELECT $1, unnest($2::int4[])`, [
    groupId,
    lampIds,
  ]);
  await db.query('ANALYZE');
  figures.seedSeconds = Math.round(ms(t0) / 100) / 10;

  // ── Gateways: one MQTT connection each, answering every request for its lamps at once.
  let acks = 0;
  let requests = 0;
  let lastAckAt = 0;
  await Promise.all(
    gatewayRows.map(async (g) => {
      const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${mqttPort}`, {
        clientId: g.equipment_id,
        username: g.equipment_id,
        password: `key-${g.equipment_id}`,
        reconnectPeriod: 0,
      });
      clients.push(client);
      await client.subscribeAsync(commandTopic(g.equipment_id), { qos: 1 });
      client.on('message', (_topic, payload) => {
        const request = JSON.parse(payload.toString());
        requests++;
        // A fan-out carries many lamps (docs/device-protocol.md): one reply per lamp.
        const ids = request.command === 'fanout' ? request.args.items.map((item) => item.id) : [request.id];
        for (const id of ids) {
          acks++;
          lastAckAt = performance.now();
          client.publish(upTopic(g.equipment_id, 'reply'), JSON.stringify({ id, ok: true, result: { level: 100 } }), {
            qos: 1,
          });
        }
      });
      await client.publishAsync(upTopic(g.equipment_id, 'heartbeat'), JSON.stringify({ uptime: 1 }), { qos: 1 });
    }),
  );
  await new Promise((r) => setTimeout(r, 1500));

  // ── Single-command round trip.
  const single = [];
  for (let i = 0; i < 30; i++) single.push((await api('POST', `/api/pjts/1/iot/lighting/${lampIds[i]}/poweron`)).ms);
  figures.singleRoundTripMs = { median: pct(single, 50), p99: pct(single, 99) };

  // ── The same pages with no batch running (what the queries cost by themselves on this machine now).
  {
    const id = lampIds[Math.floor(lampIds.length / 2)];
    const page = [];
    const list = [];
    for (let n = 0; n < 10; n++) {
      page.push((await api('GET', `/api/pjts/1/iot/lighting/${id}/realdata`)).ms);
      page.push((await api('GET', `/api/pjts/1/devices.do/one/${id}`)).ms);
      list.push((await api('GET', `/api/pjts/1/iot/lighting/pages?page=${1 + (n % 5)}&pageSize=20`)).ms);
    }
    figures.idle = {
      devicePageMs: { median: pct(page, 50), max: Math.max(...page) },
      lampListMs: { median: pct(list, 50), max: Math.max(...list) },
    };
  }

  // ── Group command to every lamp while a console reads a lamp's page.
  let reading = true;
  const page = [];
  const list = [];
  const reader = (async () => {
    const id = lampIds[Math.floor(lampIds.length / 2)];
    let n = 0;
    while (reading) {
      page.push((await api('GET', `/api/pjts/1/iot/lighting/${id}/realdata`)).ms);
      page.push((await api('GET', `/api/pjts/1/devices.do/one/${id}`)).ms);
      // The lamp list as the console pages it (a few pages deep, the live values of each lamp).
      list.push((await api('GET', `/api/pjts/1/iot/lighting/pages?page=${1 + (n++ % 5)}&pageSize=20`)).ms);
    }
  })();
  acks = 0;
  requests = 0;
  const cpuBefore = cpuMs(server.pid);
  const started = performance.now();
  const { json: batch } = await api('POST', `/api/pjts/1/iot/lighting/groups/${groupId}/command`, {
    command: 'poweron',
  });
  let status;
  for (;;) {
    status = (await api('GET', `/api/pjts/1/iot/lighting/batches/${batch.batchId}`)).json;
    if (status.done) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const batchMs = ms(started);
  const batchCpuMs = cpuMs(server.pid) - cpuBefore;
  reading = false;
  await reader;
  figures.group = {
    total: status.total,
    acknowledged: status.acknowledged,
    failed: status.failed,
    lost: status.total - status.acknowledged - status.failed,
    lastAckSeconds: Math.round((lastAckAt - started) / 10) / 100,
    doneSeconds: Math.round(batchMs / 10) / 100,
    ackedPerSecond: Math.round(status.acknowledged / (batchMs / 1000)),
    gatewayRequests: requests,
    lampReplies: acks,
    // CPU time of the server process while the batch ran (with the console's reads), less sensitive to
    // the machine's load than the wall-clock figures.
    serverCpuSeconds: Math.round(batchCpuMs / 10) / 100,
  };
  figures.ratioBatchToSingle = Math.round(batchMs / figures.singleRoundTripMs.median);
  figures.devicePageDuringBatchMs = { n: page.length, median: pct(page, 50), p99: pct(page, 99) };
  figures.lampListDuringBatchMs = { n: list.length, median: pct(list, 50), p99: pct(list, 99) };

  // ── Overview on OVERVIEW lamps: seed the rest (offline lamps, no connection), last state, policies.
  const more = OVERVIEW - LAMPS;
  const t1 = performance.now();
  if (more > 0) await seedLamps(LAMPS + 1, OVERVIEW, 0);
  await db.query(
    `INSERT INTO lighting_state (device_id, project_id, at, "on", level, run_status, active_power, daily_energy)
     SELECT id, 1, now(), (id % 3 > 0)::int, CASE WHEN id % 3 = 2 THEN 50 ELSE 100 END, CASE WHEN id % 97 = 0 THEN 2 ELSE 0 END, 80, 0.8
     FROM devices WHERE type = 'lighting'
     ON CONFLICT (device_id) DO UPDATE SET "on" = excluded."on", level = excluded.level`,
  );
  const policy = {
    units: [
      { type: 'on', level: 100, start: { kind: 'sunset', offset: 0 } },
      { type: 'eco', level: 50, start: { kind: 'clock', time: '23:00' } },
      { type: 'off', level: 0, start: { kind: 'sunrise', offset: 0 } },
    ],
    range: 'all',
    channelControl: false,
    channels: [],
    cycle: { mode: 'everyday' },
  };
  const policyIds = [];
  for (const no of ['P1', 'P2', 'P3'])
    policyIds.push(
      (
        await db.query(
          `INSERT INTO lighting_policies (project_id, name, no, body) VALUES (1, $1, $1, $2::jsonb) RETURNING id`,
          [no, JSON.stringify(policy)],
        )
      ).rows[0].id,
    );
  await db.query(
    `INSERT INTO lighting_policy_lamps (policy_id, device_id)
     SELECT ($1::int4[])[1 + id % 3], id FROM devices WHERE type = 'lighting'`,
    [policyIds],
  );
  // The policy-set key each lamp keeps (as using the policies through the API writes it).
  await db.query(
    `INSERT INTO lighting_lamps (device_id, project_id, policy_set)
     SELECT device_id, 1, string_agg(policy_id::text, ',' ORDER BY policy_id) FROM lighting_policy_lamps GROUP BY device_id
     ON CONFLICT (device_id) DO UPDATE SET policy_set = excluded.policy_set`,
  );
  // A year of the project's daily totals, as the telemetry writer keeps them beside the lamps' rollups.
  await db.query(
    `INSERT INTO readings_project_daily (project_id, source, reading, bucket, sum, n)
     SELECT 1, 'lighting_readings', r.reading, date_trunc('day', now()) - interval '8 hours' - d * interval '1 day', r.v * $1, $1
     FROM generate_series(0, 364) d, (VALUES ('energy', 0.8), ('energySaved', 0.1)) r(reading, v)
     ON CONFLICT DO NOTHING`,
    [OVERVIEW],
  );
  await db.query(
    `INSERT INTO lighting_readings_daily (device_id, project_id, bucket, n, energy_sum, energy_n, energy_saved_sum, energy_saved_n)
     SELECT id, 1, date_trunc('day', now()) - interval '8 hours', 1, 0.8, 1, 0.1, 1 FROM devices WHERE type = 'lighting'`,
  );
  await db.query('ANALYZE');
  figures.overviewSeedSeconds = Math.round(ms(t1) / 100) / 10;
  const first = await api('GET', '/api/pjts/1/iot/lighting/summary');
  const runs = [];
  for (let i = 0; i < 5; i++) runs.push((await api('GET', '/api/pjts/1/iot/lighting/summary')).ms);
  figures.overview = {
    lamps: first.json.total,
    firstMs: first.ms,
    medianMs: pct(runs, 50),
    maxMs: Math.max(...runs),
    lightingRate: first.json.lightingRate,
  };
  const load = (await import('node:os')).loadavg()[0];
  figures.loadAverage = Math.round(load * 10) / 10;
} finally {
  for (const c of clients) await c.endAsync(true).catch(() => {});
  await close();
}
await writeResult('lighting', figures);
