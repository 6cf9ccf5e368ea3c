#!/usr/bin/env node
// Batch benchmark with the product's simulator: GATEWAYS simulated gateways (packages/simulator, the
// connections `npm run simulate` opens) carrying LAMPS lamp controllers, each device taking EXECUTE ms to
// run a command (its round trip), against the built server and its embedded broker on PostgreSQL. For
// each round trip (the simulator in a worker thread, bench/lib/sim-gateways.mjs): a group command to every lamp (the kit's batches, which fan out through gateways),
// time to the last acknowledgement, acknowledged / failed / lost, the requests the gateways received,
// and meanwhile a console reading a lamp's page and the lamp list back to back (their p99).
// Usage: node --import tsx bench/batch.bench.mjs [--gateways 100] [--lamps 10000] [--execute 50,1000] [--url postgres://…] [--tag name]
// Prints one JSON line and writes it to bench/results/batch-<date>[-<tag>].json (--tag names a run).
import fs from 'node:fs';
import os from 'node:os';
import { Worker } from 'node:worker_threads';
import { demoKey } from '../packages/contract/src/protocol/demo-key.ts';
import { arg, ms, pct, timedApi, writeResult } from './lib/figures.mjs';
import { serverOnThrowawayDatabase } from './lib/server.mjs';

