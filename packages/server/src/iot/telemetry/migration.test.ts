import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterAll, expect, it } from 'vitest';
import type { Db } from '../../db/client.js';
import { queryRows } from '../../test/factories.js';

const folder = path.join(import.meta.dirname, '../../db/migrations');
/** The migrations up to (not including) the partitioning one. */
function before(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sc-mig-'));
  fs.mkdirSync(path.join(dir, 'meta'));
  const journal = JSON.parse(fs.readFileSync(path.join(folder, 'meta/_journal.json'), 'utf8'));
  const upTo = journal.entries.findIndex((e: { tag: string }) => e.tag.endsWith('_partitioned_telemetry'));
  journal.entries = journal.entries.slice(0, upTo);
  fs.writeFileSync(path.join(dir, 'meta/_journal.json'), JSON.stringify(journal));
  for (const e of journal.entries) fs.copyFileSync(path.join(folder, `${e.tag}.sql`), path.join(dir, `${e.tag}.sql`));
  return dir;
}

const cleanup: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const c of cleanup.reverse()) await c();
});

async function open(): Promise<{ db: Db; migrate: (dir: string) => Promise<void> }> {
  if (process.env.TEST_DB !== 'pg') {
    const client = await PGlite.create(undefined, { extensions: { pg_trgm } });
    cleanup.push(() => client.close());
    const db = drizzlePglite(client);
    return { db: db as unknown as Db, migrate: (dir) => migratePglite(db, { migrationsFolder: dir }) };
  }
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `sc_test_mig_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  cleanup.push(async () => {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  });
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
  cleanup.push(() => pool.end());
  const db = drizzlePg(pool);
  return { db: db as unknown as Db, migrate: (dir) => migratePg(db, { migrationsFolder: dir }) };
}

it('partitions env_readings and device_events keeping their rows', async () => {
  const { db, migrate } = await open();
  await migrate(before());
  await db.execute(sql`INSERT INTO env_readings (device_id, project_id, at, temperature) VALUES
    (1, 1, '2026-11-20T10:00:00Z', 20.5), (1, 1, '2026-11-21T10:00:00Z', 21.5), (2, 1, '2026-11-21T23:59:59Z', 3)`);
  await db.execute(sql`INSERT INTO device_events (device_id, project_id, type, at, code, event_type, level) VALUES
    (1, 1, 'gateway', '2026-11-20T10:00:00Z', 'OFFLINE', 'occur', 'alarm'), (2, 1, 'oddity', '2026-11-10T10:00:00Z', 'X', 'occur', 'notice')`);
  await migrate(folder);

  const kinds = await queryRows<{ relname: string; relkind: string }>(
    db,
    sql`SELECT relname, relkind FROM pg_class WHERE relname IN ('env_readings', 'device_events', 'env_readings_hourly') ORDER BY 1`,
  );
  expect(kinds.map((k) => k.relkind)).toEqual(['p', 'p', 'p']);
  expect(
    await queryRows(
      db,
      sql`SELECT id::int AS id, device_id, temperature, tableoid::regclass::text AS part FROM env_readings ORDER BY at`,
    ),
  ).toEqual([
    { id: 1, device_id: 1, temperature: 20.5, part: 'env_readings_p20261120' },
    { id: 2, device_id: 1, temperature: 21.5, part: 'env_readings_p20261121' },
    { id: 3, device_id: 2, temperature: 3, part: 'env_readings_p20261121' },
  ]);
  expect(
    await queryRows(db, sql`SELECT type, code, tableoid::regclass::text AS part FROM device_events ORDER BY at`),
  ).toEqual([
    { type: 'oddity', code: 'X', part: 'device_events_other_p20261109' },
    { type: 'gateway', code: 'OFFLINE', part: 'device_events_gateway_p20261116' },
  ]);
  // Ids go on from where they were.
  await db.execute(sql`INSERT INTO env_readings (device_id, project_id, at) VALUES (3, 1, '2026-11-21T12:00:00Z')`);
  expect(await queryRows(db, sql`SELECT max(id)::int AS id FROM env_readings`)).toEqual([{ id: 4 }]);
}, 120_000); // a second embedded database opens: slow on a busy machine
