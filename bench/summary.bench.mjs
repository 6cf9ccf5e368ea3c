#!/usr/bin/env node
// Project summary benchmark (issue 28): GET /api/pjts/{projectId}/summary.do for the demo tree of DEVICES
// devices of every family (with a week of events and the monitors' and lamps' latest readings:
// bench/lib/summary-activity.ts) on a throwaway PostgreSQL cluster and on PGlite. For each:
// - the first answer after the start (nothing cached yet);
// - a computed answer: one call every 2.2 s (the service keeps an answer 2 s), SAMPLES of them: p50/p99;
// - the steady load of consoles reading it back to back (one at a time, SECONDS s): p50/p99;
// - the paged device list of the same project (GET …/devices.do/pages, 25 a page) the same way, and the
//   ratio of the summary's p50 and p99 to the list's.
// Usage: node --import tsx bench/summary.bench.mjs [--devices 100000] [--events 50000] [--seconds 10]
//   [--samples 30] [--only pg|pglite]
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
  const seedSeconds = seedDemo(env, DEVICES);
  activity(env);
  const server = await startServer(env);
  try {
    const token = await signIn(server.url);
    const q = (p) => `${p}${p.includes('?') ? '&' : '?'}token=${token}&lang=en_US`;
    // The root project: its subtree holds every device of the demo.
    const projectId = 1;
    const summaryPath = q(`/api/pjts/${projectId}/summary.do`);
    const listPath = q(`/api/pjts/${projectId}/devices.do/pages?page=1&pageSize=25`);
    const timed = async (p) => {
      const t = performance.now();
      const res = await fetch(`${server.url}${p}`);
      const body = await res.json();
      if (!res.ok) throw new Error(`${p} → ${res.status} ${JSON.stringify(body)}`);
      return { ms: performance.now() - t, body };
    };
    const first = await timed(summaryPath);
    const s = first.body;
    const computed = [];
    for (let i = 0; i < SAMPLES; i++) {
      await new Promise((r) => setTimeout(r, 2200));
      computed.push((await timed(summaryPath)).ms);
    }
    const summary = await load({ url: server.url, concurrency: 1, seconds: SECONDS, paths: [summaryPath] });
    const list = await load({ url: server.url, concurrency: 1, seconds: SECONDS, paths: [listPath] });
    const computedFig = { samples: SAMPLES, p50: pct(computed, 50), p99: pct(computed, 99), max: pct(computed, 100) };
    const result = {
      seedSeconds,
      answered: {
        devices: s.devices.total,
        types: s.devices.byType.length,
        eventsWeek: s.events.byDay.reduce((n, d) => n + d.occur + d.restore + d.other, 0),
        monitorsReporting: s.env.reporting,
        lamps: s.lighting.total,
      },
      firstMs: round(first.ms),
      computed: computedFig,
      summary_c1: summary,
      deviceList_c1: list,
      ratio: {
        computedP50: round(computedFig.p50 / list.p50),
        computedP99: round(computedFig.p99 / list.p99),
        steadyP50: round(summary.p50 / list.p50),
        steadyP99: round(summary.p99 / list.p99),
      },
      serverRssMb: await rssMb(server.pid),
    };
    console.error(`${label}: ${JSON.stringify(result)}`);
    return result;
  } finally {
    await server.stop();
  }
}

const out = {
  bench: 'summary',
  date: new Date().toISOString(),
  devices: DEVICES,
  events: EVENTS,
  seconds: SECONDS,
  machine: { cpus: os.cpus().length, memGb: Math.round(os.totalmem() / 2 ** 30), loadAtStart: os.loadavg()[0] },
};
if (only !== 'pglite') {
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
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sc-bench-pglite-'));
  try {
    out.pglite = await measure('pglite', { DATA_DIR: dir });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
out.machine.loadAtEnd = os.loadavg()[0];
const line = JSON.stringify(out);
console.log(line);
fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true });
fs.writeFileSync(
  path.join(root, `bench/results/summary-${out.date.slice(0, 10)}${only === 'both' ? '' : `-${only}`}.json`),
  `${line}\n`,
);
