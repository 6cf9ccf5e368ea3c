import { bigserial, boolean, index, integer, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from './admin.js';

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
  },
  (t) => [index('site_messages_recipient_idx').on(t.recipientId, t.isDeleted, t.isRead)],
);
