import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { dayOrigin } from './rollups.js';
import { columnName, type ReadingColumn } from './tables.js';

/** What one point of a series stands for: raw readings grouped, or the hourly or daily rollups. */
export type Resolution = 'raw' | 'hour' | 'day';

const DAY_MS = 86_400_000;
const UNIT_SECONDS = { hour: 3600, day: 86_400 } as const;

/**
 * A week or less is drawn from the readings themselves; up to 35 days from the hourly rollups (a month
 * is about 740 hourly points); longer from the daily ones (a year is 365 points).
 */
export function resolutionFor(from: Date, to: Date): Resolution {
  const days = (to.getTime() - from.getTime()) / DAY_MS;
  return days <= 7 ? 'raw' : days <= 35 ? 'hour' : 'day';
}

export interface SeriesPoint {
  at: Date;
  [key: string]: number | null | Date;
}

export interface Series {
  resolution: Resolution;
  /** Seconds each point covers. */
  bucketSeconds: number;
  points: SeriesPoint[];
}

interface Readings {
  name: string;
  readings: readonly ReadingColumn[];
}

const quote = (name: string) => sql.raw(`"${name}"`);
const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/** Per reading: its average over the bucket, or its total for an energy-like (`sum`) reading. */
function valuesFromRaw(t: Readings): SQL[] {
  return t.readings.map((r) => {
    const c = columnName(r.key);
    return sql.raw(r.sum ? `sum("${c}")::float8 AS "${r.key}"` : `avg("${c}")::float8 AS "${r.key}"`);
  });
}
function valuesFromRollup(t: Readings): SQL[] {
  return t.readings.map((r) => {
    const c = columnName(r.key);
    return sql.raw(
      r.sum
        ? `sum("${c}_sum")::float8 AS "${r.key}"`
        : `(sum("${c}_sum") / nullif(sum("${c}_n"), 0))::float8 AS "${r.key}"`,
    );
  });
}

async function points(db: Db, query: SQL): Promise<SeriesPoint[]> {
  const rows = ((await db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;
  return rows.map((row) => {
    const point: SeriesPoint = { at: new Date(row.at as string | Date) };
    for (const [k, v] of Object.entries(row))
      if (k !== 'at') point[k] = v === null || v === undefined ? null : Number(v);
    return point;
  });
}

/**
 * One device's readings over a period for a chart or an export, at the resolution the period calls for
 * (`resolutionFor`): raw readings in at most `maxPoints` buckets, or rollup buckets (several joined
 * when there are more than `maxRollupPoints`). The answer says which resolution it carries.
 */
export async function readingSeries(
  db: Db,
  t: Readings,
  where: { deviceId: number } | { projectId: number },
  from: Date,
  to: Date,
  options: { maxPoints?: number; maxRollupPoints?: number; dayOffsetHours?: number; resolution?: Resolution } = {},
): Promise<Series> {
  const span = Math.max(1, (to.getTime() - from.getTime()) / 1000);
  const resolution = options.resolution ?? resolutionFor(from, to);
  const owner = 'deviceId' in where ? sql`device_id = ${where.deviceId}` : sql`project_id = ${where.projectId}`;
  if (resolution === 'raw') {
    const size = Math.max(60, Math.ceil(span / (options.maxPoints ?? 500)));
    // Inlined (an integer we computed): as a parameter, SELECT and GROUP BY would differ for PostgreSQL.
    const bucket = sql.raw(`to_timestamp(floor(extract(epoch from at) / ${size}) * ${size})`);
    return {
      resolution,
      bucketSeconds: size,
      points: await points(
        db,
        sql`SELECT ${bucket} AS at, ${sql.join(valuesFromRaw(t), sql`, `)} FROM ${quote(t.name)}
            WHERE ${owner} AND at >= ${ts(from)} AND at <= ${ts(to)} GROUP BY 1 ORDER BY 1`,
      ),
    };
  }
  const unit = UNIT_SECONDS[resolution];
  const k = Math.max(1, Math.ceil(span / unit / (options.maxRollupPoints ?? 1000)));
  const origin = resolution === 'day' ? dayOrigin(options.dayOffsetHours ?? 0) : '2000-01-01T00:00:00.000Z';
  const bucket = k === 1 ? sql`bucket` : sql.raw(`date_bin('${k * unit} seconds', bucket, timestamptz '${origin}')`);
  const table = `${t.name}_${resolution === 'hour' ? 'hourly' : 'daily'}`;
  return {
    resolution,
    bucketSeconds: k * unit,
    points: await points(
      db,
      sql`SELECT ${bucket} AS at, ${sql.join(valuesFromRollup(t), sql`, `)} FROM ${quote(table)}
          WHERE ${owner} AND bucket > ${ts(new Date(from.getTime() - unit * 1000))} AND bucket <= ${ts(to)}
          GROUP BY 1 ORDER BY 1`,
    ),
  };
}
