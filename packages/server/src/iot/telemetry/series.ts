import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { HOUR_ORIGIN } from './partitions.js';
import { dayOrigin, readingsSince, rolledTo, rolledToNow } from './rollups.js';
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
 * when there are more than `maxRollupPoints`) completed by the readings the rollup job has not folded
 * yet (iot/telemetry/rollups.ts), so the last point is current. The answer says which resolution it
 * carries.
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
  const origin = resolution === 'day' ? dayOrigin(options.dayOffsetHours ?? 0) : HOUR_ORIGIN;
  const bucket = k === 1 ? sql`b` : sql.raw(`date_bin('${k * unit} seconds', b, timestamptz '${origin}')`);
  const table = `${t.name}_${resolution === 'hour' ? 'hourly' : 'daily'}`;
  const lower = ts(new Date(from.getTime() - unit * 1000));
  // Per reading its sum and count in each part; a point averages (or, for a `sum` reading, adds up)
  // every reading of its bucket: the rollups' folded hours plus the readings the job has not folded.
  const parts = t.readings.map((r) => columnName(r.key));
  const fromRollup = sql.raw(parts.map((c) => `"${c}_sum", "${c}_n"`).join(', '));
  const fromRaw = sql.raw(
    parts.map((c) => `sum(r."${c}"::float8) AS "${c}_sum", count(r."${c}")::int AS "${c}_n"`).join(', '),
  );
  const ownerOf = 'deviceId' in where ? { deviceId: where.deviceId } : { projectId: where.projectId };
  const ahead = await rolledToNow(db, t.name);
  return {
    resolution,
    bucketSeconds: k * unit,
    // Hourly rows before the watermark (the daily ones hold folded hours only), then the readings from
    // it on, bucketed alike. The watermark is read in the same statement: an hour is in one part only.
    points: await points(
      db,
      sql`SELECT ${bucket} AS at, ${sql.join(valuesFromRollup(t), sql`, `)} FROM (
            SELECT bucket AS b, ${fromRollup} FROM ${quote(table)}
            WHERE ${owner} AND bucket > ${lower} AND bucket <= ${ts(to)}
              ${resolution === 'hour' ? sql`AND bucket < ${rolledTo(t.name)}` : sql``}
            UNION ALL
            SELECT date_bin(${sql.raw(`'1 ${resolution}'`)}, r.at, ${sql.raw(`timestamptz '${origin}'`)}) AS b, ${fromRaw}
            ${readingsSince(t.name, ownerOf, ahead)} AND r.at >= ${lower} AND r.at <= ${ts(new Date(to.getTime() + unit * 1000))}
            GROUP BY 1
          ) x WHERE b > ${lower} AND b <= ${ts(to)}
          GROUP BY 1 ORDER BY 1`,
    ),
  };
}
