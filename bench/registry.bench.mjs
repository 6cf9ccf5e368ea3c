#!/usr/bin/env node
// Device registry benchmark (issue: "The device registry"): seeds 100,000 devices, then measures the
// paged device list with filters (and, apart, with search words) and the map's cluster query at 1 and
// 32 clients, and the CSV import of 100,000 production items followed by production library searches
// (keyword and filters; issue 11: statistics after bulk writes), on PostgreSQL (a throwaway cluster)
// and on PGlite. While the import runs, a probe calls the server every 50 ms: its slowest answer is how
// long the import held the database from everyone else.
// Usage: node bench/registry.bench.mjs [--devices 100000] [--seconds 10] [--only pg|pglite] [--phases all|production]
// Prints one JSON line and writes it to bench/results/registry-<date>.json.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { findPostgresBin, startPostgresCluster } from '../scripts/lib/postgres-cluster.mjs';
import { load } from './lib/load.mjs';
import { rssMb, signIn, startServer } from './lib/server.mjs';

const root = path.resolve(import.meta.dirname, '..');
const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const devices = Number(arg('devices', 100000));
const seconds = Number(arg('seconds', 10));
const only = arg('only', 'both');
/** `--phases production`: only the import and the production library searches (a smaller seed will do). */
const phases = arg('phases', 'all');

function seed(env) {
  const started = Date.now();
  const r = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'packages/server/src/demo/seed-demo.main.ts', '--devices', String(devices)],
    {
      cwd: root,
      env: { ...process.env, ADMIN_PASSWORD: 'Admin12345', ...env },
      stdio: 'inherit',
    },
  );
  if (r.status !== 0) throw new Error('seeding failed');
  return (Date.now() - started) / 1000;
}

function csv(rows) {
  const lines = ['name,no,key1,modelNo,projectNo,description'];
  for (let i = 0; i < rows; i++)
    lines.push(
      `单灯${i},BENCH${String(i).padStart(7, '0')},${((i * 2654435761) >>> 0).toString(16).padStart(16, '0')},lcunb,DEMO,批量导入`,
    );
  return `${lines.join('\n')}\n`;
}

