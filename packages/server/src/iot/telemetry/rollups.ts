import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { latestWrites } from './latest.js';
import { DAY_MS, HOUR_MS, HOUR_ORIGIN } from './partitions.js';
import { PROJECT_DAILY_TABLE } from './project-rollups.js';
import { columnName, type ReadingColumn, type SettingValues, type TimePartitioned } from './tables.js';

/**
 * Rollups maintained incrementally, as TimescaleDB's continuous aggregates are:
 * - the batch writer's one statement stores the readings, keeps each device's row of latest values
 *   (`readings_latest`, moved once an hour: see latest.ts) and marks the hours it touched in
 *   `rollup_dirty`;
 * - the rollup job (`foldRollups`, iot/jobs.ts every minute) recomputes the closed dirty hours from
 *   the readings (hourly rollups), the days holding them from the hourly rows (daily rollups) and the
 *   project's days of its `sum` readings from the daily rows (`readings_project_daily`), then moves
 *   the source's watermark (`rollup_watermarks.rolled_to`) to the end of the last closed hour;
 * - readers (series.ts, project-rollups.ts, the lighting repository) take the rollups before the
 *   watermark and the readings from it on, so a chart is current up to the last reading.
 * Each hour is recomputed whole, so a late reading only marks its hour again: nothing is counted
 * twice, and a late reading for an hour already folded shows at the job's next run.
 */
export interface RollupTarget {
  /** The readings table (the `source` of the shared tables). */
  table: string;
  hourly: string;
  daily: string;
  /** Reading columns (snake case) aggregated. */
  columns: readonly string[];
  readings: readonly ReadingColumn[];
}

export const rollupTarget = (t: { name: string; readings: readonly ReadingColumn[] }): RollupTarget => ({
  table: t.name,
  hourly: `${t.name}_hourly`,
  daily: `${t.name}_daily`,
  columns: t.readings.map((r) => columnName(r.key)),
  readings: t.readings,
});

export const DIRTY_TABLE = 'rollup_dirty';
export const WATERMARK_TABLE = 'rollup_watermarks';

const q = (name: string) => sql.raw(`"${name}"`);
const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;
const ts = (d: Date) => sql.raw(`'${d.toISOString()}'::timestamptz`);

/**
 * Origin of the daily buckets: local midnight of the system timezone (an offset in whole hours,
 * setting `timezone`), so a day's point is the installation's day, not UTC's.
 */
export const dayOrigin = (offsetHours: number) =>
  new Date(Date.UTC(2000, 0, 1) - Math.round(offsetHours) * 3600_000).toISOString();

/**
 * The watermark of a readings table as one SQL value: the end of the last hour the rollups hold
 * (minus infinity before the job's first run: the readings alone are read). Read in the reader's own
 * statement, so rollups and readings come from the same snapshot: an hour is in one or the other.
 */
const rolledToText = (source: string) =>
  `(SELECT coalesce(max(rolled_to), '-infinity'::timestamptz) FROM ${WATERMARK_TABLE} WHERE source = ${literal(source)})`;
export const rolledTo = (source: string) => sql.raw(rolledToText(source));

/**
 * The watermark read ahead of a reader's statement, as a constant bound on the readings so the
 * planner keeps only the day partitions from it on (the watermark only moves forward, so the one read
 * in the statement is never earlier).
 */
export async function rolledToNow(db: Db, source: string): Promise<Date | null> {
  const result = (await db.execute(
    sql`SELECT rolled_to FROM ${sql.raw(WATERMARK_TABLE)} WHERE source = ${source}`,
  )) as unknown as { rows: { rolled_to: string | Date }[] };
  const at = result.rows[0]?.rolled_to;
  return at === undefined ? null : new Date(at);
}

/** `at >= <watermark>` with the watermark read beforehand as a constant lower bound (partition pruning). */
export const sinceWatermark = (source: string, ahead: Date | null, column = 'at') =>
  sql.raw(
    `${column} >= ${rolledToText(source)}${ahead ? ` AND ${column} >= '${ahead.toISOString()}'::timestamptz` : ''}`,
  );

