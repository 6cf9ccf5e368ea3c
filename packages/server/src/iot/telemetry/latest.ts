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

/**
 * The readings as compact JSON text, `{"key":value,…}` in the family's order, nulls left out
 * (`json_strip_nulls` writes no spaces): what `readings_latest.values` stores and a project's latest
 * values send out as is. A function takes at most 100 arguments: past 40 readings the pieces are
 * built as jsonb, joined, and turned to json.
 */
export function valuesObject(readings: readonly ReadingColumn[], alias = ''): SQL {
  const pieces: string[] = [];
  for (let i = 0; i < readings.length; i += 40)
    pieces.push(
      readings
        .slice(i, i + 40)
        .map((r) => `${literal(r.key)}, ${alias}"${columnName(r.key)}"`)
        .join(', '),
    );
  if (pieces.length === 0) return sql.raw(`'{}'::json`);
  if (pieces.length === 1) return sql.raw(`json_strip_nulls(json_build_object(${pieces[0]}))`);
  return sql.raw(`json_strip_nulls((${pieces.map((p) => `jsonb_build_object(${p})`).join(' || ')})::json)`);
}

/**
 * Makes the newest of the rows of `source` (a CTE of the readings just inserted) each device's latest
 * values; an older reading (a late batch, a device's buffered backlog) never replaces a newer one.
 * Two CTEs to place in the writer's statement (their names are `name`_s, `name`_u, `name`_i):
 * - a plain `UPDATE … FROM` for the devices already there: half the cost of `INSERT … ON CONFLICT DO
 *   UPDATE`, which locks each row (a heap write and a WAL record) before updating it. A row updated
 *   meanwhile by another writer is re-checked against its new `at` (READ COMMITTED re-evaluation);
 * - an insert of the devices not there yet (first readings), with `ON CONFLICT` for two writers
 *   inserting the same device at once.
 * Both see the statement's snapshot, so a device is in exactly one of them (finding the insert's rows
 * by the update's own, `NOT EXISTS`/`NOT IN` over its CTE, measured dearer than this index probe).
 * `unique` (every row of the batch a different device, as at one reading per device per flush) skips
 * picking each device's newest.
 * Lock order: a deadlock between two writers is retried by the batch writer.
 */
export function upsertLatest(
  table: string,
  readings: readonly ReadingColumn[],
  source: string,
  name = 'latest',
  unique = false,
): SQL {
  // Unique: the source itself (another CTE would be one more copy of the batch).
  const s = sql.raw(unique ? `"${source}"` : `${name}_s`);
  const newest = unique
    ? sql``
    : sql`${s} AS (SELECT DISTINCT ON (device_id) * FROM ${sql.raw(`"${source}"`)} ORDER BY device_id, at DESC),`;
  const t = literal(table);
  return sql`${newest}
    ${sql.raw(`${name}_u`)} AS (UPDATE ${sql.raw(LATEST_TABLE)} AS l
      SET project_id = s.project_id, at = s.at, "values" = ${valuesObject(readings, 's.')}
      FROM ${s} s WHERE l.device_id = s.device_id AND l.source = ${sql.raw(t)} AND s.at >= l.at RETURNING 1),
    ${sql.raw(`${name}_i`)} AS (INSERT INTO ${sql.raw(LATEST_TABLE)} AS l (device_id, source, project_id, at, "values")
      SELECT device_id, ${sql.raw(t)}, project_id, at, ${valuesObject(readings, 's.')} FROM ${s} s
      WHERE NOT EXISTS (SELECT 1 FROM ${sql.raw(LATEST_TABLE)} e WHERE e.device_id = s.device_id AND e.source = ${sql.raw(t)})
      ORDER BY device_id
      ON CONFLICT (device_id, source) DO UPDATE
        SET project_id = excluded.project_id, at = excluded.at, "values" = excluded."values"
        WHERE excluded.at >= l.at
      RETURNING 1)`;
}

/**
 * The states as one JSON text built in SQL, `[[id, at (epoch ms), {values}], …]`: the
 * driver reads one value and the client parses it once, instead of decoding 10,000 rows of columns
 * (the query costs PostgreSQL a few milliseconds; the rows cost the client the rest). `values` goes out
 * as stored (a json column: its text, no conversion; jsonb's output function cost the server half the
 * query): taking each reading out as its own column costs more still. Exported for the benchmark.
 */
export const statesJson = (where: SQL) =>
  sql`SELECT '[[' || coalesce(string_agg(device_id::text || ',' || floor(date_part('epoch', at) * 1000)::int8::text || ',' || "values"::text, '],['), '') || ']]' AS states
    FROM ${sql.raw(LATEST_TABLE)} WHERE ${where}`;

async function states(db: Db, readings: readonly ReadingColumn[], query: SQL): Promise<LatestState[]> {
  const result = (await db.execute(query)) as unknown as { rows: { states: string }[] };
  const text = result.rows[0]?.states ?? '[[]]';
  const list = text === '[[]]' ? [] : (JSON.parse(text) as [number, number, Record<string, number>][]);
  // Sorted here, not in SQL: an ORDER BY in the aggregate costs the server more than this costs the client.
  list.sort((a, b) => a[0] - b[0]);
  const keys = readings.map((r) => r.key);
  return list.map(([id, at, stored]) => {
    // Every reading of the family, in its order; null when the device did not send it.
    const values: Record<string, number | null> = {};
    for (const key of keys) values[key] = stored[key] ?? null;
    return { id, at: new Date(at), values };
  });
}

/** The latest readings of these devices in one readings table (devices that never reported are absent). */
export async function latestOf(
  db: Db,
  t: { name: string; readings: readonly ReadingColumn[] },
  deviceIds: readonly number[],
): Promise<LatestState[]> {
  if (deviceIds.length === 0) return [];
  return states(
    db,
    t.readings,
    statesJson(sql`source = ${t.name} AND device_id = ANY(${sql.param([...deviceIds])}::int4[])`),
  );
}

/** The latest readings of every device of a project that reported to this readings table, by device id. */
export async function latestOfProject(
  db: Db,
  t: { name: string; readings: readonly ReadingColumn[] },
  projectId: number,
): Promise<LatestState[]> {
  return states(db, t.readings, statesJson(sql`project_id = ${projectId} AND source = ${t.name}`));
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
