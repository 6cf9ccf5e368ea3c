import { customType, index, integer, pgTable, real, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { descriptionColumn, latestStateTable, nameAndNo, projectRecord } from '../kit/family-tables.js';

/**
 * The last report of each screen (the batch writer's upsert per batch): brightness, volume, power and
 * what it plays. The list and the screen's page read it; screens keep no history of these.
 */
export const ledState = latestStateTable('led_state', {
  brightness: real('brightness'),
  volume: real('volume'),
  /** 1 on, 0 off. */
  power: real('power'),
  playing: varchar('playing', { length: 128 }),
});

/** bytea as a Buffer on both drivers (PGlite answers a Uint8Array). */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

/**
 * A project's media resources (spec 001 §4 "LED resource"): fields, and the file stored with its type as
 * its content says (`mime`), null once removed (a file is removed before another replaces it).
 */
export const ledResources = pgTable(
  'led_resources',
  {
    ...projectRecord(false),
    ...nameAndNo(),
    mediaType: varchar('media_type', { length: 16 }).notNull(),
    description: descriptionColumn(),
    fileName: varchar('file_name', { length: 255 }),
    mime: varchar('mime', { length: 64 }),
    size: integer('size'),
    file: bytea('file'),
    creator: varchar('creator', { length: 64 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('led_resources_project_no').on(t.projectId, t.no),
    index('led_resources_project').on(t.projectId),
  ],
);
