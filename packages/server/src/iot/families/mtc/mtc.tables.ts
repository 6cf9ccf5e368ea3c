import { mtcManifest } from '@sc/contract';
import { bigint, integer, jsonb, timestamp, varchar } from 'drizzle-orm/pg-core';
import { descriptionColumn, familyReadingsTables, latestStateTable, policyTables } from '../kit/family-tables.js';

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

/**
 * Cabinet policies (spec 001 §3 "MTC policy"): `body` holds the time mode, units and cycle; the free-text
 * note is the description. `mtc_policy_cabinets`: which policies a cabinet runs.
 */
export const { policies: mtcPolicies, links: mtcPolicyCabinets } = policyTables('mtc_policies', 'mtc_policy_cabinets', {
  description: descriptionColumn(),
});
