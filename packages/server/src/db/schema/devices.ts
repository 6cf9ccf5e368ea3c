import { boolean, doublePrecision, index, integer, pgTable, serial, smallint, varchar } from 'drizzle-orm/pg-core';
import { projects } from './admin.js';
import { timestamps } from './common.js';

/** Devices: the common fields of spec 000 §3; the registry adds network and type-specific ones. */
export const devices = pgTable(
  'devices',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id),
    name: varchar('name', { length: 32 }).notNull(),
    no: varchar('no', { length: 32 }).notNull(),
    type: varchar('type', { length: 32 }).notNull(),
    activeState: smallint('active_state').notNull().default(0),
    registered: boolean('registered').notNull().default(false),
    description: varchar('description', { length: 100 }).notNull().default(''),
    lng: doublePrecision('lng'),
    lat: doublePrecision('lat'),
    ...timestamps,
  },
  (t) => [index('devices_project_idx').on(t.projectId)],
);
