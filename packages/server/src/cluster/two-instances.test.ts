import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ACTIVE_STATE, type RealtimePush } from '@sc/contract';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { type Database, openPostgres } from '../db/client.js';
import { connectTestDevice } from '../iot/test-device.js';
import { createIotDevice, queryRows } from '../test/factories.js';

/**
 * Several instances, proven (issue 11): two real server processes (main.ts, as `npm start` runs it) on
 * one PostgreSQL database and one Mosquitto broker with a shared subscription. CI installs both
 * (.ci/run); without their binaries this file is skipped with the reason printed. It runs in the
 * `server` project only: it brings its own database either way.
 */
const root = path.resolve(import.meta.dirname, '../../../..');
const MOSQUITTO = ['/usr/sbin/mosquitto', '/usr/bin/mosquitto'].find((p) => fs.existsSync(p));
const PG_BIN = (() => {
  const base = '/usr/lib/postgresql';
  if (!fs.existsSync(base)) return null;
  for (const v of fs.readdirSync(base).sort((a, b) => Number(b) - Number(a)))
    if (fs.existsSync(path.join(base, v, 'bin/initdb'))) return path.join(base, v, 'bin');
  return null;
})();
const missing = [
  !MOSQUITTO && 'Mosquitto (apt-get install -y mosquitto)',
  !process.env.TEST_DATABASE_URL && !PG_BIN && 'PostgreSQL (apt-get install -y postgresql, or set TEST_DATABASE_URL)',
].filter(Boolean);
const skip = missing.length > 0 || process.env.TEST_DB === 'pg';
if (missing.length && process.env.TEST_DB !== 'pg')
  console.warn(`Skipping the two-instance test: it needs ${missing.join(' and ')}.`);

const PASSWORD = 'Admin12345';

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const p = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(p));
    });
  });

