// Section "start" of bench/console.bench.mjs: from `npm start` (node scripts/start.mjs) to the first
// answer of GET /api/health ("first answer") and to the console usable (the login page's HTML and every
// script and stylesheet it names served, and a sign-in answered), with a new and with an existing data
// directory (PGlite), the median of --start-runs runs each, beside bare `node` starting an HTTP server.
// `--start-tsx` measures the server run from its TypeScript through tsx instead (how `npm start` ran
// before the server was built once); `--start-compare` both, interleaved, for before/after figures.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './server.mjs';

const BARE = "require('node:http').createServer((q, s) => s.end('ok')).listen(Number(process.env.PORT), '127.0.0.1')";

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

/** The login page's HTML, the scripts and stylesheets it names, and a sign-in: what a user needs first. */
async function consoleUsable(url) {
  const html = await fetch(`${url}/index`);
  if (!html.ok) return false;
  const assets = [...(await html.text()).matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]);
  for (const asset of assets)
    if (!(await fetch(`${url}${asset}`, { headers: { 'accept-encoding': 'br' } })).ok) return false;
  const login = await fetch(`${url}/api/login.do`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ account: 'admin', password: 'Admin12345', identifyCode: '000000' }),
  });
  return login.ok && Boolean((await login.json()).userToken);
}

/**
 * Milliseconds from spawning `args` until GET /api/health answers 200 (`serve`) and until the console is
 * usable (`usable`, see consoleUsable); then stops the process.
 */
async function timeToServe(root, args, env, withUsable = false) {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      MQTT_PORT: '0',
      LOG_LEVEL: 'warn',
      LOGIN_IDENTIFY_CODE: 'off',
      ADMIN_PASSWORD: 'Admin12345',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  let ms = null;
  for (let i = 0; i < 6000 && child.exitCode === null; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) {
        ms = performance.now() - started;
        break;
      }
    } catch {}
    await new Promise((r) => setTimeout(r, 20));
  }
  let usable = null;
  if (ms !== null && withUsable) {
    for (let i = 0; i < 3000 && usable === null; i++) {
      if (await consoleUsable(`http://127.0.0.1:${port}`).catch(() => false)) usable = performance.now() - started;
      else await new Promise((r) => setTimeout(r, 20));
    }
  }
  child.kill('SIGTERM');
  await exited;
  if (ms === null) throw new Error(`${args.join(' ')} did not start`);
  return withUsable ? { serve: Math.round(ms), usable: usable === null ? null : Math.round(usable) } : Math.round(ms);
}

const TSX = (root) => ['--import', 'tsx', path.join(root, 'packages/server/src/main.ts')];
const NPM_START = (root) => [path.join(root, 'scripts/start.mjs')];

/** Median times of `command` (a new, then the same existing data directory), interleaved with bare node. */
async function startTimes(ctx, commands, runs) {
  const dataDir = path.join(ctx.temp, 'start-data');
  // A first start builds what is missing or stale; not counted.
  for (const command of Object.values(commands)) await timeToServe(ctx.root, command, { DATA_DIR: dataDir });
  const bare = [];
  const samples = Object.fromEntries(Object.keys(commands).map((name) => [name, { fresh: [], existing: [] }]));
  const loads = [];
  for (let i = 0; i < runs; i++) {
    loads.push(Number(os.loadavg()[0].toFixed(1)));
    bare.push(await timeToServe(ctx.root, ['-e', BARE], {}));
    for (const [name, command] of Object.entries(commands)) {
      fs.rmSync(dataDir, { recursive: true, force: true });
      samples[name].fresh.push(await timeToServe(ctx.root, command, { DATA_DIR: dataDir }, true));
      samples[name].existing.push(await timeToServe(ctx.root, command, { DATA_DIR: dataDir }, true));
    }
  }
  loads.push(Number(os.loadavg()[0].toFixed(1)));
  const baseline = median(bare);
  const figures = { runs, loadAverage: loads, bareNodeMs: baseline, bare };
  for (const [name, { fresh, existing }] of Object.entries(samples)) {
    const serve = (list) => median(list.map((s) => s.serve));
    const usable = (list) => median(list.map((s) => s.usable ?? Number.POSITIVE_INFINITY));
    figures[name] = {
      newDataDirMs: serve(fresh),
      existingDataDirMs: serve(existing),
      newDataDirUsableMs: usable(fresh),
      existingDataDirUsableMs: usable(existing),
      newDataDirRatio: Number((serve(fresh) / baseline).toFixed(1)),
      existingDataDirRatio: Number((serve(existing) / baseline).toFixed(1)),
      samples: { fresh, existing },
    };
  }
  return figures;
}

/**
 * `npm start`; with --start-tsx the server through tsx instead; with --start-compare both, interleaved
 * run by run so that both see the same load.
 */
export async function measure(ctx) {
  const runs = Number(ctx.arg('start-runs', 3));
  if (process.argv.includes('--start-compare'))
    return startTimes(ctx, { npmStart: NPM_START(ctx.root), tsx: TSX(ctx.root) }, runs);
  if (process.argv.includes('--start-tsx')) return startTimes(ctx, { tsx: TSX(ctx.root) }, runs);
  return startTimes(ctx, { npmStart: NPM_START(ctx.root) }, runs);
}
