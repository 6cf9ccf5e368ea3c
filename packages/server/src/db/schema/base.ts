import { boolean, customType, integer, pgTable, serial, varchar } from 'drizzle-orm/pg-core';
import { projects } from './admin.js';
import { timestamps } from './common.js';

/** bytea as a Buffer on both drivers (PGlite answers a Uint8Array). */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/**
 * Device types. `no` is the type code devices carry: the 15 built-in ones are the families of
 * spec 000 §3 (camera, dvr, …) and keep their code; operators may add types of their own.
 */
export const deviceTypes = pgTable('device_types', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 32 }).notNull(),
  no: varchar('no', { length: 32 }).notNull().unique(),
  builtin: boolean('builtin').notNull().default(false),
  /** jpg or png under 100KB, kept in the database so every instance serves it. */
  icon: bytea('icon'),
  iconMime: varchar('icon_mime', { length: 32 }),
  iconVersion: integer('icon_version').notNull().default(0),
  ...timestamps,
});

export const deviceFactories = pgTable('device_factories', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 32 }).notNull(),
  no: varchar('no', { length: 32 }).notNull().unique(),
  description: varchar('description', { length: 100 }).notNull().default(''),
  projectId: integer('project_id').references(() => projects.id),
  builtin: boolean('builtin').notNull().default(false),
  ...timestamps,
});

/** Device models; built-in ones carry the model codes of spec 000 §3 as their `no`. */
export const deviceModels = pgTable('device_models', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 32 }).notNull(),
  no: varchar('no', { length: 32 }).notNull().unique(),
  factoryId: integer('factory_id')
    .notNull()
    .references(() => deviceFactories.id),
  typeNo: varchar('type_no', { length: 32 })
    .notNull()
    .references(() => deviceTypes.no, { onUpdate: 'cascade' }),
  description: varchar('description', { length: 100 }).notNull().default(''),
  builtin: boolean('builtin').notNull().default(false),
  ...timestamps,
});
