import { lightingManifest } from '@sc/contract';
import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { familyReadingsTables } from '../kit/family-tables.js';

/**
 * Lamp readings (spec 001 §3 "Lamp controller runtime"): partitioned by day with hourly and daily
 * rollups; `energy` and `energySaved` add up in charts.
 */
export const lightingTelemetry = familyReadingsTables('lighting_readings', lightingManifest);
export const {
  table: lightingReadings,
  hourly: lightingReadingsHourly,
  daily: lightingReadingsDaily,
} = lightingTelemetry;

/**
 * The last report of each lamp (kept by the batch writer as an upsert per batch): what the list, the map
 * and the overview read without touching the readings.
 */
export const lightingState = pgTable(
  'lighting_state',
  {
    deviceId: integer('device_id').primaryKey(),
    projectId: integer('project_id').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    on: real('on'),
    level: real('level'),
    runStatus: real('run_status'),
    voltage: real('voltage'),
    current: real('current'),
    activePower: real('active_power'),
    dailyEnergy: real('daily_energy'),
    /** A register: double precision, like the readings' (FamilyReading.register). */
    energyTotal: doublePrecision('energy_total'),
    deviceTime: text('device_time'),
    raw: text('raw'),
  },
  (t) => [index('lighting_state_project_idx').on(t.projectId)],
);

/**
 * What the platform keeps of a lamp besides its reports: configuration, alarm thresholds, modes, reset,
 * and the key of the set of policies it runs (`policySet`: their ids in order, comma-separated; null
 * without any), kept when policies are used or removed, so the overview groups lamps by it at once.
 */
export const lightingLamps = pgTable(
  'lighting_lamps',
  {
    deviceId: integer('device_id').primaryKey(),
    projectId: integer('project_id').notNull(),
    config: jsonb('config'),
    configAt: timestamp('config_at', { withTimezone: true }),
    alarmConfig: jsonb('alarm_config'),
    alarmAt: timestamp('alarm_at', { withTimezone: true }),
    runMode: varchar('run_mode', { length: 16 }),
    policyMode: varchar('policy_mode', { length: 16 }),
    unusableUntil: timestamp('unusable_until', { withTimezone: true }),
    policySet: text('policy_set'),
  },
  (t) => [index('lighting_lamps_project_set_idx').on(t.projectId, t.policySet)],
);

/** Lighting policies (spec 001 §3): `body` holds units, range, channel control, channels and cycle. */
export const lightingPolicies = pgTable(
  'lighting_policies',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id').notNull(),
    name: varchar('name', { length: 32 }).notNull(),
    no: varchar('no', { length: 32 }).notNull(),
    alias: varchar('alias', { length: 32 }).notNull().default(''),
    body: jsonb('body').notNull(),
    inUse: boolean('in_use').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('lighting_policies_project_no').on(t.projectId, t.no)],
);

/** Which policies a lamp runs. */
export const lightingPolicyLamps = pgTable(
  'lighting_policy_lamps',
  {
    policyId: integer('policy_id')
      .notNull()
      .references(() => lightingPolicies.id, { onDelete: 'cascade' }),
    deviceId: integer('device_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.policyId, t.deviceId] }), index('lighting_policy_lamps_device').on(t.deviceId)],
);

/** LCU groups (spec 001 §3 "Lamp group"). */
export const lightingGroups = pgTable(
  'lighting_groups',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id').notNull(),
    name: varchar('name', { length: 32 }).notNull(),
    no: varchar('no', { length: 32 }).notNull(),
    description: varchar('description', { length: 100 }).notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('lighting_groups_project_no').on(t.projectId, t.no)],
);

export const lightingGroupLamps = pgTable(
  'lighting_group_lamps',
  {
    groupId: integer('group_id')
      .notNull()
      .references(() => lightingGroups.id, { onDelete: 'cascade' }),
    deviceId: integer('device_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.deviceId] }), index('lighting_group_lamps_device').on(t.deviceId)],
);
