import { index, integer, jsonb, pgTable, primaryKey, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * What the platform keeps of a device besides its reports, for the kit's stored-settings trait: one row
 * per device and part (`comm`, `peripherals`, a family's own such as a cabinet's `config`), the values
 * as the part's body schema parsed them and when they were stored.
 */
export const deviceSettings = pgTable(
  'device_settings',
  {
    deviceId: integer('device_id').notNull(),
    part: varchar('part', { length: 32 }).notNull(),
    projectId: integer('project_id').notNull(),
    value: jsonb('value').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.deviceId, t.part] })],
);

/** Firmware upgrades of the kit's firmware trait: progress and result, readable from any instance. */
export const deviceUpgrades = pgTable(
  'device_upgrades',
  {
    id: varchar('id', { length: 36 }).primaryKey(),
    projectId: integer('project_id').notNull(),
    deviceId: integer('device_id').notNull(),
    fileName: varchar('file_name', { length: 255 }).notNull(),
    version: varchar('version', { length: 16 }).notNull(),
    size: integer('size').notNull(),
    sent: integer('sent').notNull().default(0),
    total: integer('total').notNull(),
    state: varchar('state', { length: 16 }).notNull().default('running'),
    error: varchar('error', { length: 500 }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('device_upgrades_device').on(t.deviceId, t.startedAt)],
);
