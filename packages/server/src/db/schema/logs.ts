import { bigserial, boolean, index, integer, jsonb, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';

/** Visit log: sign-in, sign-out, failed sign-in, page visits. */
export const visitLogs = pgTable(
  'visit_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id'),
    projectId: integer('project_id'),
    account: varchar('account', { length: 64 }).notNull().default(''),
    action: varchar('action', { length: 32 }).notNull(),
    detail: text('detail').notNull().default(''),
    ip: varchar('ip', { length: 64 }).notNull().default(''),
    userAgent: varchar('user_agent', { length: 256 }).notNull().default(''),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('visit_logs_at_idx').on(t.at),
    index('visit_logs_user_idx').on(t.userId, t.at),
    index('visit_logs_project_idx').on(t.projectId, t.at),
  ],
);

/** Management log: every create, update, delete and permission change. */
export const manageLogs = pgTable(
  'manage_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id'),
    projectId: integer('project_id'),
    account: varchar('account', { length: 64 }).notNull().default(''),
    action: varchar('action', { length: 32 }).notNull(),
    entity: varchar('entity', { length: 64 }).notNull(),
    entityId: varchar('entity_id', { length: 64 }).notNull().default(''),
    summary: text('summary').notNull().default(''),
    changes: jsonb('changes'),
    ip: varchar('ip', { length: 64 }).notNull().default(''),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('manage_logs_at_idx').on(t.at),
    index('manage_logs_user_idx').on(t.userId, t.at),
    index('manage_logs_project_idx').on(t.projectId, t.at),
  ],
);

/** Operation log: device commands (who, device, command, arguments, result, duration). */
export const operateLogs = pgTable(
  'operate_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id'),
    projectId: integer('project_id'),
    account: varchar('account', { length: 64 }).notNull().default(''),
    deviceId: integer('device_id'),
    deviceName: varchar('device_name', { length: 64 }).notNull().default(''),
    command: varchar('command', { length: 64 }).notNull(),
    args: jsonb('args'),
    result: text('result').notNull().default(''),
    success: boolean('success').notNull().default(false),
    durationMs: integer('duration_ms').notNull().default(0),
    ip: varchar('ip', { length: 64 }).notNull().default(''),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('operate_logs_at_idx').on(t.at),
    index('operate_logs_device_idx').on(t.deviceId, t.at),
    index('operate_logs_project_idx').on(t.projectId, t.at),
  ],
);
