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

/** `INSERT … ON CONFLICT` adding the rows of `source` (a CTE name) into one rollup table. */
function upsert(table: string, source: string, columns: readonly string[], bucket: SQL): SQL {
  const names = ['device_id', 'project_id', 'bucket', 'n'];
  const values: SQL[] = [sql`device_id`, sql`max(project_id)`, bucket, sql`count(*)`];
  const sets: string[] = ['project_id = excluded.project_id', 'n = r.n + excluded.n'];
  for (const c of columns) {
    names.push(`${c}_min`, `${c}_max`, `${c}_sum`, `${c}_n`);
    values.push(
      sql.raw(`min("${c}")`),
      sql.raw(`max("${c}")`),
      sql.raw(`sum("${c}"::float8)`),
      sql.raw(`count("${c}")`),
    );
    sets.push(
      `"${c}_min" = least(r."${c}_min", excluded."${c}_min")`,
      `"${c}_max" = greatest(r."${c}_max", excluded."${c}_max")`,
      `"${c}_sum" = coalesce(r."${c}_sum" + excluded."${c}_sum", r."${c}_sum", excluded."${c}_sum")`,
      `"${c}_n" = r."${c}_n" + excluded."${c}_n"`,
    );
  }
  // Rows in key order: two instances adding to the same buckets lock them in the same order.
  return sql`INSERT INTO ${q(table)} AS r (${sql.raw(names.map((n) => `"${n}"`).join(', '))})
    SELECT ${sql.join(values, sql`, `)} FROM ${q(source)} GROUP BY 1, 3 ORDER BY 1, 3
    ON CONFLICT (device_id, bucket) DO UPDATE SET ${sql.raw(sets.join(', '))}`;
}

/**
 * One statement (so one transaction): the readings inserted; the hourly and daily aggregates of exactly
 * those rows added to their rollups (count, min, max, sum per reading; averages are sum / count); each
 * device's newest row made its latest values unless a newer one is there; the `sum` readings added to
 * the project's day totals. All are thus current as soon as the readings are stored, late readings
 * included, with no job to lag behind.
 */
export function insertWithRollups(insert: SQL, target: RollupTarget, dayOffsetHours: number): SQL {
  const hour = sql`date_bin('1 hour', at, timestamptz '2000-01-01T00:00:00Z')`;
  const day = (alias = '') => sql.raw(`date_bin('1 day', ${alias}at, timestamptz '${dayOrigin(dayOffsetHours)}')`);
  const project = upsertProjectDaily(target.table, target.readings, 'ins', day('s.'));
  return sql`WITH ins AS (${insert} RETURNING device_id, project_id, at, ${sql.raw(target.columns.map((c) => `"${c}"`).join(', '))}),
    h AS (${upsert(target.hourly, 'ins', target.columns, hour)} RETURNING 1),
    l AS (${upsertLatest(target.table, target.readings, 'ins')} RETURNING 1)${
      project
        ? sql`,
    p AS (${project} RETURNING 1)`
        : sql``
    }
    ${upsert(target.daily, 'ins', target.columns, day())}`;
}
