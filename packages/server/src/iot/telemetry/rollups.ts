import { type SQL, sql } from 'drizzle-orm';
import { upsertLatest } from './latest.js';
import { upsertProjectDaily } from './project-rollups.js';
import { columnName, type ReadingColumn } from './tables.js';

/**
 * What the batch writer keeps beside a readings table: its hourly and daily rollups, the latest values
 * of each device (`readings_latest`) and the project's daily totals of its `sum` readings
 * (`readings_project_daily`).
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

const q = (name: string) => sql.raw(`"${name}"`);

/**
 * Origin of the daily buckets: local midnight of the system timezone (an offset in whole hours,
 * setting `timezone`), so a day's point is the installation's day, not UTC's.
 */
export const dayOrigin = (offsetHours: number) =>
  new Date(Date.UTC(2000, 0, 1) - Math.round(offsetHours) * 3600_000).toISOString();

/**
 * The hourly aggregates of the rows of `source` (a CTE of the readings just inserted): per device and
 * hour, the count, and per reading its min, max, sum and count. Named columns as in the rollup tables.
 */
function hourlyAggregate(source: string, columns: readonly string[]): SQL {
  const values = [
    'device_id',
    'max(project_id) AS project_id',
    `date_bin('1 hour', at, timestamptz '2000-01-01T00:00:00Z') AS bucket`,
    'count(*) AS n',
  ];
  for (const c of columns)
    values.push(
      `min("${c}") AS "${c}_min"`,
      `max("${c}") AS "${c}_max"`,
      `sum("${c}"::float8) AS "${c}_sum"`,
      `count("${c}") AS "${c}_n"`,
    );
  return sql.raw(`SELECT ${values.join(', ')} FROM "${source}" GROUP BY 1, 3`);
}

/**
 * The daily aggregates from hourly ones (`source`, rows as `hourlyAggregate` gives): a day is whole
 * hours (its origin an offset in whole hours), so min of mins, max of maxes, sums of sums and counts
 * are exactly the day's aggregates of the readings.
 */
function dailyFromHourly(source: string, columns: readonly string[], day: string): SQL {
  const values = ['device_id', 'max(project_id)', `date_bin('1 day', bucket, timestamptz '${day}')`, 'sum(n)'];
  for (const c of columns) values.push(`min("${c}_min")`, `max("${c}_max")`, `sum("${c}_sum")`, `sum("${c}_n")`);
  return sql.raw(`SELECT ${values.join(', ')} FROM "${source}" GROUP BY 1, 3`);
}

/** `INSERT … ON CONFLICT` adding aggregate rows (`select`, in the rollup table's column order) into one rollup table. */
function upsert(table: string, select: SQL, columns: readonly string[]): SQL {
  const names = ['device_id', 'project_id', 'bucket', 'n'];
  const sets: string[] = ['project_id = excluded.project_id', 'n = r.n + excluded.n'];
  for (const c of columns) {
    names.push(`${c}_min`, `${c}_max`, `${c}_sum`, `${c}_n`);
    sets.push(
      `"${c}_min" = least(r."${c}_min", excluded."${c}_min")`,
      `"${c}_max" = greatest(r."${c}_max", excluded."${c}_max")`,
      `"${c}_sum" = coalesce(r."${c}_sum" + excluded."${c}_sum", r."${c}_sum", excluded."${c}_sum")`,
      `"${c}_n" = r."${c}_n" + excluded."${c}_n"`,
    );
  }
  // Rows in key order: two instances adding to the same buckets lock them in the same order.
  return sql`INSERT INTO ${q(table)} AS r (${sql.raw(names.map((n) => `"${n}"`).join(', '))})
    SELECT * FROM (${select}) a ORDER BY 1, 3
    ON CONFLICT (device_id, bucket) DO UPDATE SET ${sql.raw(sets.join(', '))}`;
}

/**
 * One statement (so one transaction): the readings inserted; their hourly aggregates (count, min, max,
 * sum per reading; averages are sum / count) computed once and added to the hourly rollups; the daily
 * rollups and the project's day totals of the `sum` readings added to from those hourly aggregates (a
 * few rows per device instead of every reading again); each device's newest row made its latest values
 * unless a newer one is there. All are thus current as soon as the readings are stored, late readings
 * included, with no job to lag behind.
 */
export function insertWithRollups(insert: SQL, target: RollupTarget, dayOffsetHours: number): SQL {
  const day = dayOrigin(dayOffsetHours);
  const project = upsertProjectDaily(target.table, target.readings, 'hagg', day);
  return sql`WITH ins AS (${insert} RETURNING device_id, project_id, at, ${sql.raw(target.columns.map((c) => `"${c}"`).join(', '))}),
    hagg AS (${hourlyAggregate('ins', target.columns)}),
    h AS (${upsert(target.hourly, sql.raw('SELECT * FROM hagg'), target.columns)} RETURNING 1),
    l AS (${upsertLatest(target.table, target.readings, 'ins')} RETURNING 1)${
      project
        ? sql`,
    p AS (${project} RETURNING 1)`
        : sql``
    }
    ${upsert(target.daily, dailyFromHourly('hagg', target.columns, day), target.columns)}`;
}
