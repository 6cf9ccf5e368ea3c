import { pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * The server instances that are up, each with the address the others reach it at: what only one
 * instance holds (a live stream's files, a call's or a broadcast's audio) is asked of it there.
 */
export const serverInstances = pgTable('server_instances', {
  id: varchar('id', { length: 16 }).primaryKey(),
  url: varchar('url', { length: 256 }).notNull(),
  seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
});
