import { bigserial, index, integer, jsonb, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * Events of every family: alarms that occur and are restored, state changes, notices. Partitioned by
 * device type, then by week (iot/telemetry/events.ts), so each family keeps its own retention.
 */
export const deviceEvents = pgTable(
  'device_events',
  {
    id: bigserial('id', { mode: 'number' }).notNull(),
    deviceId: integer('device_id').notNull(),
    projectId: integer('project_id').notNull(),
    type: varchar('type', { length: 32 }).notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    code: varchar('code', { length: 64 }).notNull(),
    eventType: varchar('event_type', { length: 16 }).notNull(),
    level: varchar('level', { length: 16 }).notNull(),
    detail: jsonb('detail'),
  },
  (t) => [index('device_events_device_at_idx').on(t.deviceId, t.at)],
);
