import type { LayoutUnit } from '@sc/contract';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, smallint, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
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