/** Whose readings a reader wants: a device's, a project's, or those of some devices of a project. */
export type ReadingsOwner =
  | { deviceId: number }
  | { projectId: number; devices?: SQL }
  | { projects: (column: SQL) => SQL; devices?: SQL };

/**
 * `FROM … WHERE …` of the readings (alias `r`) of an owner from the watermark on: at most the hour or
 * two the job has not folded yet. A device's through the `(device_id, at)` index; a project's through
 * its devices' latest values (`readings_latest`, by project): the devices that reported since the
 * watermark (an hour's start) are those whose row's `at` is that recent (a row holds a reading of its
 * device's newest hour, see latest.ts `latestWrites`), each then read through the same index,
 * so a project of 10,000 devices costs 10,000 short index ranges of the newest day partition, not a
 * scan of it. (A device moved to another project within that hour counts its readings of the hour
 * once folded.)
 */
export function readingsSince(source: string, owner: ReadingsOwner, ahead: Date | null): SQL {
  const since = sinceWatermark(source, ahead, 'r.at');
  if ('deviceId' in owner) return sql`FROM ${q(source)} r WHERE r.device_id = ${owner.deviceId} AND ${since}`;
  const projects = 'projects' in owner ? owner.projects : (column: SQL) => sql`${column} = ${owner.projectId}`;
  return sql`FROM readings_latest l JOIN ${q(source)} r ON r.device_id = l.device_id
    WHERE ${projects(sql`l.project_id`)} AND l.source = ${source} AND ${sinceWatermark(source, ahead, 'l.at')}
      ${owner.devices ? sql`AND l.device_id IN (${owner.devices})` : sql``}
      AND ${projects(sql`r.project_id`)} AND ${since}`;
}

/** What the writer knows of a batch of readings, to spare its statement the work. */
export interface ReadingsBatch {
  /** The hours (UTC, sorted) its readings fall in; null: the statement works them out. */
  hours: readonly Date[] | null;
  /**
   * The rows that may move their device's latest-values row (see `latestWrites`): a `SELECT` of them,
   * one per device; `'none'`; or `'batch'`: every row, each device's newest picked by the statement.
   */
  latest: SQL | 'none' | 'batch';
}

/**
 * The writer's statement: the readings inserted; the hours of the batch marked dirty for the rollup
 * job (one or two rows); the devices' latest-values rows kept (see `latestWrites`).
 * The mark takes the row lock of an existing mark (`DO UPDATE … WHERE false` locks without writing),
 * so a job deleting that mark waits for this statement's commit and then sees its readings: a reading
 * is never left out of an hour whose mark the job consumed. Marks in key order, as the job takes them.
 */
export function insertWithRollups(insert: SQL, target: RollupTarget, batch: ReadingsBatch): SQL {
  const source = sql.raw(literal(target.table));
  const hours = batch.hours
    ? sql`SELECT ${source}, h FROM unnest(${sql.param(batch.hours.map((h) => h.toISOString()))}::timestamptz[]) h`
    : sql`SELECT DISTINCT ${source}, date_bin('1 hour', at, timestamptz '${sql.raw(HOUR_ORIGIN)}') FROM ins ORDER BY 2`;
  const marks = sql`INSERT INTO ${sql.raw(DIRTY_TABLE)} AS d (source, bucket) ${hours}
      ON CONFLICT (source, bucket) DO UPDATE SET bucket = excluded.bucket WHERE false`;
  // The inserted rows are read back only when the statement needs them (a copy of the batch).
  const returning =
    !batch.hours || batch.latest === 'batch'
      ? sql` RETURNING device_id, project_id, at, ${sql.raw(target.columns.map((c) => `"${c}"`).join(', '))}`
      : sql``;
  const ins = sql`ins AS (${insert}${returning})`;
  if (batch.latest === 'none') return sql`WITH ${ins} ${marks}`;
  const ctes = [ins, sql`marks AS (${marks})`];
  let from = 'ins';
  if (batch.latest !== 'batch') {
    ctes.push(sql`latest_r AS (${batch.latest})`);
    from = 'latest_r';
  }
  const latest = latestWrites(target.table, target.readings, from, { unique: from !== 'ins' });
  return sql`WITH ${sql.join([...ctes, ...latest.ctes], sql`, `)} ${latest.update}`;
}

