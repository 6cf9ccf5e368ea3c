import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { timestamps } from '../../../db/schema/common.js';
import {
  bytea,
  descriptionColumn,
  deviceLinks,
  goneWith,
  latestStateTable,
  nameAndNo,
  projectRecord,
} from '../kit/family-tables.js';

/**
 * The last report of each speaker (the batch writer's upsert per batch): volume, whether it plays, the
 * media it plays now and its firmware version. What the list shows without asking the speaker.
 */
export const nscState = latestStateTable('nsc_state', {
  volume: integer('volume'),
  status: varchar('status', { length: 16 }),
  playing: varchar('playing', { length: 255 }),
  version: varchar('version', { length: 32 }),
});

/** Terminal groups (spec 001 §3 "NSC: terminal group"): name and no unique in the project. */
export const nscGroups = pgTable(
  'nsc_groups',
  {
    ...projectRecord(true),
    ...nameAndNo(),
    description: descriptionColumn(),
    ...timestamps,
  },
  (t) => [uniqueIndex('nsc_groups_project_no_idx').on(t.projectId, t.no)],
);

/** The speakers of a terminal group (a speaker may be in several). */
export const nscGroupDevices = deviceLinks('nsc_group_devices', 'group', nscGroups);

/**
 * Media (spec 001 §3 "NSC: media (name, description, file)"): mp3 files under 10 MB, kept in the
 * database so every instance serves them; duration and bit rate as the decoder read them.
 */
export const nscMedia = pgTable(
  'nsc_media',
  {
    ...projectRecord(true),
    name: varchar('name', { length: 32 }).notNull(),
    description: descriptionColumn(),
    fileName: varchar('file_name', { length: 255 }).notNull(),
    size: integer('size').notNull(),
    duration: doublePrecision('duration').notNull(),
    bitrate: integer('bitrate'),
    content: bytea('content').notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex('nsc_media_project_name_idx').on(t.projectId, t.name)],
);

/** Media groups (spec 001 §9 "Media group id 1-65535"): `group_id` as the speakers know it, unique in the project. */
export const nscMediaGroups = pgTable(
  'nsc_media_groups',
  {
    ...projectRecord(true),
    groupId: integer('group_id').notNull(),
    name: varchar('name', { length: 32 }).notNull(),
    description: descriptionColumn(),
    ...timestamps,
  },
  (t) => [uniqueIndex('nsc_media_groups_project_group_idx').on(t.projectId, t.groupId)],
);

/** The media of a media group in playing order (`position` from 0); a media file in use is not deleted. */
export const nscMediaGroupItems = pgTable(
  'nsc_media_group_items',
  {
    mediaGroupId: goneWith('media_group_id', nscMediaGroups),
    mediaId: integer('media_id')
      .notNull()
      .references(() => nscMedia.id),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.mediaGroupId, t.mediaId] }), index('nsc_media_group_items_media').on(t.mediaId)],
);

/**
 * Timed tasks (spec 001 §3 "NSC: timed task", §4): when they play (dates, start, duration, date mode with
 * its weekdays or dates), how (priority, volume, play mode), on which terminals (groups or speakers, ids
 * as chosen) with which media (groups or files, in playing order); state `edit` or `checked` with who
 * checked it when, and whether it is started.
 */
export const nscTasks = pgTable(
  'nsc_tasks',
  {
    ...projectRecord(true),
    ...nameAndNo(),
    beginDate: varchar('begin_date', { length: 10 }).notNull(),
    endDate: varchar('end_date', { length: 10 }).notNull(),
    startTime: varchar('start_time', { length: 5 }).notNull(),
    priority: integer('priority').notNull(),
    volume: integer('volume').notNull(),
    playMode: varchar('play_mode', { length: 8 }).notNull(),
    durationSeconds: integer('duration_seconds').notNull(),
    dateMode: varchar('date_mode', { length: 8 }).notNull(),
    weekdays: jsonb('weekdays').$type<number[]>().notNull(),
    dates: jsonb('dates').$type<string[]>().notNull(),
    targetMode: varchar('target_mode', { length: 8 }).notNull(),
    groupIds: jsonb('group_ids').$type<number[]>().notNull(),
    deviceIds: jsonb('device_ids').$type<number[]>().notNull(),
    sourceMode: varchar('source_mode', { length: 8 }).notNull(),
    mediaGroupIds: jsonb('media_group_ids').$type<number[]>().notNull(),
    mediaIds: jsonb('media_ids').$type<number[]>().notNull(),
    description: descriptionColumn(),
    state: varchar('state', { length: 8 }).notNull().default('edit'),
    running: boolean('running').notNull().default(false),
    creator: varchar('creator', { length: 64 }).notNull(),
    checkedBy: varchar('checked_by', { length: 64 }),
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [uniqueIndex('nsc_tasks_project_no_idx').on(t.projectId, t.no)],
);

/**
 * What each speaker of a started (or stopped) task is to be told: `task` (it plays the task) or `untask`
 * (it drops it), `delivered` once it answered. A speaker that comes back with a row here is sent the whole
 * list of its started tasks (`tasks`), after which its untask rows go. Not a foreign key: an untask a
 * speaker missed outlives the task's deletion.
 */
export const nscTaskSpeakers = pgTable(
  'nsc_task_speakers',
  {
    taskId: integer('task_id').notNull(),
    deviceId: integer('device_id').notNull(),
    projectId: integer('project_id').notNull(),
    command: varchar('command', { length: 8 }).notNull(),
    delivered: boolean('delivered').notNull().default(false),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.taskId, t.deviceId] }), index('nsc_task_speakers_device').on(t.deviceId)],
);