async function importCsv(url, token, rows) {
  const form = new FormData();
  form.append('file', new Blob([csv(rows)], { type: 'text/csv' }), 'items.csv');
  // A call that reads the database (the session and the project's menus) every 50 ms meanwhile.
  // Since the import is staged in short chunks (issue 11), the probe should never wait a second.
  let probing = true;
  const probeMs = [];
  const probe = (async () => {
    while (probing) {
      const t = Date.now();
      await fetch(`${url}/api/menus.do?token=${token}`).then((r) => r.arrayBuffer());
      probeMs.push(Date.now() - t);
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  const started = Date.now();
  const res = await fetch(`${url}/api/biz/productionlib.do/upload?token=${token}`, { method: 'POST', body: form });
  const body = await res.json();
  const seconds = (Date.now() - started) / 1000;
  probing = false;
  await probe;
  const sorted = [...probeMs].sort((a, b) => a - b);
  return {
    status: res.status,
    imported: body.imported ?? 0,
    seconds,
    otherCalls: sorted.length,
    otherCallsP50Ms: sorted[Math.floor(sorted.length / 2)] ?? 0,
    otherCallsMaxMs: sorted[sorted.length - 1] ?? 0,
    otherCallsOver1s: sorted.filter((ms) => ms >= 1000).length,
  };
}

/** Production library pages right after the import: filters, then search words (the target: < 100 ms). */
async function productionSearch(url, token) {
  const q = (p) => `/api/biz/productionlib.do/pages?${p}&token=${token}`;
  const first = (await (await fetch(`${url}${q('page=1&pageSize=25')}`)).json()).list[0];
  const filters = [
    'page=1&pageSize=25',
    'page=40&pageSize=25&status=idle',
    `page=2&pageSize=25&modelId=${first.modelId}`,
    `page=1&pageSize=25&projectId=${first.projectId}&status=idle`,
  ].map(q);
  const search = [
    'page=1&pageSize=25&keyword=BENCH0012345',
    'page=1&pageSize=25&keyword=BENCH00123',
    `page=1&pageSize=25&keyword=${encodeURIComponent('单灯4242')}`,
    `page=1&pageSize=25&projectId=${first.projectId}&keyword=0042`,
  ].map(q);
  // The first answer of each, as a user would meet it right after the import, then a steady load.
  const firstMs = [];
  for (const p of [...filters, ...search]) {
    const t = Date.now();
    const r = await fetch(`${url}${p}`);
    if (!r.ok) throw new Error(`${p} → ${r.status} ${await r.text()}`);
    await r.arrayBuffer();
    firstMs.push(Date.now() - t);
  }
  return {
    firstAnswerMaxMs: Math.max(...firstMs),
    filters_c1: await load({ url, concurrency: 1, seconds: Math.min(seconds, 5), paths: filters }),
    search_c1: await load({ url, concurrency: 1, seconds: Math.min(seconds, 5), paths: search }),
  };
}

async function measure(label, env) {
  const seedSeconds = seed(env);
  const server = await startServer(env);
  try {
    const token = await signIn(server.url);
    const q = (p) => `${p}${p.includes('?') ? '&' : '?'}token=${token}`;
    // The filters of the list screen (the target), on the lookups of a real device; search separately:
    // substring search over name, no, equipment id and IP is trigram-index work of another order.
    const first = (await (await fetch(`${server.url}${q('/api/biz/devices.do/pages?page=1&pageSize=10')}`)).json())
      .list[0];
    const list = [
      '/api/biz/devices.do/pages?page=1&pageSize=25',
      '/api/biz/devices.do/pages?page=3&pageSize=25&type=lighting',
      '/api/biz/devices.do/pages?page=2&pageSize=25&activeState=1&type=camera',
      `/api/biz/devices.do/pages?page=1&pageSize=25&projectId=${first.projectId}`,
      `/api/biz/devices.do/pages?page=2&pageSize=25&areaId=${first.areaId}`,
      `/api/biz/devices.do/pages?page=1&pageSize=25&groupId=${first.groupId}&activeState=1`,
      `/api/biz/devices.do/pages?page=5&pageSize=25&modelId=${first.modelId}`,
    ].map(q);
    const search = [
      '/api/biz/devices.do/pages?page=1&pageSize=25&keyword=DEMO0012',
      `/api/biz/devices.do/pages?page=1&pageSize=25&keyword=${encodeURIComponent(first.name.slice(0, -2))}`,
    ].map(q);
    const clusters = [
      '/api/map/clusters.do?west=119.3&south=32.0&east=119.7&north=32.3&zoom=12',
      '/api/map/clusters.do?west=119.45&south=32.15&east=119.55&north=32.2&zoom=15',
      // A street-level box (zoom 18, 1366 px) in a dense group of the demo's first district: 2,281 devices.
      '/api/map/clusters.do?west=119.5235&south=32.1775&east=119.5305&north=32.181&zoom=18',
    ].map(q);
    for (const p of [...list, ...search, ...clusters]) {
      const r = await fetch(`${server.url}${p}`);
      if (!r.ok) throw new Error(`${p} → ${r.status} ${await r.text()}`);
    }
    const result = { seedSeconds };
    for (const c of phases === 'production' ? [] : [1, 32]) {
      result[`list_c${c}`] = await load({ url: server.url, concurrency: c, seconds, paths: list });
      result[`search_c${c}`] = await load({ url: server.url, concurrency: c, seconds, paths: search });
      result[`clusters_c${c}`] = await load({ url: server.url, concurrency: c, seconds, paths: clusters });
    }
    result.csvImport100k = await importCsv(server.url, token, 100000);
    result.productionAfterImport = await productionSearch(server.url, token);
    result.serverRssMb = await rssMb(server.pid);
    console.error(`${label}: ${JSON.stringify(result)}`);
    return result;
  } finally {
    await server.stop();
  }
}

const out = {
  bench: 'registry',
  date: new Date().toISOString(),
  devices,
  seconds,
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
const line = JSON.stringify(out);
console.log(line);
fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true });
out.machine.loadAtEnd = os.loadavg()[0];
const suffix = phases === 'production' ? '-production' : '';
fs.writeFileSync(
  path.join(root, `bench/results/registry${suffix}-${out.date.slice(0, 10)}.json`),
  `${JSON.stringify(out)}\n`,
);
