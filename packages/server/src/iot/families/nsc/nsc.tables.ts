import {
  customType,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { timestamps } from '../../../db/schema/common.js';
import {
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

/** The file's bytes (a Buffer on both drivers: PGlite answers a Uint8Array). */
const audio = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

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
    content: audio('content').notNull(),
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
