import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { upTopic } from '@sc/contract';
import mqtt, { type MqttClient } from 'mqtt';

/**
 * The parts the fault and kill tests stop and start for real: a throwaway PostgreSQL cluster of their
 * own (never the shared one), Mosquitto with persistence as docs/deploy/mosquitto.conf runs it, server
 * processes started as `npm start` does (main.ts), and devices that publish counted QoS 1 readings.
 */
const root = path.resolve(import.meta.dirname, '../../../..');

export const MOSQUITTO = ['/usr/sbin/mosquitto', '/usr/bin/mosquitto'].find((p) => fs.existsSync(p)) ?? null;

export const PG_BIN = (() => {
  if (process.env.PG_BIN && fs.existsSync(path.join(process.env.PG_BIN, 'initdb'))) return process.env.PG_BIN;
  const base = '/usr/lib/postgresql';
  if (!fs.existsSync(base)) return null;
  for (const v of fs.readdirSync(base).sort((a, b) => Number(b) - Number(a)))
    if (fs.existsSync(path.join(base, v, 'bin/initdb'))) return path.join(base, v, 'bin');
  return null;
})();

export const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const p = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(p));
    });
  });

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls `check` until `ok` accepts what it answers, or fails with what it saw last. */
export async function until<T>(what: string, check: () => Promise<T>, ok: (v: T) => boolean, timeoutMs = 20_000) {
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
    await sleep(100);
  }
  throw new Error(`${what}: not within ${timeoutMs} ms (last: ${JSON.stringify(value) ?? String(error)})`);
}

