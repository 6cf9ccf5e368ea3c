#!/usr/bin/env node
// Project summary benchmark (issue 28): GET /api/pjts/{projectId}/summary.do for the demo tree of DEVICES
// devices of every family (with a week of events and the monitors' and lamps' latest readings:
// bench/lib/summary-activity.ts) on a throwaway PostgreSQL cluster and on PGlite. For each:
// - a server computing every answer (SUMMARY_CACHE=off): the first answer after the start, SAMPLES
//   computed answers one after another (300 ms apart): p50/p99, and the paged device list of the same
//   project (GET …/devices.do/pages, 25 a page) back to back for SECONDS s beside it;
// - the server as it runs (answers kept 2 s, then answered while the next is computed): consoles reading
//   the summary back to back (one at a time, SECONDS s) and the device list the same way: p50/p99;
// - the ratios of the summary's p50 and p99 to the list's in each.
// Usage: node --import tsx bench/summary.bench.mjs [--devices 100000] [--events 50000] [--seconds 10]
//   [--samples 30] [--only pg|pglite] [--pg-url postgres://…/db] [--seeded] [--tag name]
// --pg-url: an existing PostgreSQL database instead of a throwaway cluster; --seeded: it (or the PGlite
// directory --data-dir) holds the demo and its activity already (no seeding).
// Prints one JSON line and writes it to bench/results/summary-<date>.json.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { findPostgresBin, startPostgresCluster } from '../scripts/lib/postgres-cluster.mjs';
import { load } from './lib/load.mjs';
import { rssMb, seedDemo, signIn, startServer } from './lib/server.mjs';

const root = path.resolve(import.meta.dirname, '..');
const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const DEVICES = Number(arg('devices', 100_000));
const EVENTS = Number(arg('events', 50_000));
const SECONDS = Number(arg('seconds', 10));
const SAMPLES = Number(arg('samples', 30));
const only = arg('only', 'both');
const PG_URL = arg('pg-url', null);
const DATA_DIR = arg('data-dir', null);
const SEEDED = process.argv.includes('--seeded');
const TAG = arg('tag', null);
const round = (v) => Math.round(v * 100) / 100;
const pct = (list, p) => {
  const s = [...list].sort((a, b) => a - b);
  return s.length ? round(s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]) : null;
};

function activity(env) {
  const r = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'bench/lib/summary-activity.ts', '--events', String(EVENTS)],
    {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: 'inherit',
    },
  );
  if (r.status !== 0) throw new Error('seeding the activity failed');
}

async function measure(label, env) {
  const seedSeconds = SEEDED ? null : seedDemo(env, DEVICES);
  if (!SEEDED) activity(env);
  // The root project: its subtree holds every device of the demo.
  const projectId = 1;
  const phase = async (serverEnv, run) => {
    const server = await startServer({ ...env, ...serverEnv });
    try {
      const token = await signIn(server.url);
      const q = (p) => `${p}${p.includes('?') ? '&' : '?'}token=${token}&lang=en_US`;
      const paths = {
        summary: q(`/api/pjts/${projectId}/summary.do`),
        list: q(`/api/pjts/${projectId}/devices.do/pages?page=1&pageSize=25`),
      };
      const timed = async (p) => {
        const t = performance.now();
        const res = await fetch(`${server.url}${p}`);
        const body = await res.json();
        if (!res.ok) throw new Error(`${p} → ${res.status} ${JSON.stringify(body)}`);
        return { ms: performance.now() - t, body };
      };
      return { ...(await run({ server, paths, timed })), serverRssMb: await rssMb(server.pid) };
    } finally {
      await server.stop();
    }
  };

  const computedPhase = await phase({ SUMMARY_CACHE: 'off' }, async ({ server, paths, timed }) => {
    const first = await timed(paths.summary);
    const computed = [];
    for (let i = 0; i < SAMPLES; i++) {
      await new Promise((r) => setTimeout(r, 300));
      computed.push((await timed(paths.summary)).ms);
    }
    const list = await load({ url: server.url, concurrency: 1, seconds: SECONDS, paths: [paths.list] });
    return { first, computed, list };
  });
  const steadyPhase = await phase({}, async ({ server, paths, timed }) => {
    await timed(paths.summary);
    const summary = await load({ url: server.url, concurrency: 1, seconds: SECONDS, paths: [paths.summary] });
    const list = await load({ url: server.url, concurrency: 1, seconds: SECONDS, paths: [paths.list] });
    return { summary, list };
  });
  const s = computedPhase.first.body;
  const { computed } = computedPhase;
  const computedFig = { samples: SAMPLES, p50: pct(computed, 50), p99: pct(computed, 99), max: pct(computed, 100) };
  const result = {
    seedSeconds,
    answered: {
      devices: s.devices.total,
      types: s.devices.byType.length,
      eventsWeek: s.events.byDay.reduce((n, d) => n + d.occur + d.restore + d.other, 0),
      monitors: s.env.monitors,
      monitorsReporting: s.env.reporting,
      lamps: s.lighting.total,
    },
    firstMs: round(computedPhase.first.ms),
    computed: computedFig,
    deviceListBesideComputed_c1: computedPhase.list,
    summary_c1: steadyPhase.summary,
    deviceList_c1: steadyPhase.list,
    ratio: {
      computedP50: round(computedFig.p50 / computedPhase.list.p50),
      computedP99: round(computedFig.p99 / computedPhase.list.p99),
      steadyP50: round(steadyPhase.summary.p50 / steadyPhase.list.p50),
      steadyP99: round(steadyPhase.summary.p99 / steadyPhase.list.p99),
    },
    serverRssMb: Math.max(computedPhase.serverRssMb, steadyPhase.serverRssMb),
    loadAfter: os.loadavg()[0],
  };
  console.error(`${label}: ${JSON.stringify(result)}`);
  return result;
}

const out = {
  bench: 'summary',
  date: new Date().toISOString(),
  devices: DEVICES,
  events: EVENTS,
  seconds: SECONDS,
  machine: { cpus: os.cpus().length, memGb: Math.round(os.totalmem() / 2 ** 30), loadAtStart: os.loadavg()[0] },
};
if (only !== 'pglite' && PG_URL) {
  out.postgres = await measure('postgres', { DATABASE_URL: PG_URL });
} else if (only !== 'pglite') {
  const bin = findPostgresBin();
  if (!bin) throw new Error('PostgreSQL binaries not found (apt-get install -y postgresql)');
  const cluster = await startPostgresCluster(bin);
  try {
    out.postgres = await measure('postgres', { DATABASE_URL: cluster.url });
  } finally {
    cluster.stop();
  }
}
if (only !== 'pg') {
  const dir = DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'sc-bench-pglite-'));
  try {
    out.pglite = await measure('pglite', { DATA_DIR: dir });
  } finally {
    if (!DATA_DIR) fs.rmSync(dir, { recursive: true, force: true });
  }
}
out.machine.loadAtEnd = os.loadavg()[0];
const line = JSON.stringify(out);
console.log(line);
fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true });
fs.writeFileSync(
  path.join(
    root,
    `bench/results/summary-${out.date.slice(0, 10)}${only === 'both' ? '' : `-${only}`}${TAG ? `-${TAG}` : ''}.json`,
  ),
  `${line}\n`,
);