/** Consecutive runs of bucket starts (sorted, ms), each as [start, end). */
function runs(starts: number[], step: number): [Date, Date][] {
  const out: [Date, Date][] = [];
  for (const s of [...new Set(starts)].sort((a, b) => a - b)) {
    const last = out[out.length - 1];
    if (last && last[1].getTime() === s) last[1] = new Date(s + step);
    else out.push([new Date(s), new Date(s + step)]);
  }
  return out;
}

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;

/** The columns of a rollup table in order, and the aggregates of the readings that fill them. */
function rollupColumns(columns: readonly string[]) {
  const names = ['device_id', 'project_id', 'bucket', 'n'];
  for (const c of columns) names.push(`${c}_min`, `${c}_max`, `${c}_sum`, `${c}_n`);
  return sql.raw(names.map((n) => `"${n}"`).join(', '));
}

export interface FoldReport {
  source: string;
  hours: number;
  days: number;
  rolledTo: Date;
}

/**
 * One run of the rollup job for one readings table, inside the caller's transaction (readers never
 * see half of it): the dirty hours closed before `now`'s hour are taken (marks locked in key order,
 * then deleted), each recomputed from the readings (the hour's rows deleted, then per device: count,
 * and per reading min, max, sum and count: exact and idempotent), the days holding them recomputed
 * from the hourly rows (min of mins, max of maxes, sums of sums: a day is whole hours), the project's
 * days of its `sum` readings from those daily rows, and the watermark moved to the start of `now`'s
 * hour. Rows inserted in key order. Marks before `keepSince` (the readings' retention) are dropped
 * unfolded.
 */
