#!/usr/bin/env node
// Lighthouse's mobile preset (simulated slow 4G and a 4x slower CPU) on the login page (/index, where
// `/` leads) of the built console, served by the built server on a fresh embedded database. Lighthouse
// is not a dependency of the product: it runs through `npx lighthouse@12.8.2` (the registry must be
// reachable) with the system's Chromium (CHROME_PATH, else /usr/bin/chromium).
// Usage: node bench/lighthouse.bench.mjs [--runs 3] [--path /index]
// Prints one JSON line (each run's scores and metrics, the median performance score) and writes it to
// bench/results/lighthouse-<date>.json.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { arg } from './lib/figures.mjs';
import { startServer } from './lib/server.mjs';

const root = path.resolve(import.meta.dirname, '..');
const RUNS = Number(arg('runs', 3));
const PAGE = arg('path', '/index');
const METRICS = [
  'first-contentful-paint',
  'largest-contentful-paint',
  'total-blocking-time',
  'cumulative-layout-shift',
  'speed-index',
  'interactive',
];

const temp = fs.mkdtempSync(path.join(os.tmpdir(), 'sc-lighthouse-'));
const server = await startServer({ DATA_DIR: path.join(temp, 'data') });
const runs = [];
try {
  for (let i = 0; i < RUNS; i++) {
    const output = path.join(temp, `run-${i}.json`);
    const r = spawnSync(
      'npx',
      [
        '-y',
        'lighthouse@12.8.2',
        `${server.url}${PAGE}`,
        '--only-categories=performance,accessibility,best-practices',
        '--chrome-flags=--headless=new --no-sandbox',
        '--output=json',
        `--output-path=${output}`,
        '--quiet',
      ],
      { env: { CHROME_PATH: '/usr/bin/chromium', ...process.env }, stdio: 'inherit' },
    );
    if (r.status !== 0) throw new Error(`lighthouse failed (${r.status})`);
    const report = JSON.parse(fs.readFileSync(output, 'utf8'));
    runs.push({
      scores: Object.fromEntries(Object.entries(report.categories).map(([k, c]) => [k, Math.round(c.score * 100)])),
      metrics: Object.fromEntries(METRICS.map((m) => [m, report.audits[m].displayValue])),
      largestContentfulPaintElement:
        report.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.snippet ?? null,
      loadAverage: Math.round(os.loadavg()[0] * 10) / 10,
    });
    console.error(JSON.stringify(runs.at(-1)));
  }
} finally {
  await server.stop();
  fs.rmSync(temp, { recursive: true, force: true });
}
const performance = runs.map((r) => r.scores.performance).sort((a, b) => a - b);
const line = JSON.stringify({
  bench: 'lighthouse',
  at: new Date().toISOString(),
  page: PAGE,
  preset: 'mobile (Lighthouse 12.8.2 default)',
  cores: os.cpus().length,
  medianPerformance: performance[Math.floor(performance.length / 2)],
  runs,
});
console.log(line);
fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true });
fs.writeFileSync(
  path.join(root, `bench/results/lighthouse-${new Date().toISOString().slice(0, 10)}.json`),
  `${line}\n`,
);
