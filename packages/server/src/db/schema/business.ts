import { sql } from 'drizzle-orm';
import { doublePrecision, index, integer, pgTable, serial, smallint, timestamp, varchar } from 'drizzle-orm/pg-core';
import { projects } from './admin.js';
import { deviceModels } from './base.js';
import { timestamps } from './common.js';

export const deviceAreas = pgTable(
  'device_areas',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id),
    name: varchar('name', { length: 32 }).notNull(),
    no: varchar('no', { length: 32 }).notNull().unique(),
    description: varchar('description', { length: 100 }).notNull().default(''),
    lng: doublePrecision('lng'),
    lat: doublePrecision('lat'),
    ...timestamps,
  },
  (t) => [index('device_areas_project_idx').on(t.projectId)],
);

export const deviceGroups = pgTable(
  'device_groups',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id),
    areaId: integer('area_id').references(() => deviceAreas.id),
    name: varchar('name', { length: 32 }).notNull(),
    no: varchar('no', { length: 32 }).notNull().unique(),
    description: varchar('description', { length: 100 }).notNull().default(''),
    lng: doublePrecision('lng'),
    lat: doublePrecision('lat'),
    activeState: smallint('active_state').notNull().default(0),
    /** Set by an operator's "force active", which may not reflect the field. */
    activeForcedAt: timestamp('active_forced_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [index('device_groups_project_idx').on(t.projectId), index('device_groups_area_idx').on(t.areaId)],
);

/** Terminal production library: items made in the factory, occupied when a device uses them. */
export const productionItems = pgTable(
  'production_items',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 64 }).notNull(),
    no: varchar('no', { length: 64 }).notNull().unique(),
    key1: varchar('key1', { length: 128 }).notNull(),
    modelId: integer('model_id')
      .notNull()
      .references(() => deviceModels.id),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id),
    description: varchar('description', { length: 100 }).notNull().default(''),
    status: smallint('status').notNull().default(0),
    occupiedProjectId: integer('occupied_project_id'),
    occupiedDeviceId: integer('occupied_device_id'),
    occupiedAt: timestamp('occupied_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('production_items_project_idx').on(t.projectId, t.status, t.id),
    index('production_items_name_idx').on(t.name),
    index('production_items_device_idx').on(t.occupiedDeviceId).where(sql`${t.occupiedDeviceId} is not null`),
  ],
);
