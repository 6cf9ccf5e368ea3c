import {
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { projects } from './admin.js';

/**
 * A project's notice rule for one event (spec 001 "Notice rule"): which channels, who receives the
 * e-mail and SMS, in which language, and the minimum interval between notices of the same event.
 * A project without a rule for an event uses its nearest ancestor's, else site messages only.
 */
export const noticeRules = pgTable(
  'notice_rules',
  {
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    eventCode: varchar('event_code', { length: 64 }).notNull(),
    types: jsonb('types').$type<string[]>().notNull(),
    emails: jsonb('emails').$type<string[]>().notNull(),
    mobiles: jsonb('mobiles').$type<string[]>().notNull(),
    userIds: jsonb('user_ids').$type<number[]>().notNull(),
    lang: varchar('lang', { length: 8 }).notNull(),
    intervalSeconds: integer('interval_seconds').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.eventCode] })],
);

/**
 * E-mails and SMS to send or sent (the outbox and the history of both): written with the event that
 * caused them, sent by the delivery worker, retried with backoff; a restart finds what is pending.
 * Kept for the SMS history setting.
 */
export const noticeDeliveries = pgTable(
  'notice_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    eventCode: varchar('event_code', { length: 64 }).notNull(),
    channel: varchar('channel', { length: 8 }).notNull(),
    recipient: varchar('recipient', { length: 128 }).notNull(),
    subject: varchar('subject', { length: 300 }).notNull(),
    body: text('body').notNull(),
    /** pending, sent or failed (attempts used up). */
    status: varchar('status', { length: 10 }).notNull().default('pending'),
    attempts: smallint('attempts').notNull().default(0),
    /** When a pending delivery is due (again): a worker sending it moves this past its lease. */
    nextAt: timestamp('next_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: varchar('last_error', { length: 500 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('notice_deliveries_due_idx').on(t.status, t.nextAt),
    index('notice_deliveries_project_idx').on(t.projectId, t.createdAt),
  ],
);

/** A project's parameters (spec 001 "Project params"), one row once saved. */
export const projectParams = pgTable('project_params', {
  projectId: integer('project_id')
    .primaryKey()
    .references(() => projects.id, { onDelete: 'cascade' }),
  values: jsonb('values').$type<Record<string, unknown>>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