export async function foldRollups(
  db: Db,
  target: RollupTarget,
  now: Date,
  dayOffsetHours: number,
  keepSince?: Date,
): Promise<FoldReport> {
  const closed = new Date(Math.floor(now.getTime() / HOUR_MS) * HOUR_MS);
  const source = target.table;
  // Marks of hours past the readings' retention (a job stopped for that long): their readings may be
  // dropped in part, so the rollups already made of them stay as they are.
  if (keepSince)
    await db.execute(sql`DELETE FROM ${sql.raw(DIRTY_TABLE)} WHERE source = ${source} AND bucket < ${ts(keepSince)}`);
  const marks = rowsOf<{ bucket: string | Date }>(
    await db.execute(
      sql`SELECT bucket FROM ${sql.raw(DIRTY_TABLE)} WHERE source = ${source} AND bucket < ${ts(closed)} ORDER BY bucket FOR UPDATE`,
    ),
  ).map((r) => new Date(r.bucket).getTime());
  const origin = dayOrigin(dayOffsetHours);
  const originMs = new Date(origin).getTime();
  const days = new Set<number>();
  if (marks.length) {
    await db.execute(
      sql`DELETE FROM ${sql.raw(DIRTY_TABLE)} WHERE source = ${source} AND bucket = ANY(${sql.param(marks.map((m) => new Date(m).toISOString()))}::timestamptz[])`,
    );
    const aggregates = [
      'device_id',
      'max(project_id)',
      `date_bin('1 hour', at, timestamptz '${HOUR_ORIGIN}')`,
      'count(*)',
    ];
    for (const c of target.columns)
      aggregates.push(`min("${c}")`, `max("${c}")`, `sum("${c}"::float8)`, `count("${c}")`);
    for (const [from, to] of runs(marks, HOUR_MS)) {
      await db.execute(sql`DELETE FROM ${q(target.hourly)} WHERE bucket >= ${ts(from)} AND bucket < ${ts(to)}`);
      await db.execute(
        sql`INSERT INTO ${q(target.hourly)} (${rollupColumns(target.columns)})
          SELECT ${sql.raw(aggregates.join(', '))} FROM ${q(source)} WHERE at >= ${ts(from)} AND at < ${ts(to)}
          GROUP BY 1, 3 ORDER BY 1, 3`,
      );
    }
    for (const m of marks) days.add(originMs + Math.floor((m - originMs) / DAY_MS) * DAY_MS);
    const daily = ['device_id', 'max(project_id)', `date_bin('1 day', bucket, timestamptz '${origin}')`, 'sum(n)'];
    for (const c of target.columns)
      daily.push(`min("${c}_min")`, `max("${c}_max")`, `sum("${c}_sum")`, `sum("${c}_n")`);
    const sums = target.readings.filter((r) => r.sum);
    const triples = sums
      .map((r) => `(${literal(r.key)}, s."${columnName(r.key)}_sum", s."${columnName(r.key)}_n")`)
      .join(', ');
    for (const [from, to] of runs([...days], DAY_MS)) {
      await db.execute(sql`DELETE FROM ${q(target.daily)} WHERE bucket >= ${ts(from)} AND bucket < ${ts(to)}`);
      await db.execute(
        sql`INSERT INTO ${q(target.daily)} (${rollupColumns(target.columns)})
          SELECT ${sql.raw(daily.join(', '))} FROM ${q(target.hourly)} WHERE bucket >= ${ts(from)} AND bucket < ${ts(to)}
          GROUP BY 1, 3 ORDER BY 1, 3`,
      );
      if (!sums.length) continue;
      await db.execute(
        sql`DELETE FROM ${sql.raw(PROJECT_DAILY_TABLE)} WHERE source = ${source} AND bucket >= ${ts(from)} AND bucket < ${ts(to)}`,
      );
      await db.execute(
        sql`INSERT INTO ${sql.raw(PROJECT_DAILY_TABLE)} (project_id, source, reading, bucket, sum, n)
          SELECT s.project_id, ${source}, v.reading, s.bucket, sum(v.sum), sum(v.n)
          FROM ${q(target.daily)} s CROSS JOIN LATERAL (VALUES ${sql.raw(triples)}) AS v(reading, sum, n)
          WHERE s.bucket >= ${ts(from)} AND s.bucket < ${ts(to)} AND v.n > 0
          GROUP BY 1, 3, 4 ORDER BY 1, 3, 4`,
      );
    }
  }
  const [mark] = rowsOf<{ rolled_to: string | Date }>(
    await db.execute(
      sql`INSERT INTO ${sql.raw(WATERMARK_TABLE)} AS w (source, rolled_to) VALUES (${source}, ${ts(closed)})
        ON CONFLICT (source) DO UPDATE SET rolled_to = greatest(w.rolled_to, excluded.rolled_to) RETURNING rolled_to`,
    ),
  );
  return { source, hours: marks.length, days: days.size, rolledTo: new Date(mark!.rolled_to) };
}

/** Marks of hours past their readings' retention (the retention job; the rollup job skips them too). */
export async function pruneDirty(
  db: Db,
  specs: readonly TimePartitioned[],
  settings: SettingValues,
  now: Date,
): Promise<void> {
  for (const spec of specs.filter((x) => x.rollups)) {
    const cutoff = new Date(now.getTime() - spec.retentionDays(settings) * DAY_MS);
    await db.execute(sql`DELETE FROM ${sql.raw(DIRTY_TABLE)} WHERE source = ${spec.name} AND bucket < ${ts(cutoff)}`);
  }
}

/**
 * Every readings table's closed dirty hours folded at once, a transaction per table (what the rollup
 * job does every minute; for tests and tools that read the rollup tables right after storing).
 */
export async function foldNow(
  db: Db,
  tables: readonly { name: string; readings: readonly ReadingColumn[] }[],
  dayOffsetHours: number,
  now = new Date(),
): Promise<FoldReport[]> {
  const reports: FoldReport[] = [];
  for (const t of tables)
    reports.push(await db.transaction((tx) => foldRollups(tx as unknown as Db, rollupTarget(t), now, dayOffsetHours)));
  return reports;
}
