#!/usr/bin/env node
// Telemetry storage benchmark (issue 16): readings partitioned by time with hourly and daily rollups.
// Builds a readings table the way a family declares one (iot/telemetry readingsTables: an energy
// reading added up, a power reading averaged), lets the retention job partition it, fills DAYS days
// of DEVICES devices every 5 minutes plus a year of daily rollups, then measures:
// - a year's daily chart of one device and of the project's energy, a month's hourly chart (and the
//   same month from the raw readings, for comparison), the latest values of every device of the project;
// - dropping a day (one partition) while another client charts, and the slowest chart meanwhile;
// - ingest through the batch writer: the old plain table (primary key, device/time and time indexes)
//   against the partitioned table alone and with its rollups (ratios).
// Usage: node --import tsx bench/telemetry-partitions.bench.mjs [--db pg|pglite] [--devices 2000]
//          [--days 30] [--unit day|week] [--ingest 200000] [--url postgres://…]
// Prints one JSON line and writes it to bench/results/telemetry-partitions-<db>-<date>.json.
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { openPglite, openPostgres } from '../packages/server/src/db/client.ts';
import { createBatchWriter } from '../packages/server/src/iot/batch-writer.ts';
import { dropExpired, maintainPartitions, rangeParents } from '../packages/server/src/iot/telemetry/partitions.ts';
import { rollupTarget } from '../packages/server/src/iot/telemetry/rollups.ts';
import { readingSeries } from '../packages/server/src/iot/telemetry/series.ts';
import { readingsTables } from '../packages/server/src/iot/telemetry/tables.ts';

const root = path.resolve(import.meta.dirname, '..');
const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const kind = arg('db', 'pg');
const DEVICES = Number(arg('devices', kind === 'pg' ? 2000 : 200));
const DAYS = Number(arg('days', 30));
const UNIT = arg('unit', 'day');
const INGEST = Number(arg('ingest', kind === 'pg' ? 200_000 : 50_000));
const adminUrl = arg('url', process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:55432/postgres');
const DAY = 86_400_000;
const now = new Date(Math.floor(Date.now() / DAY) * DAY + 12 * 3600_000); // noon UTC today
const start = new Date(now.getTime() - DAYS * DAY);

const ms = (t) => Math.round((performance.now() - t) * 10) / 10;
const rowsOf = async (db, text) => (await db.execute(sqlRaw(text))).rows;
let sqlRaw;

/** Median and max of `runs` timings of `fn`. */
async function time(fn, runs = 5) {
  const times = [];
  let result;
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    result = await fn();
    times.push(ms(t));
  }
  times.sort((a, b) => a - b);
  return { medianMs: times[Math.floor(times.length / 2)], maxMs: times.at(-1), result };
}

const READINGS = [
  { key: 'energy', unit: 'kWh', sum: true },
  { key: 'power', unit: 'W' },
];
const tables = readingsTables('bench_readings', READINGS, 'benchRetentionDays');
const spec = {
  ...tables,
  partitioned: tables.partitioned.map((p) => (p.name === 'bench_readings' ? { ...p, unit: UNIT } : p)),
};

const rollupColumns = (c) => `"${c}_min" real, "${c}_max" real, "${c}_sum" double precision, "${c}_n" integer`;
const DDL = [
  // As drizzle-kit would create a family's new tables: plain. The retention job partitions them.
  `CREATE TABLE bench_readings (id bigserial NOT NULL, device_id integer NOT NULL, project_id integer NOT NULL,
     at timestamptz NOT NULL, energy real, power real)`,
  'CREATE INDEX bench_readings_device_at_idx ON bench_readings USING btree (device_id, at)',
  ...['hourly', 'daily'].flatMap((r) => [
    `CREATE TABLE bench_readings_${r} (device_id integer NOT NULL, project_id integer NOT NULL, bucket timestamptz NOT NULL,
       n integer NOT NULL, ${rollupColumns('energy')}, ${rollupColumns('power')})`,
    `CREATE UNIQUE INDEX bench_readings_${r}_device_bucket_idx ON bench_readings_${r} USING btree (device_id, bucket)`,
    `CREATE INDEX bench_readings_${r}_project_bucket_idx ON bench_readings_${r} USING btree (project_id, bucket)`,
  ]),
  // The table as it was before partitioning (env_readings until migration 0009).
  `CREATE TABLE bench_plain (id bigserial PRIMARY KEY, device_id integer NOT NULL, project_id integer NOT NULL,
     at timestamptz NOT NULL, energy real, power real)`,
  'CREATE INDEX bench_plain_device_at_idx ON bench_plain USING btree (device_id, at)',
  'CREATE INDEX bench_plain_at_idx ON bench_plain USING btree (at)',
];

