// Starts the server as a child process for a benchmark and waits until it answers.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
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
  return (await signedInUser(url)).userToken;
}

/** The administrator's sign-in answer (its `userToken` and the user the console keeps). */
export async function signedInUser(url) {
  const res = await fetch(`${url}/api/login.do`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ account: 'admin', password: 'Admin12345', identifyCode: '000000' }),
  });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  return res.json();
}

/**
 * A 1366 x 768 browser context signed in as `user` on `project` (what the console keeps in localStorage
 * after a sign-in and a project choice), so a page opens straight on a screen.
 */
export async function signedInContext(browser, user, project) {
  const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  await context.addInitScript(
    ([token, userJson, projectJson]) => {
      localStorage.setItem('sc.token', token);
      localStorage.setItem('sc.user', userJson);
      localStorage.setItem('sc.project.last', projectJson);
    },
    [user.userToken, JSON.stringify(user), JSON.stringify({ id: project.id, name: project.name, userId: user.userId })],
  );
  return context;
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

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Waits until `test()` holds, checking every 50 ms; throws naming `what` after `ms`. */
export async function until(what, test, ms = 30_000) {
  const end = Date.now() + ms;
  while (!test()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

/** CPU time (user + system) of a process so far, in ms (Linux). */
export function cpuMs(pid) {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

/**
 * A migrated database with the first start's data, `settings` (web_params) and `count` devices of
 * `device` ({ type, modelNo, props }) whose keys are the simulator's demo keys of `secret`: a new
 * PGlite directory, or a new database `<prefix>_<time>` of the PostgreSQL at `pgUrl`. Answers the
 * server's environment for it (DATA_DIR or DATABASE_URL), the devices ({ id, equipmentId }) and `drop()`.
 * The benchmark runs with tsx (`node --import tsx`): the server's own code makes the database.
 */
export async function prepareDevices({ pgUrl, prefix, count, device, secret, settings = {} }) {
  const os = await import('node:os');
  const { eq, inArray, sql } = await import('drizzle-orm');
  const { demoKey } = await import('../../packages/contract/src/protocol/demo-key.ts');
  const { bootstrap } = await import('../../packages/server/src/db/bootstrap.ts');
  const { openPglite, openPostgres } = await import('../../packages/server/src/db/client.ts');
  const { productionItems } = await import('../../packages/server/src/db/schema/index.ts');
  const { applyBuiltinData } = await import('../../packages/server/src/modules/system/sync-steps.ts');
  const { createIotDevice } = await import('../../packages/server/src/test/factories.ts');
  let database;
  let env;
  let drop;
  if (pgUrl) {
    const pg = (await import('pg')).default;
    const name = `${prefix}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(pgUrl);
    url.pathname = `/${name}`;
    database = await openPostgres(url.toString(), 2);
    env = { DATABASE_URL: url.toString() };
    drop = async () => {
      const c = new pg.Client({ connectionString: pgUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    };
  } else {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `sc-${prefix}-`));
    database = await openPglite(dataDir, { thread: 'main' });
    env = { DATA_DIR: dataDir };
    drop = async () => fs.rmSync(dataDir, { recursive: true, force: true });
  }
  await database.migrate();
  await bootstrap(database.db, 'Admin12345');
  await applyBuiltinData(database.db);
  for (const [key, value] of Object.entries(settings))
    await database.db.execute(
      sql`INSERT INTO web_params (key, value) VALUES (${key}, ${String(value)})
        ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
    );
  const made = [];
  for (let i = 0; i < count; i++) made.push(await createIotDevice(database.db, device));
  // Their keys as the simulator derives them from the installation's demo secret.
  for (const d of made)
    await database.db
      .update(productionItems)
      .set({ key1: demoKey(secret, d.equipmentId) })
      .where(eq(productionItems.no, d.equipmentId));
  const keyed = await database.db
    .select({ no: productionItems.no })
    .from(productionItems)
    .where(
      inArray(
        productionItems.no,
        made.map((d) => d.equipmentId),
      ),
    );
  if (keyed.length !== count) throw new Error('the devices’ keys were not all set');
  await database.close();
  return { env, devices: made.map((d) => ({ id: d.id, equipmentId: d.equipmentId })), drop };
}

/** The console's realtime socket (/api/ws) subscribed to project 1: each push handed to `on(push, at)`. */
export async function consoleSocket(url, token, on) {
  const WebSocket = (await import('ws')).default;
  const socket = new WebSocket(`${url.replace('http', 'ws')}/api/ws?token=${token}`);
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  let subscribed = false;
  socket.on('message', (data) => {
    const push = JSON.parse(String(data));
    if (push.kind === 'subscribed') subscribed = true;
    on(push, Date.now());
  });
  socket.send(JSON.stringify({ op: 'subscribe', projects: [1] }));
  await until('the subscription', () => subscribed);
  return socket;
}

/**
 * Starts the simulated devices' worker `file` (a module built on bench/lib/sim-devices.mjs) with
 * `data`: resolves once they are connected with { ready, ask(message), close() }, `ask` answering what
 * its handler of `message` answered.
 */
export async function startDeviceWorker(file, data) {
  const { Worker } = await import('node:worker_threads');
  const worker = new Worker(file, { workerData: data });
  const ask = (message) =>
    new Promise((resolve) => {
      const on = (m) => {
        if (message in m) {
          worker.off('message', on);
          resolve(m[message]);
        }
      };
      worker.on('message', on);
      worker.postMessage(message);
    });
  return new Promise((resolve, reject) => {
    worker.once('error', reject);
    worker.once('message', (ready) =>
      resolve({
        ready,
        ask,
        close: () =>
          new Promise((r) => {
            worker.once('exit', r);
            worker.postMessage('close');
          }),
      }),
    );
  });
}

/**
 * What the device benchmarks start with: `count` devices of `device` prepared (prepareDevices, on
 * PostgreSQL at `pgUrl` or PGlite), the built server on that database with its embedded broker on a free
 * port, signed in, the console's socket subscribed to project 1 (every push handed to each function of
 * `pushes`, which the benchmark adds to and removes from), and the simulated devices in `worker`
 * (startDeviceWorker, with { url, secret, equipmentIds } besides `workerData`), every one connected and
 * active. Answers them with `figures` ({ prepareSeconds, connected }) and `close()`, which stops all and
 * drops the database.
 */
export async function startBench({ pgUrl, prefix, count, device, secret, settings, worker, workerData = {} }) {
  const t0 = Date.now();
  const prepared = await prepareDevices({ pgUrl, prefix, count, device, secret, settings });
  const figures = { prepareSeconds: Math.round((Date.now() - t0) / 100) / 10 };
  const mqttPort = await freePort();
  const server = await startServer({ ...prepared.env, MQTT_PORT: String(mqttPort) });
  let socket = null;
  let devices = null;
  const close = async () => {
    socket?.close();
    await devices?.close();
    await server.stop();
    await prepared.drop();
  };
  try {
    const token = await signIn(server.url);
    const pushes = {};
    socket = await consoleSocket(server.url, token, (push, at) => {
      for (const on of Object.values(pushes)) on(push, at);
    });
    // Every device connected and heard (active): the server sends commands to active devices only.
    const active = new Set();
    pushes.active = (push) => {
      if (push.kind === 'state' && push.activeState === 1) active.add(push.deviceId);
    };
    devices = await startDeviceWorker(worker, {
      ...workerData,
      url: `mqtt://127.0.0.1:${mqttPort}`,
      secret,
      equipmentIds: prepared.devices.map((d) => d.equipmentId),
    });
    figures.connected = devices.ready.connected;
    if (figures.connected !== count) throw new Error(`${figures.connected} of ${count} devices connected`);
    await until('every device active', () => active.size === count, 60_000);
    delete pushes.active;
    return { server, token, pushes, devices, prepared, figures, close };
  } catch (error) {
    await close();
    throw error;
  }
}
