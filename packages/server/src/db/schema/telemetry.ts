import {
  bigserial,
  doublePrecision,
  index,
  integer,
  json,
  jsonb,
  pgTable,
  primaryKey,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

/**
 * Events of every family: alarms that occur and are restored, state changes, notices. Partitioned by
 * device type, then by week (iot/telemetry/events.ts), so each family keeps its own retention.
 */
export const deviceEvents = pgTable(
  'device_events',
  {
    id: bigserial('id', { mode: 'number' }).notNull(),
    deviceId: integer('device_id').notNull(),
    projectId: integer('project_id').notNull(),
    type: varchar('type', { length: 32 }).notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    code: varchar('code', { length: 64 }).notNull(),
    eventType: varchar('event_type', { length: 16 }).notNull(),
    level: varchar('level', { length: 16 }).notNull(),
    detail: jsonb('detail'),
  },
  (t) => [
    index('device_events_device_at_idx').on(t.deviceId, t.at),
    // The newest events of a project tree (the summary): a backward walk of each partition's index.
    index('device_events_at_idx').on(t.at),
  ],
);

/**
 * Where every device of every family with readings last reported, to the hour (iot/telemetry/latest.ts):
 * one row per device and readings table (`source`), `at` a reading of the device's newest hour (the
 * first the writer saw) and `values` that reading's, by contract key (missing ones left out). The
 * writer moves a row once an hour or on a project change, never back to an older reading; readers
 * take the newest reading from `at` on in the readings. A project's devices are one index range,
 * whatever the number of day partitions behind them.
 */
export const readingsLatest = pgTable(
  'readings_latest',
  {
    deviceId: integer('device_id').notNull(),
    /** The family's readings table (`env_readings`, …). */
    source: varchar('source', { length: 64 }).notNull(),
    projectId: integer('project_id').notNull(),
    /** Pick time of a reading of the device's newest hour. */
    at: timestamp('at', { withTimezone: true }).notNull(),
    /**
     * That reading's values: what readers show when the readings behind the row are gone (dropped with
     * their partition, before the retention job removes the row). `json`: the text as the writer built it.
     */
    values: json('values').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.deviceId, t.source] }),
    index('readings_latest_project_source_idx').on(t.projectId, t.source),
    // The device of a family that reported last (the summary's windows); a row moves once an hour.
    index('readings_latest_source_at_idx').on(t.source, t.at),
  ],
);

/**
 * Per project and day, the total of each energy-like reading (`sum: true` in the manifest) of every
 * family (iot/telemetry/project-rollups.ts): a project's energy over a year is 365 rows whatever its
 * number of devices. Recomputed by the rollup job from the device rollups; partitioned by month and
 * kept as long as the daily rollups (`rollupDailyRetentionDays`).
 */
export const readingsProjectDaily = pgTable(
  'readings_project_daily',
  {
    projectId: integer('project_id').notNull(),
    source: varchar('source', { length: 64 }).notNull(),
    /** The reading's contract key (`energy`, …). */
    reading: varchar('reading', { length: 64 }).notNull(),
    /** Midnight of the system timezone. */
    bucket: timestamp('bucket', { withTimezone: true }).notNull(),
    sum: doublePrecision('sum').notNull(),
    /** Readings added up. */
    n: integer('n').notNull(),
  },
  (t) => [uniqueIndex('readings_project_daily_key_idx').on(t.projectId, t.source, t.reading, t.bucket)],
);

/**
 * Hours of a readings table (`source`) whose rollups must be computed again: the batch writer marks
 * the hours of every batch it stores (one or two rows a batch), the rollup job folds the closed ones
 * into the hourly, daily and project rollups and deletes their marks (iot/telemetry/rollups.ts).
 */
export const rollupDirty = pgTable(
  'rollup_dirty',
  {
    source: varchar('source', { length: 64 }).notNull(),
    /** Start of the hour (UTC hours). */
    bucket: timestamp('bucket', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.source, t.bucket] })],
);

/**
 * Per readings table, the end of the last hour the rollup job folded: rollups hold the readings
 * before it, readers add the readings from it on (iot/telemetry/rollups.ts). No row: nothing folded,
 * readers use the readings alone.
 */
export const rollupWatermarks = pgTable('rollup_watermarks', {
  source: varchar('source', { length: 64 }).primaryKey(),
  rolledTo: timestamp('rolled_to', { withTimezone: true }).notNull(),
});