const GATEWAYS = Number(arg('gateways', 100));
const LAMPS = Number(arg('lamps', 10_000));
const EXECUTE = String(arg('execute', '50,1000')).split(',').map(Number);
const SECRET = 'bench-secret';
const adminUrl = arg('url', process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:55432/postgres');

const { server, mqttPort, db, token, close } = await serverOnThrowawayDatabase(adminUrl, 'bench_batch');
const figures = { gateways: GATEWAYS, lamps: LAMPS, cores: os.cpus().length, rounds: [] };
try {
  const api = timedApi(server.url, token);

  // ── Seed: gateways whose production items hold their simulator keys, lamps behind them, one group.
  const model = async (no) => (await db.query('SELECT id, factory_id FROM device_models WHERE no = $1', [no])).rows[0];
  const gws = await model('gws');
  const lcu = await model('lcunb');
  const gateways = (
    await db.query(
      `INSERT INTO devices (project_id, name, no, type, model_id, factory_id, equipment_id, registered, active_state, lng, lat)
       SELECT 1, 'BGW' || i, 'BGW' || i, 'gateway', $1, $2, 'BGW' || i, true, 1, 116.3 + i * 0.001, 39.9
       FROM generate_series(1, $3) i RETURNING id, equipment_id`,
      [gws.id, gws.factory_id, GATEWAYS],
    )
  ).rows;
  await db.query(
    `INSERT INTO production_items (name, no, key1, model_id, project_id, status, occupied_device_id, occupied_project_id, occupied_at)
     SELECT e, e, k, $1, 1, 1, d.id, 1, now() FROM unnest($2::text[], $3::text[]) AS x(e, k) JOIN devices d ON d.equipment_id = x.e`,
    [gws.id, gateways.map((g) => g.equipment_id), gateways.map((g) => demoKey(SECRET, g.equipment_id))],
  );
  const lamps = (
    await db.query(
      `INSERT INTO devices (project_id, name, no, type, model_id, factory_id, parent_id, equipment_id, registered, active_state, lng, lat, props)
       SELECT 1, 'BL' || i, 'BL' || i, 'lighting', $1, $2, g.id, 'BL' || i, true, 1, 116.3 + (i % 1000) * 0.0005, 39.85 + (i / 1000) * 0.0005,
         '{"ratedPower": 100}'::jsonb
       FROM generate_series(1, $3::int) i
       JOIN (SELECT id, equipment_id, row_number() OVER (ORDER BY id) - 1 AS n FROM devices WHERE equipment_id LIKE 'BGW%') g ON g.n = i % ${GATEWAYS}
       RETURNING id, equipment_id, parent_id`,
      [lcu.id, lcu.factory_id, LAMPS],
    )
  ).rows;
  const [{ id: groupId }] = (
    await db.query(`INSERT INTO lighting_groups (project_id, name, no) VALUES (1, 'All', 'ALL') RETURNING id`)
  ).rows;
  await db.query(`INSERT INTO lighting_group_lamps (group_id, device_id) SELECT $1, unnest($2::int4[])`, [
    groupId,
    lamps.map((l) => l.id),
  ]);
  await db.query('ANALYZE');

  const dbStats = async () => {
    const [row] = (
      await db.query(
        'SELECT xact_commit::int, tup_inserted::int, tup_updated::int FROM pg_stat_database WHERE datname = current_database()',
      )
    ).rows;
    return row;
  };
  /**
   * The server's CPU seconds so far: every thread (user + system ticks) and its main thread, the one
   * that answers HTTP, to the nanosecond (schedstat): what a batch costs, told apart from the load.
   */
  const serverCpu = () => {
    const fields = fs.readFileSync(`/proc/${server.pid}/stat`, 'utf8').split(') ')[1].split(' ');
    const main = Number(fs.readFileSync(`/proc/${server.pid}/task/${server.pid}/schedstat`, 'utf8').split(' ')[0]);
    return { all: (Number(fields[11]) + Number(fields[12])) / 100, mainThread: main / 1e9 };
  };
  const lampsOf = new Map(gateways.map((g) => [g.id, []]));
  for (const l of lamps) lampsOf.get(l.parent_id).push(l.equipment_id);
  const fleet = gateways.map((g) => ({ equipmentId: g.equipment_id, lamps: lampsOf.get(g.id) }));

  // ── The same pages with no batch running (what they cost by themselves on this machine now).
  const readPages = async (page, list, n) => {
    const id = lamps[Math.floor(lamps.length / 2)].id;
    page.push((await api('GET', `/api/pjts/1/iot/lighting/${id}/realdata`)).ms);
    page.push((await api('GET', `/api/pjts/1/devices.do/one/${id}`)).ms);
    list.push((await api('GET', `/api/pjts/1/iot/lighting/pages?page=${1 + (n % 5)}&pageSize=20`)).ms);
  };
  {
    const page = [];
    const list = [];
    for (let n = 0; n < 20; n++) await readPages(page, list, n);
    figures.idle = {
      devicePageMs: { median: pct(page, 50), p99: pct(page, 99) },
      lampListMs: { median: pct(list, 50), p99: pct(list, 99) },
    };
  }

  for (const executeMs of EXECUTE) {
    // ── The simulator's gateways, taking `executeMs` per command, in a worker of their own.
    const sim = new Worker(new URL('./lib/sim-gateways.mjs', import.meta.url), {
      workerData: { url: `mqtt://127.0.0.1:${mqttPort}`, secret: SECRET, executeMs, gateways: fleet },
    });
    await new Promise((resolve, reject) => {
      sim.once('message', resolve);
      sim.once('error', reject);
    });
    const simStats = () =>
      new Promise((resolve) => {
        sim.once('message', (m) => resolve(m.stats));
        sim.postMessage('stats');
      });
    await new Promise((r) => setTimeout(r, 1500));

    // ── One lamp's command on its own (the round trip through its gateway).
    const single = [];
    for (let i = 0; i < 5; i++) single.push((await api('POST', `/api/pjts/1/iot/lighting/${lamps[i].id}/poweron`)).ms);

    // ── Group command to every lamp while a console reads a lamp's page and the lamp list.
    let reading = true;
    const page = [];
    const list = [];
    const reader = (async () => {
      for (let n = 0; reading; n++) await readPages(page, list, n);
    })();
    const before = await simStats();
    const dbBefore = await dbStats();
    const cpuBefore = serverCpu();
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
    const doneMs = ms(started);
    const cpuAfter = serverCpu();
    reading = false;
    await reader;
    const after = await simStats();
    const dbAfter = await dbStats();
    figures.rounds.push({
      executeMs,
      singleCommandMs: { median: pct(single, 50), max: Math.max(...single) },
      total: status.total,
      acknowledged: status.acknowledged,
      failed: status.failed,
      lost: status.total - status.acknowledged - status.failed,
      doneSeconds: Math.round(doneMs / 10) / 100,
      gatewayRequests: after.requests - before.requests,
      executed: after.executed - before.executed,
      repeatedIds: after.repeated - before.repeated,
      // The server's CPU from the batch's start to its end (the console's reads and the status polls in it).
      serverCpuSeconds: {
        all: Math.round((cpuAfter.all - cpuBefore.all) * 100) / 100,
        mainThread: Math.round((cpuAfter.mainThread - cpuBefore.mainThread) * 100) / 100,
      },
      // What the database did meanwhile (the console's reads included): statements committed, rows written.
      database: {
        transactions: dbAfter.xact_commit - dbBefore.xact_commit,
        rowsInserted: dbAfter.tup_inserted - dbBefore.tup_inserted,
        rowsUpdated: dbAfter.tup_updated - dbBefore.tup_updated,
      },
      devicePageDuringBatchMs: { n: page.length, median: pct(page, 50), p99: pct(page, 99) },
      lampListDuringBatchMs: { n: list.length, median: pct(list, 50), p99: pct(list, 99) },
      loadAverage: Math.round(os.loadavg()[0] * 10) / 10,
    });
    console.error(JSON.stringify(figures.rounds.at(-1)));
    sim.postMessage('close');
    await new Promise((resolve) => sim.once('exit', resolve));
    await new Promise((r) => setTimeout(r, 1000));
  }
} finally {
  await close();
}
await writeResult('batch', figures);
