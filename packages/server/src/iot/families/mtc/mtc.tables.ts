import { mtcManifest } from '@sc/contract';
import { bigint, index, integer, jsonb, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';
import { familyReadingsTables, latestStateTable, perDeviceTable, policyTables } from '../kit/family-tables.js';

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
export const mtcState = latestStateTable('mtc_state', {
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
});

/** What the platform keeps of a cabinet besides its reports: config, comm args, peripherals, alarm config. */
export const mtcCabinets = perDeviceTable('mtc_cabinets', {
  config: jsonb('config'),
  configAt: timestamp('config_at', { withTimezone: true }),
  comm: jsonb('comm'),
  commAt: timestamp('comm_at', { withTimezone: true }),
  peripherals: jsonb('peripherals'),
  peripheralsAt: timestamp('peripherals_at', { withTimezone: true }),
  alarmConfig: jsonb('alarm_config'),
  alarmAt: timestamp('alarm_at', { withTimezone: true }),
});

/**
 * Cabinet policies (spec 001 §3 "MTC policy"): `body` holds the time mode, units and cycle; the free-text
 * note is the description. `mtc_policy_cabinets`: which policies a cabinet runs.
 */
export const { policies: mtcPolicies, links: mtcPolicyCabinets } = policyTables('mtc_policies', 'mtc_policy_cabinets', {
  description: varchar('description', { length: 100 }).notNull().default(''),
});

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
