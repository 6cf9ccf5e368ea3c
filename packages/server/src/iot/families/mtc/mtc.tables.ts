import { mtcManifest } from '@sc/contract';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { familyReadingsTables } from '../kit/family-tables.js';

/**
 * Cabinet readings (three phases, totals, leakage, temperature, circuits on): partitioned by day with
 * hourly and daily rollups, kept as long as the lighting power data.
 */
export const mtcTelemetry = familyReadingsTables('mtc_readings', mtcManifest);
export const { table: mtcReadings, hourly: mtcReadingsHourly, daily: mtcReadingsDaily } = mtcTelemetry;

const mask = (name: string) => bigint(name, { mode: 'number' });

/**
 * The last report of each cabinet (an upsert per batch): circuits as bit masks (bit n-1 for circuit n),
 * the active alarms as a mask over MTC_ALARM_KINDS, the readings, the peripherals' readings.
 */
export const mtcState = pgTable(
  'mtc_state',
  {
    deviceId: integer('device_id').primaryKey(),
    projectId: integer('project_id').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    mode: varchar('mode', { length: 16 }),
    circuitCount: integer('circuit_count'),
    circuitEnable: mask('circuit_enable'),
    circuitSetting: mask('circuit_setting'),
    circuitActual: mask('circuit_actual'),
    circuitActive: mask('circuit_active'),
    circuitCableTheft: mask('circuit_cable_theft'),
    alarmStatus: mask('alarm_status'),
    values: jsonb('values'),
    peripherals: jsonb('peripherals'),
    deviceTime: timestamp('device_time', { withTimezone: true }),
    version: varchar('version', { length: 16 }),
  },
  (t) => [index('mtc_state_project_idx').on(t.projectId)],
);

/** What the platform keeps of a cabinet besides its reports: config, comm args, peripherals, alarm config. */
export const mtcCabinets = pgTable('mtc_cabinets', {
  deviceId: integer('device_id').primaryKey(),
  projectId: integer('project_id').notNull(),
  config: jsonb('config'),
  configAt: timestamp('config_at', { withTimezone: true }),
  comm: jsonb('comm'),
  commAt: timestamp('comm_at', { withTimezone: true }),
  peripherals: jsonb('peripherals'),
  peripheralsAt: timestamp('peripherals_at', { withTimezone: true }),
  alarmConfig: jsonb('alarm_config'),
  alarmAt: timestamp('alarm_at', { withTimezone: true }),
});

/** Cabinet policies (spec 001 §3 "MTC policy"): `body` holds the time mode, units and cycle. */
export const mtcPolicies = pgTable(
  'mtc_policies',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id').notNull(),
    name: varchar('name', { length: 32 }).notNull(),
    no: varchar('no', { length: 32 }).notNull(),
    description: varchar('description', { length: 100 }).notNull().default(''),
    body: jsonb('body').notNull(),
    inUse: boolean('in_use').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('mtc_policies_project_no').on(t.projectId, t.no)],
);

/** Which policies a cabinet runs. */
export const mtcPolicyCabinets = pgTable(
  'mtc_policy_cabinets',
  {
    policyId: integer('policy_id')
      .notNull()
      .references(() => mtcPolicies.id, { onDelete: 'cascade' }),
    deviceId: integer('device_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.policyId, t.deviceId] }), index('mtc_policy_cabinets_device').on(t.deviceId)],
);

/** Firmware upgrades: progress and result, readable from any instance. */
export const mtcUpgrades = pgTable(
  'mtc_upgrades',
  {
    id: varchar('id', { length: 36 }).primaryKey(),
    projectId: integer('project_id').notNull(),
    deviceId: integer('device_id').notNull(),
    fileName: varchar('file_name', { length: 255 }).notNull(),
    version: varchar('version', { length: 16 }).notNull(),
    size: integer('size').notNull(),
    sent: integer('sent').notNull().default(0),
    total: integer('total').notNull(),
    state: varchar('state', { length: 16 }).notNull().default('running'),
    error: varchar('error', { length: 500 }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('mtc_upgrades_device').on(t.deviceId, t.startedAt)],
);
