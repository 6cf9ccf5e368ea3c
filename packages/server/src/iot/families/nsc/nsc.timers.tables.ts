import { boolean, integer, jsonb, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';
import { timestamps } from '../../../db/schema/common.js';
import { projectRecord } from '../kit/family-tables.js';

/**
 * Timer broadcasts (spec 001 §3 "timer broadcast (type mic/file, mode every day/week/single, start
 * time, duration, volume, enabled/disabled)"): what and when, on which speakers and groups (ids as chosen),
 * enabled or not.
 */
export const nscTimers = pgTable('nsc_timers', {
  ...projectRecord(true),
  name: varchar('name', { length: 32 }).notNull(),
  type: varchar('type', { length: 8 }).notNull(),
  mode: varchar('mode', { length: 8 }).notNull(),
  weekdays: jsonb('weekdays').$type<number[]>().notNull(),
  date: varchar('date', { length: 10 }),
  startTime: varchar('start_time', { length: 8 }).notNull(),
  durationSeconds: integer('duration_seconds').notNull(),
  volume: integer('volume').notNull(),
  deviceIds: jsonb('device_ids').$type<number[]>().notNull(),
  groupIds: jsonb('group_ids').$type<number[]>().notNull(),
  mediaIds: jsonb('media_ids').$type<number[]>().notNull(),
  enabled: boolean('enabled').notNull().default(false),
  createdBy: varchar('created_by', { length: 64 }).notNull(),
  ...timestamps,
});

/**
 * Speakers whose list of timers changed while they did not answer: sent their whole list when they are
 * heard again, then forgotten. Not a foreign key: the speaker may be deleted meanwhile (nothing is sent).
 */
export const nscTimerPending = pgTable('nsc_timer_pending', {
  deviceId: integer('device_id').primaryKey(),
  projectId: integer('project_id').notNull(),
  at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
});
