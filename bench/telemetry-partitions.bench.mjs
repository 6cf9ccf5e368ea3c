#!/usr/bin/env node
// Telemetry storage benchmark (issue 16): readings partitioned by time with hourly and daily rollups,
// the latest-values table and the per-project daily totals.
// Builds a readings table the way a family declares one (iot/telemetry readingsTables: an energy
// reading added up, a power reading averaged) in a migrated database (so with the shared
// readings_latest and readings_project_daily), lets the retention job partition it, fills DAYS days
// of DEVICES devices every 5 minutes, hourly rollups for ROLLUP_DAYS days (from the readings, the days
// before synthesised) and a year of daily rollups and project totals, then measures:
// - a year's daily chart of one device and of the project's energy (per-project totals; the old sum of
//   every device's daily rows for comparison), the project's energy by month and year, a month's
//   hourly chart (and the same month from the raw readings), the latest values of every device of
//   the project (latest-values table; the old lookup in the readings for comparison);
// - dropping a day (one partition) while another client charts, and the slowest chart meanwhile;
// - ingest through the batch writer: the old plain table (primary key, device/time and time indexes)
//   against the partitioned table alone and with everything the writer keeps beside it (latest values,
//   the mark of the hours for the rollup job) (ratios);
// - the rollup job: folding one closed hour of every device (hourly rollups from the readings, the
//   day from the hourly rows, the project's day), time and CPU per reading folded.
// Usage: node --import tsx bench/telemetry-partitions.bench.mjs [--db pg|pglite] [--devices 2000]
//          [--days 30] [--rollup-days 35] [--unit day|week] [--ingest 200000] [--ingest-only] [--fillfactor 100]
//          [--batch 5000] [--rounds 3] [--url postgres://…]
// The issue's sizes: --devices 10000 --days 3 on PostgreSQL, --devices 1000 --days 3 on PGlite.
// Prints one JSON line and writes it to bench/results/telemetry-partitions-<db>-<devices>x<days>-<unit>-<date>.json.
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { openPglite, openPostgres } from '../packages/server/src/db/client.ts';
import { createBatchWriter } from '../packages/server/src/iot/batch-writer.ts';
import { latestOf, latestOfProject } from '../packages/server/src/iot/telemetry/latest.ts';
import { dropExpired, maintainPartitions, rangeParents } from '../packages/server/src/iot/telemetry/partitions.ts';
import { PROJECT_DAILY_PARTITIONS, projectTotals } from '../packages/server/src/iot/telemetry/project-rollups.ts';
import { foldRollups, rollupTarget } from '../packages/server/src/iot/telemetry/rollups.ts';
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
const ROLLUP_DAYS = Math.max(DAYS, Number(arg('rollup-days', 35)));
const UNIT = arg('unit', 'day');
const INGEST = Number(arg('ingest', kind === 'pg' ? 200_000 : 50_000));
/** Only the ingest comparison (no fill, charts or drop): for trying the writer's statement. */
const INGEST_ONLY = process.argv.includes('--ingest-only');
/**
 * Storage parameter set on the tables the writer updates (rollup partitions, latest values) instead of
 * the declared ones (iot/telemetry/tables.ts ROLLUP_FILLFACTOR: hourly 70, daily 50; readings_latest 50):
 * `--fillfactor 100` measures the writer as it was before.
 */
