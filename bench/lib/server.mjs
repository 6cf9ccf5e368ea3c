// Starts the server as a child process for a benchmark and waits until it answers.
import { spawn, spawnSync } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { isStale, SERVER_BUILT, SERVER_SOURCES } from '../../scripts/lib/freshness.mjs';

const root = path.resolve(import.meta.dirname, '../..');

export async function freePort() {
  return new Promise((resolve) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

/** The built server, as `npm start` runs it (built first when missing or older than its sources). */
export function serverCommand() {
  if (isStale(SERVER_BUILT, SERVER_SOURCES)) {
    const build = spawnSync(process.execPath, [path.join(root, 'scripts/build-server.mjs')], { stdio: 'inherit' });
    if (build.status !== 0) throw new Error('building the server failed');
  }
  return [path.join(root, SERVER_BUILT)];
}

export async function startServer(env) {
  const port = await freePort();
  // SERVER_NODE_ARGS: flags for the server's node only, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`
  // (not allowed in NODE_OPTIONS).
  const nodeArgs = (process.env.SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, ...serverCommand()], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      MQTT_PORT: '-1',
      LOGIN_IDENTIFY_CODE: 'off',
      ADMIN_PASSWORD: 'Admin12345',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    pid: child.pid,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', resolve);
        child.kill('SIGTERM');
      }),
  };
}

export async function signIn(url) {
  const res = await fetch(`${url}/api/login.do`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ account: 'admin', password: 'Admin12345', identifyCode: '000000' }),
  });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  return (await res.json()).userToken;
}

/** Seeds the demo tree with `devices` devices on the database `env` names; answers the seconds it took. */
export function seedDemo(env, devices) {
  return seedDemoWithSecret(env, devices).seconds;
}

/** seedDemo, also answering the installation's demo device secret (what the simulator signs in with). */
export function seedDemoWithSecret(env, devices) {
  const started = Date.now();
  const r = spawnSync(
    process.execPath,
    ['--import', 'tsx', path.join(root, 'packages/server/src/demo/seed-demo.main.ts'), '--devices', String(devices)],
    {
      cwd: root,
      env: { ...process.env, ADMIN_PASSWORD: 'Admin12345', ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  if (r.status !== 0) throw new Error('seeding failed');
  const secret = /Demo device secret[^:]*: (\S+)/.exec(r.stdout)?.[1] ?? null;
  return { seconds: (Date.now() - started) / 1000, secret };
}

/** Resident memory of a process in MB (Linux). */
export async function rssMb(pid) {
  const { readFile } = await import('node:fs/promises');
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

/**
 * The built server with its embedded broker (on a free port) on a throwaway database of the PostgreSQL
 * at `adminUrl`, with the command settings an operator of a LAN would keep (10 s, asked again after 5 s);
 * `db` is a client of that database. `close()` stops the server and drops the database (unless `keep`).
 */
export async function serverOnThrowawayDatabase(adminUrl, prefix, { keep = false } = {}) {
  const pg = (await import('pg')).default;
  const dbName = `${prefix}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  const dbUrl = adminUrl.replace(/\/[^/]*$/, `/${dbName}`);
  const mqttPort = await freePort();
  const server = await startServer({ DATABASE_URL: dbUrl, MQTT_PORT: String(mqttPort) });
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  await db.query(
    `INSERT INTO web_params (key, value) VALUES ('httpTimeout', '10'), ('commandAttempts', '2')
     ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
  );
  return {
    server,
    mqttPort,
    db,
    token: await signIn(server.url),
    async close() {
      await db.end().catch(() => {});
      await server.stop();
      if (keep) console.error(`kept database ${dbName}`);
      else await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => {});
      await admin.end();
    },
  };
}