/** Polls `check` until it answers something `ok` accepts, or fails with what it saw last. */
async function until<T>(what: string, check: () => Promise<T>, ok: (v: T) => boolean, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  let value: T | undefined;
  let error: unknown;
  while (Date.now() < deadline) {
    try {
      value = await check();
      if (ok(value)) return value;
    } catch (e) {
      error = e;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${what}: not within ${timeoutMs} ms (last: ${JSON.stringify(value) ?? String(error)})`);
}

interface Instance {
  name: string;
  url: string;
  port: number;
  child: ChildProcess;
  output: string[];
  /** When it answered its first health check. */
  upAt: number;
}

let pgCluster: { url: string; stop(): void } | null = null;
let adminUrl: string;
let dbName: string;
let dbUrl: string;
let database: Database;
let broker: ChildProcess;
let mqttPort: number;
const instances: Record<'a' | 'b', Instance> = {} as never;
/** A short lease (30 s by default) so that a batch is taken over in seconds, as it would be in half a minute. */
const BATCH_LEASE_S = 6;

async function startInstance(name: 'a' | 'b', port?: number): Promise<Instance> {
  port ??= await freePort();
  const output: string[] = [];
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'packages/server/src/main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: dbUrl,
      PG_POOL_MAX: '4',
      MQTT_URL: `mqtt://127.0.0.1:${mqttPort}`,
      MQTT_SHARED: 'true',
      MQTT_CLIENT_ID: `sc-cluster-test-${name}`,
      BATCH_LEASE_S: String(BATCH_LEASE_S),
      ADMIN_PASSWORD: PASSWORD,
      LOGIN_IDENTIFY_CODE: 'off',
      LOG_LEVEL: 'warn',
      WEB_DIST: '/nonexistent',
      TEST_DB: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  for (const stream of [child.stdout!, child.stderr!]) stream.on('data', (b: Buffer) => output.push(b.toString()));
  const url = `http://127.0.0.1:${port}`;
  await until(
    `instance ${name} answers /api/health\n${output.join('')}`,
    async () => (await fetch(`${url}/api/health`)).status,
    (s) => s === 200,
    60_000,
  );
  return { name, url, port, child, output, upAt: Date.now() };
}

async function call(instance: Instance, method: string, url: string, token: string, body?: Record<string, string>) {
  const res = await fetch(`${instance.url}${url}${url.includes('?') ? '&' : '?'}token=${token}`, {
    method,
    ...(body
      ? {
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams(body).toString(),
        }
      : {}),
  });
  return { status: res.status, body: (await res.json().catch(() => null)) as Record<string, unknown> | null };
}

async function signIn(instance: Instance) {
  const res = await fetch(`${instance.url}/api/login.do`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ account: 'admin', password: PASSWORD, identifyCode: '000000' }).toString(),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return ((await res.json()) as { userToken: string }).userToken;
}

/** A console tab's socket on one instance, subscribed to `deviceIds`, keeping every push. */
async function consoleSocket(instance: Instance, token: string, deviceIds: number[]) {
  const pushes: RealtimePush[] = [];
  const socket = new WebSocket(`ws://127.0.0.1:${instance.port}/api/ws?token=${token}`, {
    origin: instance.url,
  });
  socket.on('message', (raw: Buffer) => pushes.push(JSON.parse(raw.toString()) as RealtimePush));
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  socket.send(JSON.stringify({ op: 'subscribe', devices: deviceIds }));
  await until(
    `subscribed on ${instance.name}`,
    async () => pushes.some((p) => p.kind === 'subscribed'),
    (v) => v,
  );
  return { pushes, close: () => socket.close() };
}

const readings = (deviceId: number) =>
  queryRows<{ humidity: number }>(
    database.db,
    sql`select humidity from env_readings where device_id = ${deviceId} order by humidity`,
  );

describe.skipIf(skip)('two server instances on one PostgreSQL and one Mosquitto', () => {
  let token: string;
  let silent: { id: number };

  beforeAll(async () => {
    if (process.env.TEST_DATABASE_URL) adminUrl = process.env.TEST_DATABASE_URL;
    else {
      const lib = path.join(root, 'scripts/lib/postgres-cluster.mjs');
      const { startPostgresCluster } = (await import(lib)) as {
        startPostgresCluster(bin: string): Promise<{ url: string; stop(): void }>;
      };
      pgCluster = await startPostgresCluster(PG_BIN!);
      adminUrl = pgCluster.url;
    }
    dbName = `sc_cluster_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName}`);
    await admin.end();
    const u = new URL(adminUrl);
    u.pathname = `/${dbName}`;
    dbUrl = u.toString();

    mqttPort = await freePort();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sc-cluster-mosq-'));
    const conf = path.join(dir, 'mosquitto.conf');
    fs.writeFileSync(conf, `listener ${mqttPort} 127.0.0.1\nallow_anonymous true\npersistence false\n`);
    broker = spawn(MOSQUITTO!, ['-c', conf], { stdio: 'ignore' });

    // Both at once: migrations and first-start data are serialised by advisory locks.
    const [a, b] = await Promise.all([startInstance('a'), startInstance('b')]);
    instances.a = a;
    instances.b = b;
    database = await openPostgres(dbUrl, 2);
    token = await signIn(instances.a);

    // A device that fell silent an hour ago: the periodic silence job (every 15 s, on both instances)
    // must turn it abnormal once, with one event, whichever instance gets there.
    silent = await createIotDevice(database.db, { type: 'envmonitor', modelNo: 'envrs485', activeState: 1 });
    await database.db.execute(
      sql`update devices set last_active_at = now() - interval '1 hour' where id = ${silent.id}`,
    );
  }, 120_000);

  afterAll(async () => {
    for (const i of Object.values(instances)) i?.child.kill('SIGKILL');
    broker?.kill();
    await database?.close();
    if (dbName) {
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => {});
      await admin.end();
    }
    pgCluster?.stop();
  }, 30_000);

  it('accepts a session made on one instance on the other', async () => {
    expect((await call(instances.b, 'GET', '/api/menus.do', token)).status).toBe(200);
    const other = await signIn(instances.b);
    expect((await call(instances.a, 'GET', '/api/menus.do', other)).status).toBe(200);
  });

  it('brings a setting changed on one instance to the other within the settings cache time (3 s)', async () => {
    const before = (await (await fetch(`${instances.b.url}/api/pub/runningparams.do`)).json()) as {
      logPageSize: number;
    };
    const value = before.logPageSize === 100 ? '80' : '100';
    const put = await call(instances.a, 'PUT', '/api/webparams.do/logPageSize', token, { value });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    const changedAt = Date.now();
    await until(
      'the setting on instance b',
      async () =>
        ((await (await fetch(`${instances.b.url}/api/pub/runningparams.do`)).json()) as { logPageSize: number })
          .logPageSize,
      (v) => v === Number(value),
      10_000,
    );
    // The cache lives 3 s; what is over is the polling and a loaded machine's answers.
    expect(Date.now() - changedAt).toBeLessThan(6000);
  });

  it('commands a device through either instance', async () => {
    const gw = await createIotDevice(database.db, { type: 'gateway', modelNo: 'gws' });
    const device = await connectTestDevice(mqttPort, gw.equipmentId, gw.key1, () => ({ ok: true, result: 'done' }));
    try {
      // A device is commanded once it is heard from (active).
      await device.publish('heartbeat', {});
      await until(
        'the gateway active',
        async () =>
          (
            await queryRows<{ s: number }>(database.db, sql`select active_state as s from devices where id = ${gw.id}`)
          )[0]?.s,
        (s) => s === ACTIVE_STATE.active,
      );
      for (const instance of [instances.a, instances.b, instances.a, instances.b]) {
        const res = await call(instance, 'POST', `/api/pjts/1/iot/gateway/${gw.id}/reboot`, token, {});
        expect(res.status, `${instance.name}: ${JSON.stringify(res.body)}`).toBe(200);
        expect(res.body).toMatchObject({ ok: true, result: 'done' });
      }
      expect(device.received).toHaveLength(4);
    } finally {
      await device.close();
    }
  });

  it('stores telemetry once and pushes it to consoles on both instances', async () => {
    const env = await createIotDevice(database.db, { type: 'envmonitor', modelNo: 'envrs485' });
    const [onA, onB] = [
      await consoleSocket(instances.a, token, [env.id]),
      await consoleSocket(instances.b, token, [env.id]),
    ];
    const device = await connectTestDevice(mqttPort, env.equipmentId, env.key1);
    try {
      // Consecutive messages of a shared subscription go to the instances in turn: some are handled by
      // each, and each console sees every one.
      for (let i = 1; i <= 6; i++) await device.publish('telemetry', { values: { humidity: i } });
      const telemetry = (pushes: RealtimePush[]) =>
        pushes.filter((p) => p.kind === 'telemetry' && p.deviceId === env.id).length;
      await until(
        '6 pushes on instance a',
        async () => telemetry(onA.pushes),
        (n) => n >= 6,
      );
      await until(
        '6 pushes on instance b',
        async () => telemetry(onB.pushes),
        (n) => n >= 6,
      );
      const rows = await until(
        '6 readings stored',
        () => readings(env.id),
        (r) => r.length >= 6,
      );
      // Stored once: a shared subscription hands each message to one instance.
      await new Promise((r) => setTimeout(r, 500));
      expect((await readings(env.id)).map((r) => r.humidity)).toEqual([1, 2, 3, 4, 5, 6]);
      expect(rows.length).toBe(6);
      expect(telemetry(onA.pushes)).toBe(6);
      expect(telemetry(onB.pushes)).toBe(6);
    } finally {
      onA.close();
      onB.close();
      await device.close();
    }
  });

  it('runs the periodic jobs on one instance at a time: a silent device is marked once', async () => {
    await until(
      'the silent device marked abnormal',
      async () =>
        (
          await queryRows<{ s: number }>(
            database.db,
            sql`select active_state as s from devices where id = ${silent.id}`,
          )
        )[0]?.s,
      (s) => s === ACTIVE_STATE.error,
      40_000,
    );
    // Both instances have run the job since (every 15 s each); the event and the message are single.
    await new Promise((r) => setTimeout(r, 100));
    const count = async () =>
      (
        await queryRows<{ n: number }>(
          database.db,
          sql`select count(*)::int as n from device_events where device_id = ${silent.id} and code = 'OFFLINE'`,
        )
      )[0]!.n;
    expect(await count()).toBe(1);
  }, 60_000);

  it('loses no acknowledged telemetry when an instance is killed (SIGKILL) and comes back', async () => {
    const env = await createIotDevice(database.db, { type: 'envmonitor', modelNo: 'envrs485' });
    const device = await connectTestDevice(mqttPort, env.equipmentId, env.key1);
    const acknowledged: number[] = [];
    try {
      // Each publish resolves when the broker acknowledges it (QoS 1). Instance a dies in the middle,
      // with messages in its buffers and more queued for it in its session while it is down.
      for (let i = 1; i <= 40; i++) {
        if (i === 15) instances.a.child.kill('SIGKILL');
        await device.publish('telemetry', { values: { humidity: i } });
        acknowledged.push(i);
      }
      instances.a = await startInstance('a', instances.a.port);
      const stored = await until(
        'every acknowledged reading stored',
        async () => [...new Set((await readings(env.id)).map((r) => r.humidity))],
        (values) => acknowledged.every((i) => values.includes(i)),
        30_000,
      );
      // A message stored just before the kill but not yet acknowledged comes again: at least once.
      expect(stored.sort((x, y) => x - y)).toEqual(acknowledged);
    } finally {
      await device.close();
    }
    // The periodic job's single event held through all this.
    expect(
      (
        await queryRows<{ n: number }>(
          database.db,
          sql`select count(*)::int as n from device_events where device_id = ${silent.id} and code = 'OFFLINE'`,
        )
      )[0]!.n,
    ).toBe(1);
  }, 90_000);

  it('takes over a batch whose instance was killed, within a minute, without running a command twice', async () => {
    // Lamp i answers after i × 400 ms (its first answer kept for a repeated id, as devices do).
    const lamps: {
      id: number;
      name: string;
      device: Awaited<ReturnType<typeof connectTestDevice>>;
      ran: Map<string, number>;
      heard: { id: string; at: number }[];
    }[] = [];
    for (let i = 0; i < 12; i++) {
      const d = await createIotDevice(database.db, { type: 'lighting', modelNo: 'lcunb' });
      const ran = new Map<string, number>();
      const heard: { id: string; at: number }[] = [];
      const device = await connectTestDevice(mqttPort, d.equipmentId, d.key1, (request) => {
        heard.push({ id: request.id, at: Date.now() });
        const repeated = ran.has(request.id);
        if (!repeated) ran.set(request.id, Date.now());
        const wait = repeated ? 0 : Math.max(0, ran.get(request.id)! + i * 400 - Date.now());
        setTimeout(() => void device.publish('reply', { id: request.id, ok: true }).catch(() => {}), wait);
        return null;
      });
      await device.publish('heartbeat', {});
      lamps.push({ ...d, device, ran, heard });
    }
    try {
      await until(
        'the lamps active',
        async () =>
          (
            await queryRows<{ n: number }>(
              database.db,
              sql`select count(*)::int as n from devices where id = ANY(${sql.param(lamps.map((l) => l.id))}::int4[]) and active_state = 1`,
            )
          )[0]!.n,
        (n) => n === lamps.length,
      );
      // Instance b takes over (rather than closes) a batch once it has been up for a lease and a sweep.
      const leaseAndSweep = BATCH_LEASE_S * 1500 + 1000;
      await new Promise((r) => setTimeout(r, Math.max(0, instances.b.upAt + leaseAndSweep - Date.now())));
      const started = await call(instances.a, 'POST', '/api/pjts/1/iot/lighting/batch/command', token, {
        command: 'poweron',
        lampIds: lamps.map((l) => l.id).join(','),
      });
      expect(started.status, JSON.stringify(started.body)).toBe(200);
      const batchId = String(started.body!.batchId);
      const targets = () =>
        queryRows<{ device_id: number; ok: boolean | null }>(
          database.db,
          sql`select device_id, ok from family_batch_targets where batch_id = ${batchId} order by seq`,
        );
      const before = await until('four results stored', targets, (r) => r.filter((x) => x.ok !== null).length >= 4);
      instances.a.child.kill('SIGKILL');
      const killedAt = Date.now();
      const done = await until(
        'the batch taken over and finished',
        async () => (await call(instances.b, 'GET', `/api/pjts/1/iot/lighting/batches/${batchId}`, token)).body,
        (b) => b?.state !== 'running',
        60_000,
      );
      expect(done).toMatchObject({ state: 'done', acknowledged: 12, failed: 0, pending: 0 });
      expect(Date.now() - killedAt).toBeLessThan(60_000);
      const answeredBefore = new Set(before.filter((x) => x.ok).map((x) => x.device_id));
      for (const lamp of lamps) {
        // One command id per lamp, run once, whichever instance sent it.
        expect(new Set(lamp.heard.map((h) => h.id)).size, lamp.name).toBe(1);
        expect(lamp.ran.size).toBe(1);
        // A lamp whose answer was stored before the kill is not sent it again.
        if (answeredBefore.has(lamp.id)) expect(lamp.heard.filter((h) => h.at > killedAt + 1000)).toEqual([]);
      }
      const logs = await queryRows<{ result: string }>(
        database.db,
        sql`select result from operate_logs where args->>'batchId' = ${batchId}`,
      );
      expect(logs).toEqual([{ result: '12/12 acknowledged, 0 failed' }]);
    } finally {
      for (const lamp of lamps) await lamp.device.close();
      instances.a = await startInstance('a', instances.a.port);
    }
  }, 180_000);
  it("sends an env monitor's reports to the screens once, from the instance that stored each, and goes on when one stops", async () => {
    const monitor = await createIotDevice(database.db, { type: 'envmonitor', modelNo: 'envrs485' });
    const screen = await createIotDevice(database.db, { type: 'led', modelNo: 'ledxx' });
    // The monitor reports before any screen shows it: the instances read their bindings without it.
    const reporter = await connectTestDevice(mqttPort, monitor.equipmentId, monitor.key1);
    for (const humidity of [90, 91]) await reporter.publish('telemetry', { values: { humidity } });
    await new Promise((r) => setTimeout(r, 1200));
    // A checked program with an env layer bound to the monitor, acknowledged by the screen (as through
    // another instance: neither relay is told), found at the next report.
    const [program] = await queryRows<{ id: number }>(
      database.db,
      sql`insert into led_programs (project_id, name, no, version, language, width, height, duration_seconds,
          start_date, end_date, start_time, end_time, filter, weekdays, days, layers, state, creator)
        values (1, 'Env', ${`PENV${monitor.id}`}, 'advanced', 'zh_CN', 192, 96, 30, '2026-01-01', '2099-12-31',
          '00:00', '23:59', 'none', '[]', '[]',
          ${JSON.stringify([{ type: 'env', left: 0, top: 0, width: 192, height: 96, envDeviceId: monitor.id }])}::jsonb,
          'checked', 'admin')
        returning id`,
    );
    await database.db.execute(
      sql`insert into led_screen_programs (program_id, device_id, project_id, delivered) values (${program!.id}, ${screen.id}, 1, true)`,
    );
    const shown = await connectTestDevice(mqttPort, screen.equipmentId, screen.key1, () => ({ ok: true }));
    const envs = () =>
      shown.received
        .filter((r) => r.command === 'env')
        .map((r) => (r.args as { values: { humidity: number } }).values.humidity);
    try {
      await shown.publish('heartbeat', {});
      await until(
        'the screen active',
        async () =>
          (
            await queryRows<{ s: number }>(
              database.db,
              sql`select active_state as s from devices where id = ${screen.id}`,
            )
          )[0]?.s,
        (s) => s === ACTIVE_STATE.active,
      );
      // Consecutive reports go to the instances in turn: each is sent by the one that stored it, once.
      for (let i = 1; i <= 6; i++) await reporter.publish('telemetry', { values: { humidity: i } });
      await until(
        '6 env commands',
        async () => envs().length,
        (n) => n >= 6,
      );
      await new Promise((r) => setTimeout(r, 1000));
      expect(envs().sort((x, y) => x - y)).toEqual([1, 2, 3, 4, 5, 6]);

      // Instance b stops (as a deployment stops one): a sends every report from now on.
      await new Promise((resolve) => {
        instances.b.child.once('exit', resolve);
        instances.b.child.kill('SIGTERM');
      });
      for (let i = 7; i <= 9; i++) await reporter.publish('telemetry', { values: { humidity: i } });
      await until(
        '3 more env commands',
        async () => envs().length,
        (n) => n >= 9,
      );
      await new Promise((r) => setTimeout(r, 500));
      expect(envs().sort((x, y) => x - y)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    } finally {
      await shown.close();
      await reporter.close();
    }
  }, 60_000);
});
