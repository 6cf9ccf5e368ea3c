import type { LayoutUnit } from '@sc/contract';
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { projects, users } from './admin.js';
import { timestamps } from './common.js';

/**
 * Layouts of a project's summary dashboard (spec 001 §3 "Summary layout"): units placed on a 2x2 or
 * 3x3 grid, at most one default per project (the one the dashboard shows), listed by priority.
 */
export const summaryLayouts = pgTable(
  'summary_layouts',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 32 }).notNull(),
    no: varchar('no', { length: 32 }).notNull(),
    grid: smallint('grid').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    priority: integer('priority').notNull(),
    units: jsonb('units').$type<LayoutUnit[]>().notNull(),
    creatorId: integer('creator_id').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('summary_layouts_project_no_idx').on(t.projectId, t.no),
    uniqueIndex('summary_layouts_project_default_idx').on(t.projectId).where(sql`${t.isDefault}`),
    index('summary_layouts_project_priority_idx').on(t.projectId, t.priority, t.id),
  ],
);

/**
 * Devices by project, type and active state, kept by triggers on `devices` (migration
 * 0033_summary_rollup_triggers) so the summary counts a subtree of 100,000 devices from a few dozen rows.
 * A ledger: each change adds a row (+n or -n) and never updates one, so concurrent writers take no
 * lock on it; a project's figure is the sum of its rows, and the summary folds the rows into one per
 * key when they pile up (summary.repository.ts).
 */
export const deviceCounts = pgTable(
  'device_counts',
  {
    projectId: integer('project_id').notNull(),
    type: varchar('type', { length: 32 }).notNull(),
    activeState: smallint('active_state').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [index('device_counts_project_idx').on(t.projectId, t.type, t.activeState)],
);

/**
 * Device events by UTC hour, project, event type and whether an alarm or warning, kept by triggers on
 * `device_events` like `device_counts` (a ledger folded by the summary, rows older than 8 days pruned
 * when it folds): the summary's week of events is a few hundred rows, not every event.
 */
export const deviceEventHours = pgTable(
  'device_event_hours',
  {
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    projectId: integer('project_id').notNull(),
    eventType: varchar('event_type', { length: 16 }).notNull(),
    alarm: boolean('alarm').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [index('device_event_hours_hour_idx').on(t.hour, t.projectId)],
);
