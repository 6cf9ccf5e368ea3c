import { index, integer, jsonb, pgTable, primaryKey, timestamp, varchar } from 'drizzle-orm/pg-core';
import { timestamps } from '../../../db/schema/common.js';
import { goneWith, projectRecord } from '../kit/family-tables.js';

const tz = { withTimezone: true } as const;

/**
 * On-demand tasks (spec 001 §3 "on-demand task (devices, files, volume, repeat)", §4 the queue): the
 * speakers and groups, media in playing order as chosen (ids; one deleted since is left out when played),
 * volume, repeat count, state ready | playing | paused | finished with when it last started and ended.
 */
export const nscVods = pgTable(
  'nsc_vods',
  {
    ...projectRecord(true),
    name: varchar('name', { length: 32 }).notNull(),
    deviceIds: jsonb('device_ids').$type<number[]>().notNull(),
    groupIds: jsonb('group_ids').$type<number[]>().notNull(),
    mediaIds: jsonb('media_ids').$type<number[]>().notNull(),
    volume: integer('volume').notNull(),
    repeat: integer('repeat').notNull(),
    state: varchar('state', { length: 8 }).notNull().default('ready'),
    createdBy: varchar('created_by', { length: 64 }).notNull(),
    startedAt: timestamp('started_at', tz),
    finishedAt: timestamp('finished_at', tz),
    ...timestamps,
  },
  (t) => [index('nsc_vods_project_state_idx').on(t.projectId, t.state)],
);

/**
 * Each speaker's part of the last play of an on-demand task: `playing`, `paused`, `finished` (reported
 * done, stopped, gone offline or given another task) or `missed` (the command did not reach it). The
 * task is finished when none is playing or paused.
 */
export const nscVodSpeakers = pgTable(
  'nsc_vod_speakers',
  {
    vodId: goneWith('vod_id', nscVods),
    deviceId: integer('device_id').notNull(),
    projectId: integer('project_id').notNull(),
    state: varchar('state', { length: 8 }).notNull(),
    /** When this play began on it: a report made before is not about it. */
    since: timestamp('since', tz).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.vodId, t.deviceId] }), index('nsc_vod_speakers_device').on(t.deviceId)],
);