async function open() {
  if (kind === 'pglite') {
    const database = await openPglite(null);
    return { database, drop: async () => {} };
  }
  const name = `sc_bench_tp_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openPostgres(url.toString(), 4);
  return {
    database,
    drop: async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

const { sql } = await import('drizzle-orm');
sqlRaw = (text) => sql.raw(text);
const { database, drop } = await open();
const db = database.db;
const out = { db: kind, devices: DEVICES, days: DAYS, unit: UNIT, readingsPerDevicePerDay: 288 };
try {
  for (const statement of DDL) await db.execute(sql.raw(statement));
  const settings = { benchRetentionDays: DAYS + 1, rollupHourlyRetentionDays: 400, rollupDailyRetentionDays: 3650 };
  // Partitions for the whole period exist before the fill (the job creates them ahead day by day).
  for (let m = 13; m >= 1; m -= 1)
    await db.transaction((tx) =>
      maintainPartitions(tx, spec.partitioned.slice(1), settings, new Date(now.getTime() - m * 30 * DAY)),
    );
  for (let d = DAYS + 1; d >= 0; d -= 1)
    await db.transaction((tx) => maintainPartitions(tx, spec.partitioned, settings, new Date(now.getTime() - d * DAY)));
  const partitions = await rowsOf(
    db,
    `SELECT count(*)::int AS n FROM pg_inherits WHERE inhparent = 'bench_readings'::regclass`,
  );
  out.partitions = partitions[0].n;

  // ── Fill: DAYS × DEVICES every 5 minutes (one project), then the rollups those rows make.
  let t = performance.now();
  for (let d = 0; d < DAYS; d++) {
    const from = new Date(start.getTime() + d * DAY).toISOString();
    await db.execute(
      sql.raw(`INSERT INTO bench_readings (device_id, project_id, at, energy, power)
        SELECT dev, 1, ts, (0.01 + (dev % 7) * 0.002)::real, (80 + (dev % 40) + 20 * sin(extract(epoch from ts) / 7200))::real
        FROM generate_series(1, ${DEVICES}) dev,
             generate_series('${from}'::timestamptz, '${from}'::timestamptz + interval '1 day' - interval '5 minutes', interval '5 minutes') ts`),
    );
  }
  const rawRows = DAYS * DEVICES * 288;
  out.fill = { rows: rawRows, ms: ms(t), rowsPerS: Math.round(rawRows / (ms(t) / 1000)) };
  t = performance.now();
  const agg = (c) => `min("${c}"), max("${c}"), sum("${c}"::float8), count("${c}")`;
  await db.execute(
    sql.raw(`INSERT INTO bench_readings_hourly SELECT device_id, max(project_id), date_bin('1 hour', at, timestamptz '2000-01-01'), count(*), ${agg('energy')}, ${agg('power')}
      FROM bench_readings GROUP BY 1, 3`),
  );
  out.rollupBackfill = { hourlyMs: ms(t) };
  // A year of daily rollups: the days before the readings synthesised, the readings' days from the hourly ones.
  t = performance.now();
  await db.execute(
    sql.raw(`INSERT INTO bench_readings_daily
      SELECT dev, 1, day, 288, 0.01, 0.02, 288 * 0.015, 288, 80, 140, 288 * 100, 288
      FROM generate_series(1, ${DEVICES}) dev,
           generate_series(date_trunc('day', '${start.toISOString()}'::timestamptz - interval '${365 - DAYS} days'), '${start.toISOString()}'::timestamptz - interval '1 day', interval '1 day') day`),
  );
  await db.execute(
    sql.raw(`INSERT INTO bench_readings_daily SELECT device_id, max(project_id), date_bin('1 day', bucket, timestamptz '2000-01-01'), sum(n),
      min(energy_min), max(energy_max), sum(energy_sum), sum(energy_n), min(power_min), max(power_max), sum(power_sum), sum(power_n)
      FROM bench_readings_hourly GROUP BY 1, 3`),
  );
  out.rollupBackfill.dailyMs = ms(t);
  t = performance.now();
  await db.execute(sql.raw('ANALYZE'));
  out.analyzeMs = ms(t);
  const size = await rowsOf(
    db,
    `SELECT pg_total_relation_size(c.oid)::float8 AS bytes, c.relname FROM pg_class c JOIN pg_inherits i ON i.inhrelid = c.oid
     WHERE i.inhparent = 'bench_readings'::regclass`,
  );
  const bytes = size.reduce((s, r) => s + Number(r.bytes), 0);
  out.storage = { bytesPerRow: Math.round(bytes / rawRows), totalMb: Math.round(bytes / 1e6) };
  const counts = await rowsOf(
    db,
    `SELECT (SELECT count(*) FROM bench_readings_hourly)::int AS hourly, (SELECT count(*) FROM bench_readings_daily)::int AS daily`,
  );
  out.rollupRows = counts[0];

  // ── Charts and latest values.
  const device = Math.ceil(DEVICES / 2);
  const yearAgo = new Date(now.getTime() - 365 * DAY);
  const monthAgo = new Date(now.getTime() - 30 * DAY);
  const q = {};
  const yearDevice = await time(() => readingSeries(db, spec, { deviceId: device }, yearAgo, now));
  q.yearDailyOneDevice = {
    ...yearDevice,
    points: yearDevice.result.points.length,
    resolution: yearDevice.result.resolution,
  };
  const yearProject = await time(() => readingSeries(db, spec, { projectId: 1 }, yearAgo, now));
  q.yearDailyProjectEnergy = {
    ...yearProject,
    points: yearProject.result.points.length,
    resolution: yearProject.result.resolution,
    devices: DEVICES,
  };
  const month = await time(() => readingSeries(db, spec, { deviceId: device }, monthAgo, now));
  q.monthHourlyOneDevice = { ...month, points: month.result.points.length, resolution: month.result.resolution };
  const monthRaw = await time(
    () => readingSeries(db, spec, { deviceId: device }, monthAgo, now, { resolution: 'raw', maxPoints: 720 }),
    3,
  );
  q.monthFromRawOneDevice = { ...monthRaw, points: monthRaw.result.points.length };
  const latest = await time(() =>
    db.execute(
      sql.raw(`SELECT r.* FROM generate_series(1, ${DEVICES}) AS d(id) CROSS JOIN LATERAL (
        SELECT device_id, at, energy, power FROM bench_readings WHERE device_id = d.id ORDER BY at DESC LIMIT 1) r`),
    ),
  );
  q.latestOfProject = { ...latest, devices: DEVICES, rows: latest.result.rows.length };
  // The same bounded to the last two days with constant bounds: the planner prunes the older and the
  // default partitions and scans the rest newest first, stopping at the first row.
  const since = new Date(now.getTime() - 2 * DAY).toISOString();
  const until = new Date(now.getTime() + 3 * DAY).toISOString();
  const recent = await time(() =>
    db.execute(
      sql`SELECT r.* FROM generate_series(1, ${DEVICES}::int) AS d(id) CROSS JOIN LATERAL (
        SELECT device_id, at, energy, power FROM bench_readings
        WHERE device_id = d.id AND at >= ${since}::timestamptz AND at < ${until}::timestamptz ORDER BY at DESC LIMIT 1) r`,
    ),
  );
  q.latestOfProjectLastTwoDays = { ...recent, devices: DEVICES, rows: recent.result.rows.length };
  for (const v of Object.values(q)) delete v.result;
  out.queries = q;

  // ── Dropping a day (the oldest partition) while another client charts a month.
  const parent = rangeParents(spec.partitioned[0], { benchRetentionDays: DAYS - 1 })[0];
  const oldest = await rowsOf(
    db,
    `SELECT count(*)::int AS n FROM bench_readings WHERE at < '${new Date(start.getTime() + DAY).toISOString()}'`,
  );
  let charting = true;
  let slowest = 0;
  let charts = 0;
  const prober =
    kind === 'pg'
      ? (async () => {
          while (charting) {
            const s = performance.now();
            await readingSeries(db, spec, { deviceId: device + 1 }, monthAgo, now);
            slowest = Math.max(slowest, ms(s));
            charts++;
          }
        })()
      : Promise.resolve();
  await new Promise((r) => setTimeout(r, 300));
  t = performance.now();
  const dropped = await db.transaction((tx) =>
    dropExpired(tx, parent, new Date(start.getTime() + (DAYS - 1) * DAY + DAY)),
  );
  const dropMs = ms(t);
  await new Promise((r) => setTimeout(r, 300));
  charting = false;
  await prober;
  out.dropDay = {
    ms: dropMs,
    partitions: dropped.dropped,
    rows: oldest[0].n,
    chartsMeanwhile: charts,
    slowestChartMs: slowest,
  };

  // ── Ingest through the batch writer (5,000 rows a statement): plain table, partitioned, partitioned + rollups.
  const columns = [
    { name: 'device_id', type: 'int4' },
    { name: 'project_id', type: 'int4' },
    { name: 'at', type: 'timestamptz' },
    { name: 'energy', type: 'float4' },
    { name: 'power', type: 'float4' },
  ];
  const targets = {
    plain: { name: 'bench_plain', columns },
    partitioned: { name: 'bench_readings', columns },
    partitionedWithRollups: { name: 'bench_readings', columns, rollups: rollupTarget(spec) },
  };
  const ingest = {};
  for (const round of [1, 2]) {
    for (const [label, table] of Object.entries(targets)) {
      const writer = createBatchWriter(db, { maxRows: 5000, maxBuffered: INGEST * 2 });
      // Readings of the latest day, 5 minutes apart per device, as devices would send them.
      const base = now.getTime() - 6 * 3600_000 + round * 1000 + (label.length % 7) * 100;
      const s = performance.now();
      for (let i = 0; i < INGEST; i++) {
        const at = new Date(base + Math.floor(i / DEVICES) * 300_000);
        writer.push(table, [(i % DEVICES) + 1, 1, at, 0.01, 100]);
      }
      await writer.stop();
      const rate = Math.round(INGEST / (ms(s) / 1000));
      if (writer.stats.failed) throw new Error(`${label}: ${writer.stats.failed} rows failed`);
      ingest[label] = Math.max(ingest[label] ?? 0, rate);
    }
  }
  out.ingest = {
    rows: INGEST,
    rowsPerS: ingest,
    ratioPartitioned: Math.round((ingest.partitioned / ingest.plain) * 100) / 100,
    ratioPartitionedWithRollups: Math.round((ingest.partitionedWithRollups / ingest.plain) * 100) / 100,
  };
} finally {
  await database.close();
  await drop();
}
const line = JSON.stringify(out);
console.log(line);
const dir = path.join(root, 'bench/results');
fs.mkdirSync(dir, { recursive: true });
fs.writeFileSync(
  path.join(
    dir,
    `telemetry-partitions-${kind}-${DEVICES}x${DAYS}-${UNIT}-${new Date().toISOString().slice(0, 10)}.json`,
  ),
  `${JSON.stringify(out, null, 2)}\n`,
);
