// Section "start" of bench/console.bench.mjs: from `npm start` (node scripts/start.mjs) to the first
// answer of GET /api/health, with a new and with an existing data directory (PGlite), the median of
// --start-runs runs each, beside bare `node` starting an HTTP server in the same run.
// `--start-tsx` measures the server run from its TypeScript through tsx instead (how `npm start` ran
// before the server was built once); `--start-compare` both, interleaved, for before/after figures.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { freePort } from './server.mjs';

const BARE = "require('node:http').createServer((q, s) => s.end('ok')).listen(Number(process.env.PORT), '127.0.0.1')";

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

/** Milliseconds from spawning `args` until GET /api/health answers 200; then stops the process. */
async function timeToServe(root, args, env) {
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
  child.kill('SIGTERM');
  await exited;
  if (ms === null) throw new Error(`${args.join(' ')} did not start`);
  return Math.round(ms);
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
  for (let i = 0; i < runs; i++) {
    bare.push(await timeToServe(ctx.root, ['-e', BARE], {}));
    for (const [name, command] of Object.entries(commands)) {
      fs.rmSync(dataDir, { recursive: true, force: true });
      samples[name].fresh.push(await timeToServe(ctx.root, command, { DATA_DIR: dataDir }));
      samples[name].existing.push(await timeToServe(ctx.root, command, { DATA_DIR: dataDir }));
    }
  }
  const baseline = median(bare);
  const figures = { runs, bareNodeMs: baseline, bare };
  for (const [name, { fresh, existing }] of Object.entries(samples)) {
    figures[name] = {
      newDataDirMs: median(fresh),
      existingDataDirMs: median(existing),
      newDataDirRatio: Number((median(fresh) / baseline).toFixed(1)),
      existingDataDirRatio: Number((median(existing) / baseline).toFixed(1)),
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
