import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { type Database, openPglite, openPostgres } from '../db/client.js';
import { createIotDevice, queryRows } from '../test/factories.js';
import {
  countedPublisher,
  freePort,
  PG_BIN,
  type ServerProcess,
  startOwnPostgres,
  startServer,
} from './fault-harness.js';

/**
 * The server killed (SIGKILL) while a device publishes counted QoS 1 readings to the embedded broker:
 * the broker acknowledges a reading only once it is stored, so every reading the device saw
 * acknowledged is in the database after the restart, on PGlite and on PostgreSQL.
 */
const skip = process.env.TEST_DB === 'pg';
const servers: ServerProcess[] = [];
afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop('SIGKILL')));
}, 30_000);

async function serve(env: Record<string, string>) {
  // A first start on PGlite migrates and seeds a new data folder: slow beside other suites.
  const server = await startServer(env, 150_000);
  servers.push(server);
  return server;
}

type Device = { id: number; equipmentId: string; key1: string };

/** Publishes for a while and kills the server; answers what was acknowledged before the kill. */
async function killWhilePublishing(server: ServerProcess, port: string, device: Device) {
  const publisher = await countedPublisher(`mqtt://127.0.0.1:${port}`, device, { everyMs: 5 });
  await new Promise((r) => setTimeout(r, 3000));
  await server.stop('SIGKILL');
  await publisher.stop();
  const acked = new Set(publisher.acked);
  await publisher.client.endAsync(true);
  return { acked, first: publisher.first, sent: publisher.sent() };
}

async function lost(db: Database, deviceId: number, first: number, acked: Set<number>) {
  const rows = await queryRows<{ ms: string }>(
    db.db,
    sql`select (extract(epoch from at) * 1000)::bigint as ms from env_readings where device_id = ${deviceId}`,
  );
  const stored = new Set(rows.map((r) => Number(r.ms) - first));
  return [...acked].filter((n) => !stored.has(n)).length;
}

describe.skipIf(skip)('the server killed while devices publish QoS 1 readings', () => {
  it('on PGlite: every reading acknowledged before the kill is stored', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sc-kill-pglite-'));
    const env = { DATA_DIR: dataDir, DATABASE_URL: '', MQTT_URL: '', MQTT_PORT: String(await freePort()) };
    // A first start migrates and seeds; the device is made while no server holds the data folder.
    await (await serve(env)).stop();
    let database = await openPglite(dataDir, { thread: 'main', template: null });
    const device = await createIotDevice(database.db, { type: 'envmonitor', modelNo: 'envrs485' });
    await database.close();

    const { acked, first, sent } = await killWhilePublishing(await serve(env), env.MQTT_PORT, device);
    // Opened as the next start would, with the recovery a killed PostgreSQL needs.
    database = await openPglite(dataDir, { thread: 'main', template: null });
    try {
      const missing = await lost(database, device.id, first, acked);
      console.info(`kill -9 on PGlite: ${acked.size} acknowledged of ${sent} sent, ${missing} lost`);
      expect(acked.size).toBeGreaterThan(50);
      expect(missing).toBe(0);
    } finally {
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 400_000);

  it.skipIf(!PG_BIN)(
    'on PostgreSQL: every reading acknowledged before the kill is stored',
    async () => {
      const postgres = await startOwnPostgres();
      let database: Database | undefined;
      try {
        const dbName = `sc_kill_${randomBytes(4).toString('hex')}`;
        const admin = new pg.Client({ connectionString: postgres.url });
        await admin.connect();
        await admin.query(`CREATE DATABASE ${dbName}`);
        await admin.end();
        const env = {
          DATABASE_URL: postgres.url.replace(/\/postgres$/, `/${dbName}`),
          PG_POOL_MAX: '4',
          MQTT_URL: '',
          MQTT_PORT: String(await freePort()),
        };
        const server = await serve(env);
        database = await openPostgres(env.DATABASE_URL, 2);
        const device = await createIotDevice(database.db, { type: 'envmonitor', modelNo: 'envrs485' });

        const { acked, first, sent } = await killWhilePublishing(server, env.MQTT_PORT, device);
        const missing = await lost(database, device.id, first, acked);
        console.info(`kill -9 on PostgreSQL: ${acked.size} acknowledged of ${sent} sent, ${missing} lost`);
        expect(acked.size).toBeGreaterThan(50);
        expect(missing).toBe(0);
      } finally {
        await database?.close().catch(() => {});
        postgres.destroy();
      }
    },
    180_000,
  );
});
