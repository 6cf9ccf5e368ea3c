// Section "start" of bench/console.bench.mjs: from `npm start` (node scripts/start.mjs) to the first
// answer of GET /api/health, with a new and with an existing data directory (PGlite), the median of
// --start-runs runs each, beside bare `node` starting an HTTP server in the same run.
// `--start-tsx` measures the server run from its TypeScript through tsx instead (how `npm start` ran
// before the server was built once), for before/after figures on the same machine.
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

export async function measure(ctx) {
  const runs = Number(ctx.arg('start-runs', 3));
  const tsx = process.argv.includes('--start-tsx');
  const command = tsx
    ? ['--import', 'tsx', path.join(ctx.root, 'packages/server/src/main.ts')]
    : [path.join(ctx.root, 'scripts/start.mjs')];
  const dataDir = path.join(ctx.temp, 'start-data');
  // A first start builds what is missing or stale; not counted.
  await timeToServe(ctx.root, command, { DATA_DIR: dataDir });
  const bare = [];
  const fresh = [];
  const existing = [];
  for (let i = 0; i < runs; i++) {
    bare.push(await timeToServe(ctx.root, ['-e', BARE], {}));
    fs.rmSync(dataDir, { recursive: true, force: true });
    fresh.push(await timeToServe(ctx.root, command, { DATA_DIR: dataDir }));
    existing.push(await timeToServe(ctx.root, command, { DATA_DIR: dataDir }));
  }
  const baseline = median(bare);
  return {
    command: tsx ? 'node --import tsx packages/server/src/main.ts' : 'npm start',
    runs,
    bareNodeMs: baseline,
    newDataDirMs: median(fresh),
    existingDataDirMs: median(existing),
    newDataDirRatio: Number((median(fresh) / baseline).toFixed(1)),
    existingDataDirRatio: Number((median(existing) / baseline).toFixed(1)),
    samples: { bare, fresh, existing },
  };
}
