import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { dayOrigin, readingsSince, rolledToNow } from './rollups.js';
import {
  columnName,
  daysOf,
  type ReadingColumn,
  ROLLUP_FILLFACTOR,
  ROLLUP_RETENTION,
  type TimePartitioned,
} from './tables.js';

/** Per project and day, the totals of every family's energy-like readings (db/schema/telemetry.ts `readingsProjectDaily`). */
export const PROJECT_DAILY_TABLE = 'readings_project_daily';

/** Partitioned by month like the device rollups, and kept as long as the daily ones. */
export const PROJECT_DAILY_PARTITIONS: TimePartitioned = {
  name: PROJECT_DAILY_TABLE,
  column: 'bucket',
  unit: 'month',
  retentionDays: (s) => daysOf(s, ROLLUP_RETENTION.day, 3650),
  fillfactor: ROLLUP_FILLFACTOR.day,
};

/** How long one point of a project's totals is. */
export type TotalsUnit = 'day' | 'month' | 'year';

export interface TotalsPoint {
  /** Start of the day, month or year (midnight of the system timezone). */
  at: Date;
  [key: string]: number | null | Date;
}

/**
 * A project's totals of a family's energy-like readings per day, month or year over a period, from the
 * per-project daily rollup (and the readings the rollup job has not folded yet: today is current): a
 * year by day is 365 rows, ten years by month 3,650, whatever the number of devices. Months and years begin at midnight of the system timezone (`dayOffsetHours`).
 */
export async function projectTotals(
  db: Db,
  t: { name: string; readings: readonly ReadingColumn[] },
  projectId: number,
  from: Date,
  to: Date,
  unit: TotalsUnit,
  dayOffsetHours = 0,
): Promise<TotalsPoint[]> {
  const sums = t.readings.filter((r) => r.sum);
  if (sums.length === 0) return [];
  const offset = `interval '${Math.round(dayOffsetHours)} hours'`;
  // The day's local date (bucket is local midnight), truncated to the month or year, back to its instant.
  const at =
    unit === 'day'
      ? sql`bucket`
      : sql.raw(`(date_trunc('${unit}', (bucket + ${offset}) AT TIME ZONE 'UTC') AT TIME ZONE 'UTC') - ${offset}`);
  const days = await projectDailySums(db, t, projectId, from, to, dayOffsetHours);
  const values = sql.join(
    sums.map((r) => sql`sum(${sql.identifier(r.key)})::float8 AS ${sql.identifier(r.key)}`),
    sql`, `,
  );
  const result = (await db.execute(
    sql`SELECT ${at} AS at, ${values} FROM (${days}) d GROUP BY 1 ORDER BY 1`,
  )) as unknown as { rows: Record<string, unknown>[] };
  return result.rows.map((row) => {
    const point: TotalsPoint = { at: new Date(row.at as string | Date) };
    for (const r of sums) point[r.key] = row[r.key] === null || row[r.key] === undefined ? null : Number(row[r.key]);
    return point;
  });
}

/**
 * A project's (or its subtree's: `project` a condition on a project id column; or some of its devices') day totals of a family's `sum` readings as rows `(bucket, <key>
 * per reading)`, one per day and part, for days whose local midnight is in (from - 1 day, to]: the
 * project's daily totals the rollup job keeps (days of folded hours), plus the readings from the
 * watermark on (the hour or two not folded yet) added up by local day. `devices` (a subquery of ids)
 * reads the devices' daily rollups instead of the project's totals. Sum the rows per bucket.
 */
export async function projectDailySums(
  db: Db,
  t: { name: string; readings: readonly ReadingColumn[] },
  project: number | ((column: SQL) => SQL),
  from: Date,
  to: Date,
  dayOffsetHours = 0,
  devices?: SQL,
): Promise<SQL> {
  const sums = t.readings.filter((r) => r.sum);
  const since = new Date(from.getTime() - 86_400_000).toISOString();
  const until = to.toISOString();
  const origin = dayOrigin(dayOffsetHours);
  const ahead = await rolledToNow(db, t.name);
  const projects = typeof project === 'number' ? (column: SQL) => sql`${column} = ${project}` : project;
  const folded = devices
    ? sql`SELECT bucket, ${sql.join(
        sums.map((r) => sql.raw(`"${columnName(r.key)}_sum" AS "${r.key}"`)),
        sql`, `,
      )} FROM ${sql.raw(`"${t.name}_daily"`)}
      WHERE ${projects(sql`project_id`)} AND device_id IN (${devices})
        AND bucket > ${since}::timestamptz AND bucket <= ${until}::timestamptz`
    : sql`SELECT bucket, ${sql.join(
        sums.map((r) => sql`CASE WHEN reading = ${r.key} THEN sum END AS ${sql.identifier(r.key)}`),
        sql`, `,
      )} FROM ${sql.raw(PROJECT_DAILY_TABLE)}
      WHERE ${projects(sql`project_id`)} AND source = ${t.name}
        AND bucket > ${since}::timestamptz AND bucket <= ${until}::timestamptz`;
  const raw = sql`SELECT date_bin('1 day', r.at, ${sql.raw(`timestamptz '${origin}'`)}) AS bucket, ${sql.join(
    sums.map((r) => sql.raw(`sum(r."${columnName(r.key)}"::float8) AS "${r.key}"`)),
    sql`, `,
  )}
    ${readingsSince(t.name, { projects, devices }, ahead)} AND r.at > ${since}::timestamptz
      AND r.at < ${new Date(to.getTime() + 86_400_000).toISOString()}::timestamptz
    GROUP BY 1`;
  return sql`SELECT * FROM (${folded} UNION ALL ${raw}) p WHERE bucket > ${since}::timestamptz AND bucket <= ${until}::timestamptz`;
}
