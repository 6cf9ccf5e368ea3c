import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  serial,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import {
  chunksTable,
  descriptionColumn,
  goneWith,
  latestStateTable,
  nameAndNo,
  projectRecord,
} from '../kit/family-tables.js';

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

/**
 * A media file's bytes, stored in chunks (`led_media_chunks`) so that no database call carries a whole
 * file: on PGlite's one connection a 20 MB file read in one statement held every other query for 1.5 s.
 * A file is written chunk by chunk and becomes a resource's only when complete (`led_resources.file_id`,
 * one statement); a file no resource holds is an upload that failed, deleted then, or swept after an
 * hour if the process died meanwhile. A file never changes: another one replaces it.
 */
export const ledMediaFiles = pgTable('led_media_files', {
  id: serial('id').primaryKey(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The bytes of a media file in order (`seq` from 0), LED_MEDIA_CHUNK_BYTES each but the last. */
export const ledMediaChunks = chunksTable('led_media_chunks', { fileId: goneWith('file_id', ledMediaFiles) });

/**
 * A project's media resources (spec 001 §4 "LED resource"): fields, and the file stored with its type as
 * its content says (`mime`), its size and SHA-256 (hex), null once removed (a file is removed before
 * another replaces it).
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
    sha256: varchar('sha256', { length: 64 }),
    fileId: integer('file_id').references(() => ledMediaFiles.id, { onDelete: 'set null' }),
    creator: varchar('creator', { length: 64 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('led_resources_project_no').on(t.projectId, t.no),
    index('led_resources_project').on(t.projectId),
  ],
);

/**
 * A project's programs (spec 001 §3 "LED program", §4): properties, layers (JSON, first drawn first, as
 * the contract's ledLayer), state `edit` or `checked` with who checked it when.
 */
export const ledPrograms = pgTable(
  'led_programs',
  {
    ...projectRecord(true),
    ...nameAndNo(),
    version: varchar('version', { length: 16 }).notNull(),
    priority: integer('priority').notNull().default(0),
    repeatTimes: integer('repeat_times').notNull().default(1),
    language: varchar('language', { length: 8 }).notNull(),
    description: descriptionColumn(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    durationSeconds: integer('duration_seconds').notNull(),
    startDate: varchar('start_date', { length: 10 }).notNull(),
    endDate: varchar('end_date', { length: 10 }).notNull(),
    startTime: varchar('start_time', { length: 5 }).notNull(),
    endTime: varchar('end_time', { length: 5 }).notNull(),
    filter: varchar('filter', { length: 8 }).notNull(),
    weekdays: jsonb('weekdays').$type<number[]>().notNull(),
    days: jsonb('days').$type<number[]>().notNull(),
    layers: jsonb('layers').$type<unknown[]>().notNull(),
    state: varchar('state', { length: 8 }).notNull().default('edit'),
    creator: varchar('creator', { length: 64 }).notNull(),
    checkedBy: varchar('checked_by', { length: 64 }),
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('led_programs_project_no').on(t.projectId, t.no), index('led_programs_project').on(t.projectId)],
);

/** Each publishing of a program (the publish history): its batch, how many screens, by whom, when. */
export const ledPublishes = pgTable(
  'led_publishes',
  {
    ...projectRecord(true),
    programId: goneWith('program_id', ledPrograms),
    programName: varchar('program_name', { length: 32 }).notNull(),
    batchId: varchar('batch_id', { length: 36 }).notNull(),
    total: integer('total').notNull(),
    creator: varchar('creator', { length: 64 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('led_publishes_project').on(t.projectId, t.id), index('led_publishes_program').on(t.programId)],
);

/**
 * The programs published to each screen: `delivered` once the screen acknowledged it; an undelivered one
 * (the screen was offline) is sent when the screen comes back, with the same media key.
 */
export const ledScreenPrograms = pgTable(
  'led_screen_programs',
  {
    programId: goneWith('program_id', ledPrograms),
    deviceId: integer('device_id').notNull(),
    projectId: integer('project_id').notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
    delivered: boolean('delivered').notNull().default(false),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    /** The key of this publishing to this screen: its media files' URLs carry it (a new one each time). */
    mediaKey: varchar('media_key', { length: 64 }),
    /** Where the screen fetches the files: the origin the publishing console reached the server at. */
    mediaOrigin: varchar('media_origin', { length: 255 }),
    /** Bytes of the program's files sent to the screen, every fetch of every publishing. */
    bytesSent: bigint('bytes_sent', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.programId, t.deviceId] }),
    index('led_screen_programs_device').on(t.deviceId, t.delivered),
  ],
);
