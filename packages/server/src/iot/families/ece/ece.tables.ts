import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { devices } from '../../../db/schema/devices.js';
import { projects } from '../../../db/schema/index.js';
import { bytea, chunksTable, goneWith } from '../kit/family-tables.js';

const tz = { withTimezone: true } as const;

/**
 * The alarm log of the emergency call posts (spec 001 §3 "ECE alarm log"): one row per call (a post's
 * button pressed), from its start to its stop (the post hung up), settled or ignored by an operator with
 * a note. Kept for the days of the setting eceRetentionDays; goes with its post.
 */
export const eceAlarms = pgTable(
  'ece_alarms',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id),
    deviceId: goneWith('device_id', devices),
    startTime: timestamp('start_time', tz).notNull(),
    stopTime: timestamp('stop_time', tz),
    eventId: varchar('event_id', { length: 64 }).notNull(),
    deviceIndexCode: varchar('device_index_code', { length: 64 }).notNull(),
    channelIndexCode: varchar('channel_index_code', { length: 64 }).notNull(),
    channelType: varchar('channel_type', { length: 32 }).notNull(),
    channelName: varchar('channel_name', { length: 64 }).notNull(),
    eventType: varchar('event_type', { length: 32 }).notNull(),
    /** init (to be processed), settled, ignored. */
    settleDetail: varchar('settle_detail', { length: 16 }).notNull().default('init'),
    settleNote: varchar('settle_note', { length: 200 }),
    settledBy: varchar('settled_by', { length: 64 }),
    settleTime: timestamp('settle_time', tz),
    answeredAt: timestamp('answered_at', tz),
    answeredBy: varchar('answered_by', { length: 64 }),
  },
  (t) => [
    uniqueIndex('ece_alarms_event_idx').on(t.deviceId, t.eventId),
    index('ece_alarms_project_time_idx').on(t.projectId, t.startTime),
    index('ece_alarms_start_idx').on(t.startTime),
  ],
);

/**
 * Spec 001 §7 "ece: connection params": where a project's posts' intercom platform is (one row per
 * project; the defaults until saved).
 */
export const eceConnections = pgTable('ece_connections', {
  projectId: integer('project_id')
    .primaryKey()
    .references(() => projects.id, { onDelete: 'cascade' }),
  platform: varchar('platform', { length: 8 }).notNull(),
  clientServerIp: varchar('client_server_ip', { length: 253 }).notNull(),
  iscPort: integer('isc_port').notNull(),
  iscContextPath: varchar('isc_context_path', { length: 16 }).notNull(),
  dssPort: integer('dss_port').notNull(),
  dhApiAddress: varchar('dh_api_address', { length: 100 }).notNull(),
  updatedBy: varchar('updated_by', { length: 64 }).notNull(),
  updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
});

/**
 * The recordings of answered calls (spec 001 §2 "pjtdeviceecerecord"): one row per answer, made when the
 * call is answered, its audio in chunks (ece_recording_chunks) in the database so every server instance
 * serves it (ece.recorder.ts makes it). The chunks of a call hold its stereo PCM, each stored as soon as
 * it is complete while the call goes on (`pcm`), and the WAV header goes in `header` when the recording
 * is finalised; recordings stored before that hold the whole WAV in their chunks (`header` null).
 * `stored` once finalised (only those are listed and served): when the call ends, or after a restart
 * when the instance writing it died (`interrupted`). Goes with its alarm, so it is kept as long as the
 * alarm log (eceRetentionDays) and goes with its post.
 */
export const eceRecordings = pgTable(
  'ece_recordings',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id),
    alarmId: goneWith('alarm_id', eceAlarms),
    startTime: timestamp('start_time', tz).notNull(),
    durationMs: integer('duration_ms').notNull(),
    /** The WAV's size, header included. */
    size: integer('size').notNull(),
    /** The call went on beyond the setting eceRecordMinutes: only its first minutes are kept. */
    cut: boolean('cut').notNull().default(false),
    /** The server writing it stopped during the call: what was stored until then is kept. */
    interrupted: boolean('interrupted').notNull().default(false),
    answeredBy: varchar('answered_by', { length: 64 }).notNull(),
    /** Finalised: listed and served. */
    stored: boolean('stored').notNull().default(false),
    /** Its chunks hold PCM written as the call went on (the WAV header is `header`). */
    pcm: boolean('pcm').notNull().default(false),
    /** The WAV header before the chunks' PCM (set when finalised); null: the chunks hold the whole WAV. */
    header: bytea('header'),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
    /** Its last write (a chunk, or the live call's heartbeat): a row not stored and not written for long is abandoned. */
    writtenAt: timestamp('written_at', tz).notNull().defaultNow(),
  },
  (t) => [
    index('ece_recordings_project_time_idx').on(t.projectId, t.startTime),
    index('ece_recordings_alarm_idx').on(t.alarmId),
    index('ece_recordings_open_idx').on(t.writtenAt).where(sql`NOT ${t.stored}`),
  ],
);

/**
 * A recording's audio in chunks of ECE_RECORDING_CHUNK_BYTES (the last one shorter): one statement writes or reads one, so the
 * other queries wait that long at most behind a recording (one bytea of 37 MB held PGlite for seconds).
 */
export const eceRecordingChunks = chunksTable('ece_recording_chunks', {
  recordingId: goneWith('recording_id', eceRecordings),
});
