import { and, desc, eq, gte, lte, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/client.js';
import { latestAverages, latestOf, latestOfProject } from '../../telemetry/latest.js';
import { projectTotals, type TotalsUnit } from '../../telemetry/project-rollups.js';
import { readingSeries } from '../../telemetry/series.js';
import { columnName, type ReadingColumn } from '../../telemetry/tables.js';
import { type ProjectReach, projectIn } from './project-reach.js';

/** What the repository needs of `readingsTables(…)`: the raw table, its name and its readings. */
export interface ReadingsSource {
  name: string;
  readings: readonly ReadingColumn[];
  table: unknown;
}

/** One row of readings: the pick time and each reading of the family (null when missing). */
export type ReadingRow = { at: Date } & Record<string, number | null>;

export const presentReading = (row: ReadingRow) => ({ ...row, at: row.at.toISOString() });

/** Rows of a family's readings as the API answers them: `at` and each of its readings by key. */
export const presentReadings = <const R extends readonly { key: string }[]>(
  _readings: R,
  rows: readonly ReadingRow[],
) => rows.map(presentReading) as unknown as ({ at: string } & { [K in R[number]['key']]: number | null })[];

/**
 * Reads a family's readings table (declared with `readingsTables` in the family's folder): pages,
 * averaged series, the CSV stream, the last n of each device, the latest state of devices (from the
 * latest-values table the writer keeps) and a project's energy totals (from the per-project daily
 * rollup). The SQL of every family's readings.
 */
export function createReadingsRepository(db: Db, tables: ReadingsSource) {
  const table = tables.table as PgTable & Record<string, PgColumn>;
  const keys = tables.readings.map((r) => r.key);
  const col = (key: string) => table[key] as PgColumn;
  const readingColumns: Record<string, PgColumn | SQL> = { at: col('at') };
  for (const key of keys) readingColumns[key] = col(key);

  const window = (deviceId: number, from?: Date, to?: Date) =>
    and(eq(col('deviceId'), deviceId), from ? gte(col('at'), from) : undefined, to ? lte(col('at'), to) : undefined);

  return {
    keys,

    async page(deviceId: number, from: Date | undefined, to: Date | undefined, limit: number, offset: number) {
      const where = window(deviceId, from, to);
      const [rows, [total]] = await Promise.all([
        db
          .select(readingColumns)
          .from(table)
          .where(where)
          .orderBy(desc(col('at')))
          .limit(limit)
          .offset(offset),
        db.select({ n: sql<number>`count(*)::int` }).from(table).where(where),
      ]);
      return { rows: rows as ReadingRow[], total: total?.n ?? 0 };
    },

    /**
     * Averages over a period for the line chart, from the readings or their hourly or daily rollups as
     * the period's length calls for (iot/telemetry/series.ts); the answer says which.
     */
    series: (deviceId: number, from: Date, to: Date, options: { dayOffsetHours: number; maxRollupPoints?: number }) =>
      readingSeries(db, tables, { deviceId }, from, to, options),

    /**
     * Every reading of the period, newest first as `page` lists them, in chunks (for the export). Paged
     * by offset: a keyset on `at` would loop, JavaScript dates being coarser (ms) than PostgreSQL's (µs).
     */
    async *stream(deviceId: number, from: Date | undefined, to: Date | undefined) {
      const chunk = 5000;
      for (let offset = 0; ; offset += chunk) {
        const rows = (await db
          .select(readingColumns)
          .from(table)
          .where(window(deviceId, from, to))
          .orderBy(desc(col('at')), desc(col('id')))
          .limit(chunk)
          .offset(offset)) as ReadingRow[];
        if (rows.length > 0) yield rows;
        if (rows.length < chunk) return;
      }
    },

    /**
     * The latest state of these devices (a list screen's live values, contract `latestRow`): one row
     * each from the latest-values table, whatever the history behind it; devices that never reported
     * are absent.
     */
    latest: (deviceIds: readonly number[]) => latestOf(db, tables, deviceIds),

    /**
     * The average and sum of each reading over the latest readings of the devices of a project (or its
     * subtree) that reported to this family's table, how many did and when the newest was taken (the
     * summary).
     */
    latestAverages: (project: number | ProjectReach) =>
      latestAverages(db, tables, projectIn(sql`l.project_id`, project)),

    /** The latest state of every device of the project that reported to this family's table. */
    latestOfProject: (projectId: number) => latestOfProject(db, tables, projectId),

    /**
     * A project's totals of the family's energy-like readings (`sum: true`) per day, month or year
     * over a period, from the per-project daily rollup (iot/telemetry/project-rollups.ts).
     */
    totals: (projectId: number, from: Date, to: Date, unit: TotalsUnit, dayOffsetHours: number) =>
      projectTotals(db, tables, projectId, from, to, unit, dayOffsetHours),

    /**
     * The last `n` readings of each device, newest first. The last one comes from the latest-values
     * table; devices missing there (readings stored around the writer) and more than one reading: the
     * readings, the last two days first (with constant bounds the planner keeps only those day
     * partitions, not the default one, and reads them newest first, stopping at the n-th row); devices
     * with fewer readings there get their whole history.
     */
    async lastOf(deviceIds: number[], n: number) {
      const map = new Map<number, ReadingRow[]>();
      let wanted = deviceIds;
      if (n === 1) {
        for (const s of await latestOf(db, tables, deviceIds)) map.set(s.id, [{ ...s.values, at: s.at } as ReadingRow]);
        // Readings stored around the writer (SQL imports, seeded tests) have no latest row: looked up below.
        wanted = deviceIds.filter((id) => !map.has(id));
        if (wanted.length === 0) return map;
      }
      const list = sql.join(
        keys.map((k) => sql`${sql.identifier(columnName(k))} AS ${sql.identifier(k)}`),
        sql`, `,
      );
      const query = async (ids: number[], window?: { since: Date; until: Date }) => {
        if (ids.length === 0) return;
        const bounded = window
          ? sql`AND at >= ${window.since.toISOString()}::timestamptz AND at < ${window.until.toISOString()}::timestamptz`
          : sql``;
        const result = (await db.execute(sql`
          SELECT r.* FROM unnest(${sql.param(ids)}::int4[]) AS d(id)
          CROSS JOIN LATERAL (
            SELECT device_id, at, ${list}
            FROM ${sql.identifier(tables.name)} WHERE device_id = d.id ${bounded} ORDER BY at DESC LIMIT ${n}
          ) r`)) as unknown as { rows: (ReadingRow & { device_id: number; at: string | Date })[] };
        for (const row of result.rows) {
          const { device_id, ...reading } = row;
          map.set(device_id, [...(map.get(device_id) ?? []), { ...reading, at: new Date(reading.at) } as ReadingRow]);
        }
      };
      const day = 86_400_000;
      const now = Date.now();
      await query(wanted, { since: new Date(now - 2 * day), until: new Date(now + 2 * day) });
      const short = wanted.filter((id) => (map.get(id)?.length ?? 0) < n);
      for (const id of short) map.delete(id);
      await query(short);
      return map;
    },
  };
}

export type ReadingsRepository = ReturnType<typeof createReadingsRepository>;

/** Each device of a list with its latest reading (undefined before its first): what the lists show. */
export async function withLatestReading<D extends { id: number }>(readings: ReadingsRepository, rows: readonly D[]) {
  const latest = await readings.lastOf(
    rows.map((d) => d.id),
    1,
  );
  return rows.map((d) => [d, latest.get(d.id)?.[0]] as const);
}
