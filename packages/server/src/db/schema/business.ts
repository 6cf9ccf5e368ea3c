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

/**
 * Bulk writes into the production library (CSV import, auto-create), staged in short statements: their
 * rows are written with `import_id` set and stay invisible until `published_at` is set, in one short
 * statement (issue 11: no request holds the embedded database for more than a second, and an import is
 * all or nothing). An unpublished import whose `touched_at` is old was cut short (a crash, a kill):
 * its rows are swept (production.repository.ts).
 */
export const productionImports = pgTable('production_imports', {
  id: serial('id').primaryKey(),
  rows: integer('rows').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  touchedAt: timestamp('touched_at', { withTimezone: true }).notNull().defaultNow(),
  publishedAt: timestamp('published_at', { withTimezone: true }),
});

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
    /** The bulk write that added the item (production_imports); hidden while that import is unpublished. */
    importId: integer('import_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('production_items_import_idx').on(t.importId).where(sql`${t.importId} is not null`),
    index('production_items_project_idx').on(t.projectId, t.status, t.id),
    index('production_items_name_idx').on(t.name),
    index('production_items_device_idx').on(t.occupiedDeviceId).where(sql`${t.occupiedDeviceId} is not null`),
  ],
);

/**
 * Items of an import not yet published do not exist for anyone (production_imports): every read of the
 * library goes through this condition. The set of unpublished imports is tiny (usually empty).
 */
export const publishedItem = sql`(${productionItems.importId} is null or ${productionItems.importId} not in (select ${productionImports.id} from ${productionImports} where ${productionImports.publishedAt} is null))`;
