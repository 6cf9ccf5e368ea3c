import { bigserial, boolean, index, integer, pgTable, primaryKey, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from './admin.js';
import { devices } from './devices.js';

/** Site messages, one row per recipient. */
export const siteMessages = pgTable(
  'site_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    recipientId: integer('recipient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    senderId: integer('sender_id'),
    /** The title in Chinese, the default language: what lists search and show without a reference. */
    title: varchar('title', { length: 200 }).notNull(),
    /** A system message's title as an i18n reference (`msg(key, params)`), shown in each reader's language. */
    titleRef: varchar('title_ref', { length: 400 }),
    content: text('content').notNull().default(''),
    isRead: boolean('is_read').notNull().default(false),
    isDeleted: boolean('is_deleted').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
    /**
     * What repeats of one thing share (a device alarm: `alarm:<device>:<code>`): a repeat folds into the
     * recipient's unread message with the same key, counted in `repeatCount`, until it is read or recycled.
     */
    foldKey: varchar('fold_key', { length: 80 }),
    repeatCount: integer('repeat_count').notNull().default(1),
    /** A device alarm's level ('warning' | 'alarm'): the bell counts unread alarms by it. */
    severity: varchar('severity', { length: 16 }),
  },
  (t) => [
    index('site_messages_recipient_idx').on(t.recipientId, t.isDeleted, t.isRead),
    index('site_messages_fold_idx').on(t.recipientId, t.foldKey),
  ],
);

/**
 * Device alarms announced as site messages (iot/device-notices.ts), one row per device and alarm code:
 * whether the alarm is open and when it was last announced. Kept in the database so that a restart or
 * another instance does not announce an open alarm again.
 */
export const deviceAlarmNotices = pgTable(
  'device_alarm_notices',
  {
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    code: varchar('code', { length: 64 }).notNull(),
    open: boolean('open').notNull(),
    /** When it was last announced. */
    notifiedAt: timestamp('notified_at', { withTimezone: true }).notNull(),
    /** Whether its last raise was announced (not when it came back within the same-event interval). */
    announced: boolean('announced').notNull(),
  },
  (t) => [primaryKey({ columns: [t.deviceId, t.code] })],
);
