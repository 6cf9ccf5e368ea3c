import { type SQL, sql } from 'drizzle-orm';
import { type Db, rowsAffected } from '../../db/client.js';
import { DAY_MS, HOUR_ORIGIN } from './partitions.js';
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
 * (`json_strip_nulls` writes no spaces): what `readings_latest.values` stores and the latest values send
 * out as is. A function takes at most 100 arguments: past 40 readings the pieces are
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
 * How the writer's statement keeps each device's row of `readings_latest` from the rows of `source`
 * (a CTE of the readings just inserted). The row says when and in which project the device last
 * reported, to the hour: its `at` is a reading of the device's newest hour (the first the writer saw),
 * and readers take the newest reading from there on in the readings themselves (`statesJson`). So a
 * device reporting every 5 minutes rewrites its row once an hour, not at every reading: an updated row
 * is a new row version and a WAL record, which cost the writer as much as storing the reading. Its
 * invariant, `at` in the hour of the device's newest reading, is what `readingsSince` relies on. The
 * batch writer gives the statement only the rows that may move a row (readings-batch.ts), `source`.
 * - `ctes`: each device's newest row when a device may appear more than once (`unique` false: one row
 *   per device, as at one reading per device per flush, skips that sort), then an insert of the
 *   devices with no row yet (their first readings; `ON CONFLICT` for two writers inserting the same
 *   device at once), found by an index probe each;
 * - `update`: a plain `UPDATE … FROM` of the devices whose newest reading is in a later hour than their
 *   row's (or in another project). Cheaper than `INSERT … ON CONFLICT DO UPDATE`, which locks each row
 *   (a heap write and a WAL record) before deciding. A row updated meanwhile by another writer is
 *   re-checked against its new `at` (READ COMMITTED re-evaluation): an older reading never wins.
 * The update and the insert see the statement's snapshot, so a device is in exactly one of them.
 * Lock order: a deadlock between two writers is retried by the batch writer.
 */
export function latestWrites(
  table: string,
  readings: readonly ReadingColumn[],
  source: string,
  options: { unique: boolean },
): { ctes: SQL[]; update: SQL } {
  const ctes: SQL[] = [];
  let s = sql.raw(`"${source}"`);
  if (!options.unique) {
    ctes.push(sql`latest_s AS (SELECT DISTINCT ON (device_id) * FROM ${s} ORDER BY device_id, at DESC)`);
    s = sql.raw('latest_s');
  }
  const t = sql.raw(literal(table));
  ctes.push(sql`latest_i AS (INSERT INTO ${sql.raw(LATEST_TABLE)} AS l (device_id, source, project_id, at, "values")
      SELECT device_id, ${t}, project_id, at, ${valuesObject(readings, 's.')} FROM ${s} s
      WHERE NOT EXISTS (SELECT 1 FROM ${sql.raw(LATEST_TABLE)} e WHERE e.device_id = s.device_id AND e.source = ${t})
      ORDER BY device_id
      ON CONFLICT (device_id, source) DO UPDATE
        SET project_id = excluded.project_id, at = excluded.at, "values" = excluded."values"
        WHERE excluded.at >= l.at
      RETURNING 1)`);
  const update = sql`UPDATE ${sql.raw(LATEST_TABLE)} AS l
      SET project_id = s.project_id, at = s.at, "values" = ${valuesObject(readings, 's.')}
      FROM ${s} s WHERE l.device_id = s.device_id AND l.source = ${t} AND s.at >= l.at
        AND (s.at >= ${nextHour(sql`l.at`)} OR s.project_id <> l.project_id)`;
  return { ctes, update };
}

/** The start of the hour after the one `at` falls in (UTC hours, the rollups' buckets). */
const nextHour = (at: SQL) => sql`date_bin('1 hour', ${at}, timestamptz '${sql.raw(HOUR_ORIGIN)}') + interval '1 hour'`;

type ReadingsTable = { name: string; readings: readonly ReadingColumn[] };

/**
 * The states as one JSON text built in SQL, `[[id, at (epoch ms), {values}], …]`: the driver reads one
 * value and the client parses it once, instead of decoding 10,000 rows of columns. Each device's row of
 * `readings_latest` (`l`, filtered by `where`) holds a reading of the hour of its newest (see
 * `latestWrites`): the newest is one backward step of the readings' `(device_id, at)` index from there
 * (the partitions before it pruned as the query runs; bounding it by the hour's end too made the
 * planner sort each device's hour instead, 3-4 times slower). The row's own values stand in when the
 * readings are gone (dropped with their partition, before the retention job removes the row).
 * Exported for the benchmark.
 */
