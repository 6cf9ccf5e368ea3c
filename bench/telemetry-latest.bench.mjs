#!/usr/bin/env node
// Latest values of a project's devices (issue 16): `latestOfProject` (each device's row of
// readings_latest gives the hour of its newest reading; the newest is then read from the readings, one
// JSON array built in SQL and parsed once) against the forms from when the row held the newest values
// itself (rewritten at every reading): the JSON text over the values as jsonb (before migration 0021)
// and one row per device, each reading a float8 column, a state object built per row. Fills a meter's
// readings table (six readings, like whm; day partitions) with the last hour of DEVICES devices of one
// project and as many of another, every 5 minutes, and readings_latest as the writer leaves it (the
// hour's first reading), then times the forms, alternating, RUNS times each (wall and client CPU).
// Usage: node --import tsx bench/telemetry-latest.bench.mjs [--db pg|pglite] [--devices 10000] [--runs 9]
// Prints one JSON line and writes it to bench/results/telemetry-latest-<db>-<devices>-<date>.json.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openPglite, openPostgres } from '../packages/server/src/db/client.ts';
import { latestOf, latestOfProject, statesJson } from '../packages/server/src/iot/telemetry/latest.ts';

const root = path.resolve(import.meta.dirname, '..');
const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const kind = arg('db', 'pg');
const DEVICES = Number(arg('devices', kind === 'pg' ? 10_000 : 1_000));
const RUNS = Number(arg('runs', 9));
const adminUrl = arg('url', process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:55432/postgres');
const READINGS = ['reading', 'energy', 'power', 'voltage', 'current', 'powerFactor'].map((key) => ({ key }));
const t = { name: 'bench_meter_readings', readings: READINGS };

const { sql } = await import('drizzle-orm');

/** The previous form (before 2026-11-23): float8 columns per reading, a state object built per row. */
async function latestOfProjectRows(db, projectId) {
  const cols = READINGS.map((r, i) => `("values" ->> '${r.key}')::float8 AS r${i}`).join(', ');
  const result = await db.execute(
    sql`SELECT device_id, at, ${sql.raw(cols)} FROM readings_latest
        WHERE project_id = ${projectId} AND source = ${t.name} ORDER BY device_id`,
  );
  return result.rows.map((row) => {
    const values = {};
    READINGS.forEach((r, i) => {
      values[r.key] = row[`r${i}`] ?? null;
    });
    return { id: row.device_id, at: new Date(row.at), values };
  });
}

/** The JSON text form over the values as jsonb (before 2026-11-23's migration 0021): jsonb's output function per row. */
async function latestOfProjectJsonb(db, projectId) {
  const result = await db.execute(
    sql`SELECT '[[' || coalesce(string_agg(device_id::text || ',' || floor(date_part('epoch', at) * 1000)::int8::text || ',' || values_jsonb::text, '],['), '') || ']]' AS states
        FROM readings_latest WHERE project_id = ${projectId} AND source = ${t.name}`,
  );
  const list = JSON.parse(result.rows[0].states);
  list.sort((a, b) => a[0] - b[0]);
  return list.map(([id, at, stored]) => {
    const values = {};
    for (const r of READINGS) values[r.key] = stored[r.key] ?? null;
    return { id, at: new Date(at), values };
  });
}

async function open() {
  if (kind === 'pglite') return { database: await openPglite(null), drop: async () => {} };
  const name = `sc_bench_latest_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    database: await openPostgres(url.toString(), 4),
    drop: async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

const ms = (s) => Math.round((performance.now() - s) * 10) / 10;
const stats = (times) => {
  const sorted = [...times].sort((a, b) => a - b);
  return { medianMs: sorted[Math.floor(sorted.length / 2)], minMs: sorted[0], maxMs: sorted.at(-1) };
};

const { database, drop } = await open();
const db = database.db;
const out = {
  db: kind,
  devices: DEVICES,
  readings: READINGS.length,
  runs: RUNS,
  loadAtStart: os.loadavg().map((l) => +l.toFixed(1)),
};
try {
  await database.migrate();
  // The readings: day partitions around now and the default one, the (device_id, at) index.
  const day = 86_400_000;
  const today = Math.floor(Date.now() / day) * day;
  await db.execute(
    sql.raw(`CREATE TABLE ${t.name} (device_id integer NOT NULL, project_id integer NOT NULL, at timestamptz NOT NULL,
      ${READINGS.map((r) => `"${r.key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)}" real`).join(', ')}) PARTITION BY RANGE (at)`),
  );
  for (let d = -2; d <= 2; d++)
    await db.execute(
      sql.raw(`CREATE TABLE ${t.name}_d${d + 2} PARTITION OF ${t.name}
        FOR VALUES FROM ('${new Date(today + d * day).toISOString()}') TO ('${new Date(today + (d + 1) * day).toISOString()}')`),
    );
  await db.execute(sql.raw(`CREATE TABLE ${t.name}_default PARTITION OF ${t.name} DEFAULT`));
  await db.execute(sql.raw(`CREATE INDEX ON ${t.name} (device_id, at)`));
  // The last hour, every 5 minutes; a device's values the same at each reading (the forms compare).
  await db.execute(
    sql.raw(`INSERT INTO ${t.name} SELECT d, CASE WHEN d <= ${DEVICES} THEN 1 ELSE 2 END,
        date_bin('1 hour', now(), timestamptz '2000-01-01') - interval '1 hour' + s * interval '5 min' + (d % 300) * interval '1 second',
        (1000 + d * 0.5)::real, 0.25, 1.5 + (d % 10) * 0.1, 230.4, 6.5, CASE WHEN d % 5 = 0 THEN NULL ELSE 0.92 END
      FROM generate_series(1, ${DEVICES * 2}) d, generate_series(0, 11) s`),
  );
  // Other projects' and families' rows beside (the table holds every family's devices); at: the hour's first reading.
  await db.execute(
    sql.raw(`INSERT INTO readings_latest (device_id, source, project_id, at, "values")
      SELECT d, '${t.name}', CASE WHEN d <= ${DEVICES} THEN 1 ELSE 2 END,
        date_bin('1 hour', now(), timestamptz '2000-01-01') - interval '1 hour' + (d % 300) * interval '1 second',
        json_strip_nulls(json_build_object('reading', (1000 + d * 0.5)::real, 'energy', 0.25::real, 'power', (1.5 + (d % 10) * 0.1)::real,
          'voltage', 230.4::real, 'current', 6.5::real, 'powerFactor', CASE WHEN d % 5 = 0 THEN NULL ELSE 0.92::real END))
      FROM generate_series(1, ${DEVICES * 2}) d`),
  );
  await db.execute(sql.raw(`VACUUM ANALYZE ${t.name}`));
  // The values as jsonb too, as stored before migration 0021: the JSON text form over them, for comparison.
  await db.execute(sql.raw('ALTER TABLE readings_latest ADD COLUMN values_jsonb jsonb'));
  await db.execute(sql.raw('UPDATE readings_latest SET values_jsonb = "values"::jsonb'));
  await db.execute(sql.raw('VACUUM ANALYZE readings_latest'));
  const ids = Array.from({ length: DEVICES }, (_, i) => i + 1);
  const forms = {
    rowsPerDevice: () => latestOfProjectRows(db, 1),
    jsonbText: () => latestOfProjectJsonb(db, 1),
    latestOfProject: () => latestOfProject(db, t, 1),
    latestOfDeviceIds: () => latestOf(db, t, ids),
  };
  const times = Object.fromEntries(Object.keys(forms).map((k) => [k, []]));
  // The client's CPU time per call (the driver reading the answer, parsing, building the states): with
  // the server's time below, what a call costs whatever the machine's load.
  const cpu = Object.fromEntries(Object.keys(forms).map((k) => [k, []]));
  let check;
  for (let run = 0; run < RUNS + 1; run++)
    for (const [label, fn] of Object.entries(forms)) {
      const s = performance.now();
      const c = process.cpuUsage();
      const states = await fn();
      const took = ms(s);
      const used = process.cpuUsage(c);
      if (run > 0) {
        times[label].push(took); // the first run warms caches and plans
        cpu[label].push(Math.round((used.user + used.system) / 100) / 10);
      }
      if (states.length !== DEVICES) throw new Error(`${label}: ${states.length} states`);
      if (label === 'rowsPerDevice') check = states;
      // The same values (the row's time is its hour's first reading, the readings' the newest).
      else if (JSON.stringify(states[7].values) !== JSON.stringify(check[7].values))
        throw new Error(`${label} differs`);
    }
  out.results = Object.fromEntries(
    Object.entries(times).map(([k, v]) => [k, { ...stats(v), clientCpuMedianMs: stats(cpu[k]).medianMs }]),
  );
  // The server's part: the aggregate latestOfProject sends (iot/telemetry/latest.ts), and the rows before.
  const explain = async (query) => {
    const plan = await db.execute(sql`EXPLAIN (ANALYZE, FORMAT JSON) ${query}`);
    const json = plan.rows[0]['QUERY PLAN'];
    return (typeof json === 'string' ? JSON.parse(json) : json)[0]['Execution Time'];
  };
  const where = sql`project_id = 1 AND source = ${t.name}`;
  out.serverMs = {
    jsonText: await explain(statesJson(t, sql`l.project_id = 1`)),
    // Without the output of each column, which EXPLAIN does not run.
    rowsPerDevice: await explain(
      sql`SELECT device_id, at, ${sql.raw(READINGS.map((r, i) => `("values" ->> '${r.key}')::float8 AS r${i}`).join(', '))}
          FROM readings_latest WHERE ${where} ORDER BY device_id`,
    ),
  };
  out.loadAtEnd = os.loadavg().map((l) => +l.toFixed(1));
} finally {
  await database.close();
  await drop();
}
console.log(JSON.stringify(out));
const dir = path.join(root, 'bench/results');
fs.mkdirSync(dir, { recursive: true });
fs.writeFileSync(
  path.join(dir, `telemetry-latest-${kind}-${DEVICES}-${new Date().toISOString().slice(0, 10)}.json`),
  `${JSON.stringify(out, null, 2)}\n`,
);