const FILLFACTOR = arg('fillfactor', null);
/** Rows per statement in the ingest comparison; 0: the writer drains a backlog (see below). */
const BATCH = Number(arg('batch', 0));
const ROUNDS = Number(arg('rounds', 3));
const adminUrl = arg('url', process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:55432/postgres');
const DAY = 86_400_000;
const now = new Date(Math.floor(Date.now() / DAY) * DAY + 12 * 3600_000); // noon UTC today
const start = new Date(now.getTime() - DAYS * DAY);
/** The rollup job's watermark in the filled database: the last hour of readings is not folded yet. */
const folded = new Date(now.getTime() - 3600_000);

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
const os = await import('node:os');
const out = {
  db: kind,
  devices: DEVICES,
  days: DAYS,
  rollupDays: ROLLUP_DAYS,
  unit: UNIT,
  readingsPerDevicePerDay: 288,
  loadAtStart: os.loadavg().map((l) => Math.round(l * 10) / 10),
};
try {
  await database.migrate();
  for (const statement of DDL) await db.execute(sql.raw(statement));
  const settings = { benchRetentionDays: DAYS + 1, rollupHourlyRetentionDays: 400, rollupDailyRetentionDays: 3650 };
  // Partitions for the whole period exist before the fill (the job creates them ahead day by day).
  for (let m = 13; m >= 1; m -= 1)
    await db.transaction((tx) =>
      maintainPartitions(
        tx,
        [...spec.partitioned.slice(1), PROJECT_DAILY_PARTITIONS],
        settings,
        new Date(now.getTime() - m * 30 * DAY),
      ),
    );
  for (let d = DAYS + 1; d >= 0; d -= 1)
    await db.transaction((tx) => maintainPartitions(tx, spec.partitioned, settings, new Date(now.getTime() - d * DAY)));
  const partitions = await rowsOf(
    db,
    `SELECT count(*)::int AS n FROM pg_inherits WHERE inhparent = 'bench_readings'::regclass`,
  );
  out.partitions = partitions[0].n;
  if (FILLFACTOR) {
    out.fillfactor = Number(FILLFACTOR);
    const updated = await rowsOf(
      db,
      `SELECT c.relname FROM pg_class c JOIN pg_inherits i ON i.inhrelid = c.oid
       WHERE i.inhparent IN ('bench_readings_hourly'::regclass, 'bench_readings_daily'::regclass) AND c.relkind = 'r'`,
    );
    for (const { relname } of [...updated, { relname: 'readings_latest' }])
      await db.execute(sql.raw(`ALTER TABLE "${relname}" SET (fillfactor = ${Number(FILLFACTOR)})`));
  }

  if (!INGEST_ONLY) {
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
      FROM bench_readings WHERE at < '${folded.toISOString()}' GROUP BY 1, 3`),
    );
    // As the rollup job leaves them: every hour folded but the last one, which readers take from the readings.
    await db.execute(
      sql.raw(`INSERT INTO rollup_watermarks (source, rolled_to) VALUES ('bench_readings', '${folded.toISOString()}')`),
    );
    // Hourly rollups of the days before the readings (ROLLUP_DAYS in all), synthesised: a month's chart
    // reads a month of hourly rows even when fewer days of raw readings were filled.
    if (ROLLUP_DAYS > DAYS)
      await db.execute(
        sql.raw(`INSERT INTO bench_readings_hourly
        SELECT dev, 1, hour, 12, 0.01, 0.02, 12 * 0.015, 12, 80, 140, 12 * 100, 12
        FROM generate_series(1, ${DEVICES}) dev,
             generate_series('${start.toISOString()}'::timestamptz - interval '${ROLLUP_DAYS - DAYS} days', '${start.toISOString()}'::timestamptz - interval '1 hour', interval '1 hour') hour`),
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
      FROM bench_readings_hourly WHERE bucket >= '${start.toISOString()}' GROUP BY 1, 3`),
    );
    out.rollupBackfill.dailyMs = ms(t);
    // The per-project daily totals of the energy reading (what the writer adds to with each batch) and
    // the latest values of every device (what the writer upserts), from the rows above.
    t = performance.now();
    await db.execute(
      sql.raw(`INSERT INTO readings_project_daily (project_id, source, reading, bucket, sum, n)
      SELECT project_id, 'bench_readings', 'energy', bucket, sum(energy_sum), sum(energy_n) FROM bench_readings_daily GROUP BY 1, 4`),
    );
    out.rollupBackfill.projectDailyMs = ms(t);
    t = performance.now();
    await db.execute(
      sql.raw(`INSERT INTO readings_latest (device_id, source, project_id, at, "values")
      SELECT r.device_id, 'bench_readings', r.project_id, r.at, json_strip_nulls(json_build_object('energy', r.energy, 'power', r.power))
      FROM generate_series(1, ${DEVICES}) d(id) CROSS JOIN LATERAL (
        SELECT device_id, project_id, at, energy, power FROM bench_readings WHERE device_id = d.id ORDER BY at DESC LIMIT 1) r`),
    );
    out.rollupBackfill.latestMs = ms(t);
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
      `SELECT (SELECT count(*) FROM bench_readings_hourly)::int AS hourly, (SELECT count(*) FROM bench_readings_daily)::int AS daily,
       (SELECT count(*) FROM readings_project_daily)::int AS "projectDaily", (SELECT count(*) FROM readings_latest)::int AS latest`,
    );
    out.rollupRows = counts[0];

    // ── Charts and latest values: rollups before the watermark, the last hour's readings after it
    // (iot/telemetry/rollups.ts), as the readers merge them.
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
    const yearProject = await time(() => projectTotals(db, spec, 1, yearAgo, now, 'day'));
    q.yearDailyProjectEnergy = { ...yearProject, points: yearProject.result.length, devices: DEVICES };
    const yearMonths = await time(() => projectTotals(db, spec, 1, yearAgo, now, 'month'));
    q.yearMonthlyProjectEnergy = { ...yearMonths, points: yearMonths.result.length };
    const years = await time(() => projectTotals(db, spec, 1, new Date(now.getTime() - 5 * 365 * DAY), now, 'year'));
    q.yearlyProjectEnergy = { ...years, points: years.result.length };
    // What the project's energy cost before: every device's daily rows added up.
    const yearProjectOld = await time(() => readingSeries(db, spec, { projectId: 1 }, yearAgo, now), 3);
    q.yearDailyProjectEnergyFromDeviceRollups = {
      ...yearProjectOld,
      points: yearProjectOld.result.points.length,
      resolution: yearProjectOld.result.resolution,
      devices: DEVICES,
    };
    const sameTotals = yearProject.result.every(
      (p, i) => Math.abs(p.energy - (yearProjectOld.result.points[i]?.energy ?? 0)) < 1e-6 * Math.max(1, p.energy),
    );
    q.yearDailyProjectEnergy.equalsDeviceRollups =
      sameTotals && yearProject.result.length === yearProjectOld.result.points.length;
    const month = await time(() => readingSeries(db, spec, { deviceId: device }, monthAgo, now));
    q.monthHourlyOneDevice = { ...month, points: month.result.points.length, resolution: month.result.resolution };
    const monthRaw = await time(
      () => readingSeries(db, spec, { deviceId: device }, monthAgo, now, { resolution: 'raw', maxPoints: 720 }),
      3,
    );
    q.monthFromRawOneDevice = { ...monthRaw, points: monthRaw.result.points.length };
    const ids = Array.from({ length: DEVICES }, (_, i) => i + 1);
    const latestProject = await time(() => latestOfProject(db, spec, 1));
    q.latestOfProject = { ...latestProject, devices: DEVICES, rows: latestProject.result.length };
    const latestIds = await time(() => latestOf(db, spec, ids));
    q.latestOfDeviceIds = { ...latestIds, devices: DEVICES, rows: latestIds.result.length };
    const latest = await time(
      () =>
        db.execute(
          sql.raw(`SELECT r.* FROM generate_series(1, ${DEVICES}) AS d(id) CROSS JOIN LATERAL (
        SELECT device_id, at, energy, power FROM bench_readings WHERE device_id = d.id ORDER BY at DESC LIMIT 1) r`),
        ),
      1,
    );
    q.latestOfProjectFromReadingsUnbounded = { ...latest, devices: DEVICES, rows: latest.result.rows.length };
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
    q.latestOfProjectFromReadingsLastTwoDays = { ...recent, devices: DEVICES, rows: recent.result.rows.length };
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
  }
  // ── Ingest through the batch writer: the table as it was before partitioning (plain, primary key,
  // device/time and time indexes, the same writer) against the partitioned table alone and with
  // everything the writer keeps beside it (hourly and daily rollups, latest values, project totals).
  // ROUNDS rounds, the three targets in a rotated order each round (the machine's load shifts between
  // runs a minute apart: each round's ratio compares targets written seconds apart). Per target: the
  // best rate, and the CPU time spent by the client and the database's backends (read from /proc when
  // PostgreSQL runs on this machine), less sensitive to the load than the wall clock.
  // BATCH 0 (the default) pushes the INGEST rows at once: the writer drains a backlog, each statement
  // taking what was buffered meanwhile (its behaviour when the database is the bottleneck). BATCH N
  // writes statements of exactly N rows (at 10,000 devices and N ≤ 10,000, each row a different device).
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
    // The writer's statement: readings, latest values and the mark of the hours stored (the rollups are
    // the job's: measured below).
    partitionedWithRollups: { name: 'bench_readings', columns, rollups: rollupTarget(spec) },
  };
  const labels = Object.keys(targets);
  const backendPids = async () =>
    (await rowsOf(db, 'SELECT pid FROM pg_stat_activity WHERE datname = current_database()')).map((r) => r.pid);
  const ticks = (pid) => {
    try {
      const f = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      return Number(f[11]) + Number(f[12]);
    } catch {
      return null;
    }
  };
  /** CPU milliseconds of the database's backends (null when they are not processes of this machine). */
  const serverCpu = async () => {
    if (kind !== 'pg') return null;
    const all = (await backendPids()).map(ticks);
    return all.some((t) => t === null) ? null : all.reduce((a, b) => a + b, 0) * 10; // USER_HZ 100
  };
  const ingest = {};
  const cpu = Object.fromEntries(labels.map((l) => [l, { clientMs: 0, serverMs: 0 }]));
  const roundRatios = [];
  for (let round = 0; round < ROUNDS; round++) {
    const rates = {};
    for (const label of labels.map((_, i) => labels[(i + round) % labels.length])) {
      const table = targets[label];
      const writer = createBatchWriter(db, { maxRows: BATCH || 5000, maxBuffered: INGEST * 2 });
      // Readings of the last hours, 5 minutes apart per device, as devices would send them: each round
      // after the one before, so every reading is its device's newest (the steady state: each updates
      // its device's latest values; a late reading would only be compared).
      const steps = Math.ceil(INGEST / DEVICES);
      const base = now.getTime() - (ROUNDS - round) * steps * 300_000 - 300_000 + labels.indexOf(label) * 100;
      const server0 = await serverCpu();
      const client0 = process.cpuUsage();
      const s = performance.now();
      for (let i = 0; i < INGEST; i++) {
        const at = new Date(base + Math.floor(i / DEVICES) * 300_000);
        writer.push(table, [(i % DEVICES) + 1, 1, at, 0.01, 100]);
        if (BATCH && (i + 1) % BATCH === 0) await writer.flush();
      }
      await writer.stop();
      const took = ms(s);
      const client = process.cpuUsage(client0);
      const server1 = await serverCpu();
      cpu[label].clientMs += (client.user + client.system) / 1000;
      cpu[label].serverMs = server0 === null || server1 === null ? null : cpu[label].serverMs + server1 - server0;
      rates[label] = Math.round(INGEST / (took / 1000));
      if (writer.stats.failed) throw new Error(`${label}: ${writer.stats.failed} rows failed`);
      ingest[label] = Math.max(ingest[label] ?? 0, rates[label]);
    }
    roundRatios.push(Math.round((rates.partitionedWithRollups / rates.plain) * 100) / 100);
  }
  const cpuMs = (l) => cpu[l].clientMs + (cpu[l].serverMs ?? 0);
  const sorted = [...roundRatios].sort((a, b) => a - b);
  out.ingest = {
    rows: INGEST,
    batch: BATCH || 'backlog',
    rounds: ROUNDS,
    rowsPerS: ingest,
    ratioPartitioned: Math.round((ingest.partitioned / ingest.plain) * 100) / 100,
    ratioPartitionedWithRollups: Math.round((ingest.partitionedWithRollups / ingest.plain) * 100) / 100,
    ratioWithRollupsPerRound: roundRatios,
    ratioWithRollupsMedianOfRounds: sorted[Math.floor(sorted.length / 2)],
    cpuMs: Object.fromEntries(
      labels.map((l) => [
        l,
        {
          client: Math.round(cpu[l].clientMs),
          server: cpu[l].serverMs === null ? null : Math.round(cpu[l].serverMs),
        },
      ]),
    ),
    // Rows per CPU second (client and server), as a ratio to the plain table.
    cpuRatioPartitioned: Math.round((cpuMs('plain') / cpuMs('partitioned')) * 100) / 100,
    cpuRatioPartitionedWithRollups: Math.round((cpuMs('plain') / cpuMs('partitionedWithRollups')) * 100) / 100,
  };
  const hot = await rowsOf(
    db,
    `SELECT coalesce(sum(n_tup_upd), 0)::int AS updates, coalesce(sum(n_tup_hot_upd), 0)::int AS hot FROM pg_stat_user_tables
     WHERE relname LIKE 'bench_readings_hourly%' OR relname LIKE 'bench_readings_daily%' OR relname = 'readings_latest'`,
  );
  out.ingest.updates = hot[0];
  const ff = await rowsOf(
    db,
    `SELECT c.relname, array_to_string(c.reloptions, ',') AS options FROM pg_class c
     WHERE (c.relname LIKE 'bench_readings_hourly_p%' OR c.relname LIKE 'bench_readings_daily_p%' OR c.relname = 'readings_latest')
       AND c.relkind = 'r' ORDER BY 1 DESC LIMIT 3`,
  );
  out.ingest.storage = Object.fromEntries(ff.map((r) => [r.relname, r.options]));

  // ── The rollup job's cost: folding one closed hour of every device (12 readings each) into the
  // hourly rollups, then the day holding it (from the day's hourly rows: 12 hours of them, midday) and
  // the project's day. Yesterday's hours 00:00-11:00 are folded first (untimed); then hour 11:00 is
  // marked and folded, timed, with the CPU of the client and of the database's backends.
  const day = new Date(Math.floor(now.getTime() / DAY) * DAY - DAY);
  const noon = new Date(day.getTime() + 12 * 3600_000);
  if (INGEST_ONLY)
    await db.execute(
      sql.raw(`INSERT INTO bench_readings (device_id, project_id, at, energy, power)
      SELECT dev, 1, ts, 0.01, 100 FROM generate_series(1, ${DEVICES}) dev,
        generate_series('${day.toISOString()}'::timestamptz, '${noon.toISOString()}'::timestamptz - interval '5 minutes', interval '5 minutes') ts`),
    );
  const mark = (from, to) =>
    db.execute(
      sql.raw(`INSERT INTO rollup_dirty (source, bucket) SELECT 'bench_readings', h
        FROM generate_series('${from.toISOString()}'::timestamptz, '${to.toISOString()}'::timestamptz - interval '1 hour', interval '1 hour') h
        ON CONFLICT DO NOTHING`),
    );
  await mark(day, new Date(noon.getTime() - 3600_000));
  await db.transaction((tx) => foldRollups(tx, rollupTarget(spec), new Date(noon.getTime() - 3600_000), 0));
  await db.execute(sql.raw('ANALYZE bench_readings_hourly, bench_readings_daily, readings_project_daily'));
  const hourReadings = (
    await rowsOf(
      db,
      `SELECT count(*)::int AS n FROM bench_readings WHERE at >= '${new Date(noon.getTime() - 3600_000).toISOString()}' AND at < '${noon.toISOString()}'`,
    )
  )[0].n;
  const folds = [];
  for (let r = 0; r < ROUNDS; r++) {
    await mark(new Date(noon.getTime() - 3600_000), noon);
    const server0 = await serverCpu();
    const client0 = process.cpuUsage();
    const s = performance.now();
    const report = await db.transaction((tx) => foldRollups(tx, rollupTarget(spec), noon, 0));
    const took = ms(s);
    const client = process.cpuUsage(client0);
    const server1 = await serverCpu();
    if (report.hours !== 1 || report.days !== 1) throw new Error(`fold: ${JSON.stringify(report)}`);
    const cpuTotal =
      (client.user + client.system) / 1000 + (server0 === null || server1 === null ? 0 : server1 - server0);
    folds.push({ ms: took, cpuMs: Math.round(cpuTotal), serverCpu: server0 !== null && server1 !== null });
  }
  folds.sort((a, b) => a.cpuMs - b.cpuMs);
  const fold = folds[Math.floor(folds.length / 2)];
  const ingestCpuPerRow = cpuMs('partitionedWithRollups') / (INGEST * ROUNDS);
  const foldCpuPerReading = fold.cpuMs / hourReadings;
  out.rollupJob = {
    readingsFolded: hourReadings,
    devices: DEVICES,
    rounds: ROUNDS,
    medianMs: fold.ms,
    cpuMs: fold.cpuMs,
    serverCpuMeasured: fold.serverCpu,
    cpuUsPerReading: Math.round(foldCpuPerReading * 1000 * 100) / 100,
    // The writer's CPU per row (raw + latest + mark) for comparison, and the whole cost of a reading
    // (writer + the job's share) as a ratio to the plain table's writer.
    writerCpuUsPerRow: Math.round(ingestCpuPerRow * 1000 * 100) / 100,
    plainCpuUsPerRow: Math.round((cpuMs('plain') / (INGEST * ROUNDS)) * 1000 * 100) / 100,
    cpuRatioWriterAndJob:
      Math.round((cpuMs('plain') / (INGEST * ROUNDS) / (ingestCpuPerRow + foldCpuPerReading)) * 100) / 100,
  };
  out.loadAtEnd = os.loadavg().map((l) => Math.round(l * 10) / 10);
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
    `telemetry-partitions-${kind}-${DEVICES}x${DAYS}-${UNIT}${INGEST_ONLY ? '-ingest' : ''}${FILLFACTOR ? `-ff${FILLFACTOR}` : ''}${BATCH ? `-b${BATCH}` : ''}-${new Date().toISOString().slice(0, 10)}.json`,
  ),
  `${JSON.stringify(out, null, 2)}\n`,
);