/** A PostgreSQL cluster in a temporary directory that the test may stop and start again (same port). */
export async function startOwnPostgres() {
  if (!PG_BIN) throw new Error('PostgreSQL binaries are not installed (apt-get install -y postgresql)');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sc-fault-pg-'));
  const asRoot = process.getuid?.() === 0;
  const run = (cmd: string, args: string[]) => {
    const full = path.join(PG_BIN, cmd);
    if (asRoot) execFileSync('runuser', ['-u', 'postgres', '--', full, ...args], { stdio: 'pipe' });
    else execFileSync(full, args, { stdio: 'pipe' });
  };
  if (asRoot) execFileSync('chown', ['postgres:postgres', dir]);
  const port = await freePort();
  run('initdb', ['-D', dir, '-U', 'postgres', '-A', 'trust', '-N', '-E', 'UTF8', '--locale=C']);
  const start = () =>
    run('pg_ctl', [
      '-D',
      dir,
      '-w',
      '-l',
      path.join(dir, 'server.log'),
      '-o',
      `-k ${dir} -p ${port} -h 127.0.0.1 -c fsync=off -c max_connections=100`,
      'start',
    ]);
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    /** As an operator's restart does: connections are closed, the server is gone until `start`. */
    stop: () => run('pg_ctl', ['-D', dir, '-w', '-m', 'fast', 'stop']),
    start,
    destroy() {
      try {
        run('pg_ctl', ['-D', dir, '-w', '-m', 'immediate', 'stop']);
      } catch {
        // already stopped
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Mosquitto on a free port, with persistence on (docs/deploy/mosquitto.conf), restartable on that port. */
export async function startMosquitto(extra = 'allow_anonymous true\n') {
  if (!MOSQUITTO) throw new Error('mosquitto is not installed (apt-get install -y mosquitto)');
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sc-fault-mosq-'));
  const conf = path.join(dir, 'mosquitto.conf');
  fs.writeFileSync(
    conf,
    [
      `listener ${port} 127.0.0.1`,
      'persistence true',
      `persistence_location ${dir}/`,
      'persistent_client_expiration 1h',
      'max_inflight_messages 1000',
      'max_queued_messages 100000',
      // As root Mosquitto switches to the user `mosquitto`, who cannot write the temporary directory.
      ...(process.getuid?.() === 0 ? ['user root'] : []),
      extra,
    ].join('\n'),
  );
  let child: ChildProcess;
  const up = async () => {
    child = spawn(MOSQUITTO!, ['-c', conf], { stdio: 'ignore' });
    await until(
      'mosquitto listening',
      () =>
        new Promise<boolean>((resolve) => {
          const socket = net.connect(port, '127.0.0.1', () => {
            socket.end();
            resolve(true);
          });
          socket.on('error', () => resolve(false));
        }),
      (ok) => ok,
      10_000,
    );
  };
  const down = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    // SIGTERM: Mosquitto saves its persistence file on the way out, as a service restart does.
    child.kill('SIGTERM');
    await exited;
  };
  await up();
  return {
    port,
    url: `mqtt://127.0.0.1:${port}`,
    async restart() {
      await down();
      await up();
    },
    async stop() {
      await down();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface ServerProcess {
  url: string;
  output: string[];
  child: ChildProcess;
  /** JSON log lines whose `msg` starts with `prefix`. */
  lines(prefix: string): string[];
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/** One server process as `npm start` runs it (main.ts through tsx), waited for until /api/health answers. */
export async function startServer(env: Record<string, string>, startMs = 60_000): Promise<ServerProcess> {
  const port = await freePort();
  const output: string[] = [];
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'packages/server/src/main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      ADMIN_PASSWORD: 'Admin12345',
      LOGIN_IDENTIFY_CODE: 'off',
      LOG_LEVEL: 'info',
      WEB_DIST: '/nonexistent',
      TEST_DB: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  for (const stream of [child.stdout!, child.stderr!]) stream.on('data', (b: Buffer) => output.push(b.toString()));
  const url = `http://127.0.0.1:${port}`;
  await until(
    `the server answers /api/health\n${output.join('')}`,
    async () => (await fetch(`${url}/api/health`)).status,
    (s) => s === 200,
    startMs,
  );
  return {
    url,
    output,
    child,
    lines: (prefix) =>
      output
        .join('')
        .split('\n')
        .filter((l) => {
          try {
            return String((JSON.parse(l) as { msg?: string }).msg ?? '').startsWith(prefix);
          } catch {
            return false;
          }
        }),
    async stop(signal = 'SIGTERM') {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill(signal);
      await exited;
    },
  };
}

/**
 * A device publishing one QoS 1 reading every `everyMs`, each with its own time (`ts` = first + n), so
 * what is stored can be counted against what the broker acknowledged. It keeps its session (clean
 * false) and reconnects, resending what was not acknowledged, as a device should.
 */
export async function countedPublisher(
  url: string,
  device: { equipmentId: string; key1: string },
  options: { everyMs?: number; reconnectMs?: number; values?: (n: number) => Record<string, number> } = {},
) {
  const client: MqttClient = await mqtt.connectAsync(url, {
    clientId: device.equipmentId,
    username: device.equipmentId,
    password: device.key1,
    clean: false,
    reconnectPeriod: options.reconnectMs ?? 300,
    connectTimeout: 5000,
  });
  const first = Date.now() - 60_000;
  const acked = new Set<number>();
  let sent = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      const n = sent++;
      client.publish(
        upTopic(device.equipmentId, 'telemetry'),
        JSON.stringify({ ts: first + n, values: options.values?.(n) ?? { humidity: n % 100 } }),
        { qos: 1 },
        (err) => {
          if (!err) acked.add(n);
        },
      );
      await sleep(options.everyMs ?? 10);
    }
  })();
  return {
    client,
    first,
    acked,
    sent: () => sent,
    /** Stops publishing; `close` then waits for what is still unacknowledged (up to `graceMs`). */
    async stop() {
      running = false;
      await loop;
    },
    async close(graceMs = 20_000) {
      running = false;
      await loop;
      await until(
        'every message acknowledged',
        async () => acked.size,
        (n) => n >= sent,
        graceMs,
      ).catch(() => undefined);
      await client.endAsync(true);
    },
  };
}
