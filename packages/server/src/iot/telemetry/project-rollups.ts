import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
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

const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;

/**
 * `INSERT … ON CONFLICT` adding the `sum: true` readings of `source` (a CTE of hourly aggregates of
 * the readings just inserted: `<column>_sum` and `<column>_n` per device and hour) into the project's
 * day totals (days from `dayOrigin`, whole hours); null when the family has none. Rows in key order,
 * so two instances adding to a project's day lock it alike.
 */
export function upsertProjectDaily(
  table: string,
  readings: readonly ReadingColumn[],
  source: string,
  dayOrigin: string,
): SQL | null {
  const sums = readings.filter((r) => r.sum);
  if (sums.length === 0) return null;
  const triples = sums
    .map((r) => {
      const c = columnName(r.key);
      return `(${literal(r.key)}, s."${c}_sum", s."${c}_n")`;
    })
    .join(', ');
  return sql`INSERT INTO ${sql.raw(PROJECT_DAILY_TABLE)} AS p (project_id, source, reading, bucket, sum, n)
    SELECT s.project_id, ${sql.raw(literal(table))}, v.reading, date_bin('1 day', s.bucket, ${sql.raw(`timestamptz '${dayOrigin}'`)}), sum(v.sum), sum(v.n)
    FROM ${sql.raw(`"${source}"`)} s CROSS JOIN LATERAL (VALUES ${sql.raw(triples)}) AS v(reading, sum, n)
    WHERE v.n > 0
    GROUP BY 1, 3, 4 ORDER BY 1, 3, 4
    ON CONFLICT (project_id, source, reading, bucket) DO UPDATE SET sum = p.sum + excluded.sum, n = p.n + excluded.n`;
}

/** How long one point of a project's totals is. */
export type TotalsUnit = 'day' | 'month' | 'year';

export interface TotalsPoint {
  /** Start of the day, month or year (midnight of the system timezone). */
  at: Date;
  [key: string]: number | null | Date;
}

/**
 * A project's totals of a family's energy-like readings per day, month or year over a period, from the
 * per-project daily rollup: a year by day is 365 rows, ten years by month 3,650, whatever the number of
 * devices. Months and years begin at midnight of the system timezone (`dayOffsetHours`).
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
  const values = sql.join(
    sums.map((r) => sql`sum(sum) FILTER (WHERE reading = ${r.key})::float8 AS ${sql.identifier(r.key)}`),
    sql`, `,
  );
  // Days whose local midnight falls in the period: a day holding `from` counts from its start.
  const since = new Date(from.getTime() - 86_400_000);
  const result = (await db.execute(
    sql`SELECT ${at} AS at, ${values} FROM ${sql.raw(PROJECT_DAILY_TABLE)}
        WHERE project_id = ${projectId} AND source = ${t.name}
          AND bucket > ${since.toISOString()}::timestamptz AND bucket <= ${to.toISOString()}::timestamptz
        GROUP BY 1 ORDER BY 1`,
  )) as unknown as { rows: Record<string, unknown>[] };
  return result.rows.map((row) => {
    const point: TotalsPoint = { at: new Date(row.at as string | Date) };
    for (const r of sums) point[r.key] = row[r.key] === null || row[r.key] === undefined ? null : Number(row[r.key]);
    return point;
  });
}
