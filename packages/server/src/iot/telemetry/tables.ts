import {
  bigserial,
  doublePrecision,
  index,
  integer,
  type PgColumnBuilderBase,
  pgTable,
  real,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** How much time one partition holds. */
export type PartitionUnit = 'day' | 'week' | 'month';

/** Settings as the jobs read them (system settings, spec 000 §9). */
export type SettingValues = Record<string, unknown>;

/**
 * A table partitioned by time (PostgreSQL declarative partitioning, `PARTITION BY RANGE (column)`),
 * kept by the periodic job: partitions created ahead, whole partitions dropped past retention.
 * With `list`, the table is first split by that column's values (one time-partitioned table per
 * value, plus a default one), so each value keeps its own retention.
 */
export interface TimePartitioned {
  name: string;
  /** The time column partitions are ranged on. */
  column: string;
  unit: PartitionUnit;
  /** Days to keep (1-9999 per spec 000 §9), read at every run: a changed setting counts at once. */
  retentionDays(settings: SettingValues): number;
  /**
   * Storage parameter of the partitions the job creates (and sets on the current and coming ones that
   * lack it): room left on each page so that updating a row (rollups and totals the writer adds to)
   * puts the new version on the same page (a HOT update: no index entry added).
   */
  fillfactor?: number;
  /**
   * A readings table's readings: the rollup job keeps its hourly and daily rollups (`<name>_hourly`,
   * `<name>_daily`) and the project's daily totals of its `sum` readings (iot/telemetry/rollups.ts).
   */
  rollups?: readonly ReadingColumn[];
  list?: {
    column: string;
    values: readonly string[];
    retentionDays(value: string | null, settings: SettingValues): number;
  };
}

/**
 * One reading of a family: its key in the contract; `sum` for energy-like readings (rollups add them up);
 * `register` for cumulative registers, kept at double precision (the rest are `real`).
 */
export interface ReadingColumn {
  key: string;
  sum?: boolean;
  register?: boolean;
}

/** The column type of a reading (and of its rollups' min and max). */
export const valueColumn = (reading: ReadingColumn, name: string) =>
  reading.register ? doublePrecision(name) : real(name);

/** A reading key as a column name: `soilTemperature` → `soil_temperature`. */
export const columnName = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** A setting read as a number of days, with a fallback when it is missing. */
export const daysOf = (settings: SettingValues, key: string | undefined, fallback = 365) => {
  const v = key ? settings[key] : undefined;
  return typeof v === 'number' && Number.isFinite(v) && v >= 1 ? v : fallback;
};

/** Keys of the rollup retention settings (spec 000 §9 retention group). */
export const ROLLUP_RETENTION = { hour: 'rollupHourlyRetentionDays', day: 'rollupDailyRetentionDays' } as const;

/**
 * Fillfactor of the rollup partitions. A batch updates each of its devices' rows once: for every
 * update to stay on its page (HOT), a page needs room for a new version of each row it holds, so half
 * of it (daily rows: 1/288 of the readings, updated all day). An hourly row is updated only during its
 * hour, then its page keeps the room for good: 70 (about half the updates HOT) keeps that cost at 43 %
 * of the hourly rows' size instead of doubling it.
 */
export const ROLLUP_FILLFACTOR = { hour: 70, day: 50 } as const;

type Real = ReturnType<typeof real>;
type Double = ReturnType<typeof doublePrecision>;
type Int = ReturnType<typeof integer>;
type RollupColumns<K extends string> = { [P in K as `${P}Min` | `${P}Max`]: Real } & {
  [P in K as `${P}Sum`]: Double;
} & { [P in K as `${P}N`]: Int };

function rollupTable<K extends string>(name: string, readings: readonly (ReadingColumn & { key: K })[]) {
  const values: Record<string, PgColumnBuilderBase> = {};
  for (const reading of readings) {
    const key = reading.key;
    const c = columnName(key);
    values[`${key}Min`] = valueColumn(reading, `${c}_min`);
    values[`${key}Max`] = valueColumn(reading, `${c}_max`);
    values[`${key}Sum`] = doublePrecision(`${c}_sum`);
    values[`${key}N`] = integer(`${c}_n`);
  }
  return pgTable(
    name,
    {
      deviceId: integer('device_id').notNull(),
      projectId: integer('project_id').notNull(),
      bucket: timestamp('bucket', { withTimezone: true }).notNull(),
      /** Readings in the bucket. */
      n: integer('n').notNull(),
      ...(values as RollupColumns<K>),
    },
    (t) => [
      uniqueIndex(`${name}_device_bucket_idx`).on(t.deviceId, t.bucket),
      index(`${name}_project_bucket_idx`).on(t.projectId, t.bucket),
    ],
  );
}

/** Every readings table declared so far (a family's `*.tables.ts` declares them on import). */
const DECLARED: TimePartitioned[] = [];
export const declaredReadingsTables = (): readonly TimePartitioned[] => DECLARED;

/**
 * A family's readings: the raw table (one row per device per pick time, one `real` column per reading)
 * partitioned by day, and its hourly and daily rollups (min, max, sum, count per reading) partitioned by
 * month. Declare it once in the family's folder (a `*.tables.ts`, which drizzle-kit finds and whose
 * partitioned DDL `npm run db:generate` writes); list `.partitioned` in the family handler's `telemetryTables`: the job then creates partitions ahead,
 * drops them past `retentionSetting`, and the rollup job keeps the rollups
 * (docs/architecture.md "Telemetry storage").
 */
export function readingsTables<K extends string>(
  name: string,
  readings: readonly (ReadingColumn & { key: K })[],
  retentionSetting: string,
) {
  const values: Record<string, PgColumnBuilderBase> = {};
  for (const reading of readings) values[reading.key] = valueColumn(reading, columnName(reading.key));
  const table = pgTable(
    name,
    {
      /** No primary key: a partitioned table's keys must hold the partition column; rows are found by device and time. */
      id: bigserial('id', { mode: 'number' }).notNull(),
      deviceId: integer('device_id').notNull(),
      projectId: integer('project_id').notNull(),
      /** Pick time. */
      at: timestamp('at', { withTimezone: true }).notNull(),
      ...(values as { [P in K]: Real }),
    },
    (t) => [index(`${name}_device_at_idx`).on(t.deviceId, t.at)],
  );
  const hourly = rollupTable(`${name}_hourly`, readings);
  const daily = rollupTable(`${name}_daily`, readings);
  const partitioned: TimePartitioned[] = [
    { name, column: 'at', unit: 'day', retentionDays: (s) => daysOf(s, retentionSetting), rollups: readings },
    {
      name: `${name}_hourly`,
      column: 'bucket',
      unit: 'month',
      retentionDays: (s) => daysOf(s, ROLLUP_RETENTION.hour, 400),
      fillfactor: ROLLUP_FILLFACTOR.hour,
    },
    {
      name: `${name}_daily`,
      column: 'bucket',
      unit: 'month',
      retentionDays: (s) => daysOf(s, ROLLUP_RETENTION.day, 3650),
      fillfactor: ROLLUP_FILLFACTOR.day,
    },
  ];
  DECLARED.push(...partitioned);
  return { name, readings, table, hourly, daily, partitioned };
}

export type ReadingsTables = ReturnType<typeof readingsTables>;