export const statesJson = (t: ReadingsTable, where: SQL) =>
  sql`SELECT '[[' || coalesce(string_agg(l.device_id::text || ',' || floor(date_part('epoch', coalesce(x.at, l.at)) * 1000)::int8::text || ',' || coalesce(x.v, l."values"::text), '],['), '') || ']]' AS states
    FROM ${sql.raw(LATEST_TABLE)} l LEFT JOIN LATERAL (
      SELECT r.at, (${valuesObject(t.readings, 'r.')})::text AS v FROM ${sql.raw(`"${t.name}"`)} r
      WHERE r.device_id = l.device_id AND r.at >= l.at ORDER BY r.at DESC LIMIT 1) x ON true
    WHERE l.source = ${t.name} AND ${where}`;

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
export async function latestOf(db: Db, t: ReadingsTable, deviceIds: readonly number[]): Promise<LatestState[]> {
  if (deviceIds.length === 0) return [];
  return states(db, t.readings, statesJson(t, sql`l.device_id = ANY(${sql.param([...deviceIds])}::int4[])`));
}

/** The latest readings of every device of a project that reported to this readings table, by device id. */
export async function latestOfProject(db: Db, t: ReadingsTable, projectId: number): Promise<LatestState[]> {
  return states(db, t.readings, statesJson(t, sql`l.project_id = ${projectId}`));
}

/**
 * The average and the sum of each reading over the latest readings of some devices (null: none sent it),
 * how many reported, the newest time.
 */
export interface LatestAverages {
  reporting: number;
  at: Date | null;
  averages: Record<string, number | null>;
  sums: Record<string, number | null>;
}

/**
 * `LatestAverages` of the devices of `l` (rows of `readings_latest` filtered by `where`) in one
 * statement: each device's newest reading as `statesJson` finds it (its row's values when the readings
 * are gone), averaged in SQL rather than sent over one device at a time.
 */
export async function latestAverages(db: Db, t: ReadingsTable, where: SQL): Promise<LatestAverages> {
  const value = (key: string) =>
    sql`CASE WHEN x.at IS NULL THEN (l."values"->>${key})::float8 ELSE x.${sql.identifier(columnName(key))}::float8 END`;
  const averages = t.readings.flatMap((r) => [
    sql`avg(${value(r.key)}) AS ${sql.identifier(r.key)}`,
    sql`sum(${value(r.key)}) AS ${sql.identifier(`${r.key}:sum`)}`,
  ]);
  const columns = t.readings.map((r) => sql`r.${sql.identifier(columnName(r.key))}`);
  const result = (await db.execute(sql`
    SELECT count(*)::int AS reporting, max(coalesce(x.at, l.at)) AS newest${averages.length ? sql`, ${sql.join(averages, sql`, `)}` : sql``}
    FROM ${sql.raw(LATEST_TABLE)} l LEFT JOIN LATERAL (
      SELECT r.at${columns.length ? sql`, ${sql.join(columns, sql`, `)}` : sql``} FROM ${sql.raw(`"${t.name}"`)} r
      WHERE r.device_id = l.device_id AND r.at >= l.at ORDER BY r.at DESC LIMIT 1) x ON true
    WHERE l.source = ${t.name} AND ${where}`)) as unknown as { rows: Record<string, unknown>[] };
  const row = result.rows[0] ?? {};
  const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  const averages_: Record<string, number | null> = {};
  const sums: Record<string, number | null> = {};
  for (const r of t.readings) {
    averages_[r.key] = num(row[r.key]);
    sums[r.key] = num(row[`${r.key}:sum`]);
  }
  return {
    reporting: Number(row.reporting ?? 0),
    at: row.newest ? new Date(row.newest as string) : null,
    averages: averages_,
    sums,
  };
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
  if (sources.length) {
    const names = sources.map((s) => s.name);
    const cutoffs = sources.map((s) => new Date(now.getTime() - s.retentionDays(settings) * DAY_MS).toISOString());
    removed += rowsAffected(
      await db.execute(sql`DELETE FROM ${sql.raw(LATEST_TABLE)} l
        USING unnest(${sql.param(names)}::text[], ${sql.param(cutoffs)}::timestamptz[]) AS c(source, cutoff)
        WHERE l.source = c.source AND l.at < c.cutoff`),
    );
  }
  removed += rowsAffected(
    await db.execute(
      sql`DELETE FROM ${sql.raw(LATEST_TABLE)} l WHERE NOT EXISTS (SELECT 1 FROM devices d WHERE d.id = l.device_id)`,
    ),
  );
  return removed;
}
