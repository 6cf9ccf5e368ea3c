import { jsonb, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';

/** System settings (web params): one row per setting that differs from its contract default. */
export const webParams = pgTable('web_params', {
  key: varchar('key', { length: 64 }).primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
