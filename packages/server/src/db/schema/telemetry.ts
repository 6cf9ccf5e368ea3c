import { bigserial, index, integer, jsonb, pgTable, real, timestamp, varchar } from 'drizzle-orm/pg-core';

/** Environment monitor readings (spec 001 §3 "Environment data"); `at` is the pick time. */
export const envReadings = pgTable(
  'env_readings',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    deviceId: integer('device_id').notNull(),
    projectId: integer('project_id').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    temperature: real('temperature'),
    humidity: real('humidity'),
    pm25: real('pm25'),
    pm10: real('pm10'),
    soilTemperature: real('soil_temperature'),
    soilHumidity: real('soil_humidity'),
    co2: real('co2'),
    gas: real('gas'),
    light: real('light'),
    atmosphere: real('atmosphere'),
    noise: real('noise'),
  },
  (t) => [index('env_readings_device_at_idx').on(t.deviceId, t.at), index('env_readings_at_idx').on(t.at)],
);

/** Events of every family: alarms that occur and are restored, state changes, notices. */
export const deviceEvents = pgTable(
  'device_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    deviceId: integer('device_id').notNull(),
    projectId: integer('project_id').notNull(),
    type: varchar('type', { length: 32 }).notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    code: varchar('code', { length: 64 }).notNull(),
    eventType: varchar('event_type', { length: 16 }).notNull(),
    level: varchar('level', { length: 16 }).notNull(),
    detail: jsonb('detail'),
  },
  (t) => [
    index('device_events_device_at_idx').on(t.deviceId, t.at),
    index('device_events_type_at_idx').on(t.type, t.at),
  ],
);
