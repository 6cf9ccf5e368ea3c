import { sql } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import type { Db } from '../../db/client.js';
import { queryRows } from '../../test/factories.js';
import { emptyDatabase, MIGRATIONS, migrationsBefore } from '../../test/migration-steps.js';

const folder = MIGRATIONS;
/** The migrations up to (not including) the one whose tag ends with `suffix`. */
const before = (suffix = '_partitioned_telemetry') => migrationsBefore(suffix);

const cleanup: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const c of cleanup.reverse()) await c();
});

async function open(): Promise<{ db: Db; migrate: (dir: string) => Promise<void> }> {
  const database = await emptyDatabase();
  cleanup.push(database.close);
  return database;
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

it('adds the latest-values table filled from the readings so far, and the per-project daily totals partitioned', async () => {
  const { db, migrate } = await open();
  await migrate(before('_readings_latest_and_project_daily'));
  await db.execute(sql`INSERT INTO env_readings (device_id, project_id, at, temperature, soil_humidity) VALUES
    (1, 1, '2026-11-20T10:00:00Z', 20.5, 30), (1, 1, '2026-11-21T10:00:00Z', 21.5, null), (2, 3, '2026-11-19T23:59:59Z', 3, 44)`);
  await db.execute(
    sql`INSERT INTO whm_readings (device_id, project_id, at, reading, energy) VALUES (5, 1, '2026-11-21T08:00:00Z', 1200, 1.5)`,
  );
  await db.execute(sql`INSERT INTO whm_readings_daily (device_id, project_id, bucket, n, energy_sum, energy_n) VALUES
    (5, 1, '2026-11-20T16:00:00Z', 3, 4.5, 3), (6, 1, '2026-11-20T16:00:00Z', 1, 1, 1), (7, 2, '2026-11-20T16:00:00Z', 1, null, 0)`);
  await migrate(folder);

  expect(
    await queryRows(
      db,
      sql`SELECT device_id, source, project_id, to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS') AS at, "values"
          FROM readings_latest ORDER BY device_id, source`,
    ),
  ).toEqual([
    { device_id: 1, source: 'env_readings', project_id: 1, at: '2026-11-21 10:00:00', values: { temperature: 21.5 } },
    {
      device_id: 2,
      source: 'env_readings',
      project_id: 3,
      at: '2026-11-19 23:59:59',
      values: { temperature: 3, soilHumidity: 44 },
    },
    {
      device_id: 5,
      source: 'whm_readings',
      project_id: 1,
      at: '2026-11-21 08:00:00',
      values: { reading: 1200, energy: 1.5 },
    },
  ]);
  expect(await queryRows(db, sql`SELECT project_id, source, reading, sum, n FROM readings_project_daily`)).toEqual([
    { project_id: 1, source: 'whm_readings', reading: 'energy', sum: 5.5, n: 4 },
  ]);
  expect(
    await queryRows(
      db,
      sql`SELECT c.relkind, (SELECT count(*)::int FROM pg_inherits i WHERE i.inhparent = c.oid) AS partitions
          FROM pg_class c WHERE c.relname = 'readings_project_daily'`,
    ),
  ).toEqual([{ relkind: 'p', partitions: 1 }]);
  await expect(
    db.execute(
      sql`INSERT INTO readings_project_daily (project_id, source, reading, bucket, sum, n)
          SELECT project_id, source, reading, bucket, 2, 1 FROM readings_project_daily`,
    ),
  ).rejects.toThrow();
}, 120_000);
