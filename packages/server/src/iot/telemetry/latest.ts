import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { DAY_MS } from './partitions.js';
import { columnName, type ReadingColumn, type SettingValues, type TimePartitioned } from './tables.js';

/** The table of every family's latest readings (db/schema/telemetry.ts `readingsLatest`). */
export const LATEST_TABLE = 'readings_latest';

/** A device's latest readings: when they were taken and each reading of the family (null when missing). */
export interface LatestState {
  id: number;
  at: Date;
  values: Record<string, number | null>;
}

const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;

/** `jsonb_build_object('key', column, …)` (in pieces of 40: a function takes at most 100 arguments), nulls left out. */
export function valuesObject(readings: readonly ReadingColumn[], alias = ''): SQL {
  const pieces: string[] = [];
  for (let i = 0; i < readings.length; i += 40)
    pieces.push(
      `jsonb_build_object(${readings
        .slice(i, i + 40)
        .map((r) => `${literal(r.key)}, ${alias}"${columnName(r.key)}"`)
        .join(', ')})`,
    );
  return sql.raw(pieces.length ? `jsonb_strip_nulls(${pieces.join(' || ')})` : `'{}'::jsonb`);
}

/**
 * `INSERT … ON CONFLICT` keeping, per device, the newest of the rows of `source` (a CTE of the
 * readings just inserted) in the latest table: an older reading (a late batch, a device's buffered
 * backlog) never replaces a newer one. Rows in device order, so two instances lock them alike.
 */
export function upsertLatest(table: string, readings: readonly ReadingColumn[], source: string): SQL {
  return sql`INSERT INTO ${sql.raw(LATEST_TABLE)} AS l (device_id, source, project_id, at, "values")
    SELECT DISTINCT ON (device_id) device_id, ${sql.raw(literal(table))}, project_id, at, ${valuesObject(readings)}
    FROM ${sql.raw(`"${source}"`)} ORDER BY device_id, at DESC
    ON CONFLICT (device_id, source) DO UPDATE
      SET project_id = excluded.project_id, at = excluded.at, "values" = excluded."values"
      WHERE excluded.at >= l.at`;
}

/**
 * Each reading taken out of `values` as its own float8 column (so the driver reads plain numbers: 10,000
 * rows of parsed JSON cost the client more than the query costs the server).
 */
const readingColumns = (readings: readonly ReadingColumn[]) =>
  sql.raw(readings.map((r, i) => `("values" ->> ${literal(r.key)})::float8 AS r${i}`).join(', ') || 'NULL AS r0');

type LatestRow = { device_id: number; at: string | Date } & Record<string, number | null>;

const toState =
  (readings: readonly ReadingColumn[]) =>
  (row: LatestRow): LatestState => {
    const values: Record<string, number | null> = {};
    readings.forEach((r, i) => {
      values[r.key] = row[`r${i}`] ?? null;
    });
    return { id: row.device_id, at: new Date(row.at), values };
  };

/** The latest readings of these devices in one readings table (devices that never reported are absent). */
export async function latestOf(
  db: Db,
  t: { name: string; readings: readonly ReadingColumn[] },
  deviceIds: readonly number[],
): Promise<LatestState[]> {
  if (deviceIds.length === 0) return [];
  const result = (await db.execute(
    sql`SELECT device_id, at, ${readingColumns(t.readings)} FROM ${sql.raw(LATEST_TABLE)}
        WHERE source = ${t.name} AND device_id = ANY(${sql.param([...deviceIds])}::int4[]) ORDER BY device_id`,
  )) as unknown as { rows: LatestRow[] };
  return result.rows.map(toState(t.readings));
}

/** The latest readings of every device of a project that reported to this readings table, by device id. */
export async function latestOfProject(
  db: Db,
  t: { name: string; readings: readonly ReadingColumn[] },
  projectId: number,
): Promise<LatestState[]> {
  const result = (await db.execute(
    sql`SELECT device_id, at, ${readingColumns(t.readings)} FROM ${sql.raw(LATEST_TABLE)}
        WHERE project_id = ${projectId} AND source = ${t.name} ORDER BY device_id`,
  )) as unknown as { rows: LatestRow[] };
  return result.rows.map(toState(t.readings));
}

/**
 * Latest rows past their readings table's retention (the readings behind them are dropped: the device
 * shows no reading, as its history does) and rows of deleted devices. One row per device at most, so a
 * plain DELETE.
 */
export async function pruneLatest(
  db: Db,
  specs: readonly TimePartitioned[],
  settings: SettingValues,
  now: Date,
): Promise<number> {
  const sources = specs.filter((s) => !s.list && s.column === 'at');
  let removed = 0;
  const count = (r: unknown) => {
    const x = r as { rowCount?: number; affectedRows?: number };
    return x.rowCount ?? x.affectedRows ?? 0;
  };
  if (sources.length) {
    const names = sources.map((s) => s.name);
    const cutoffs = sources.map((s) => new Date(now.getTime() - s.retentionDays(settings) * DAY_MS).toISOString());
    removed += count(
      await db.execute(sql`DELETE FROM ${sql.raw(LATEST_TABLE)} l
        USING unnest(${sql.param(names)}::text[], ${sql.param(cutoffs)}::timestamptz[]) AS c(source, cutoff)
        WHERE l.source = c.source AND l.at < c.cutoff`),
    );
  }
  removed += count(
    await db.execute(
      sql`DELETE FROM ${sql.raw(LATEST_TABLE)} l WHERE NOT EXISTS (SELECT 1 FROM devices d WHERE d.id = l.device_id)`,
    ),
  );
  return removed;
}
