import { LIGHTING_READINGS, lightingManifest } from '@sc/contract';
import { index, jsonb, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import {
  descriptionColumn,
  deviceLinks,
  familyReadingsTables,
  latestStateTable,
  nameAndNo,
  perDeviceTable,
  policyTables,
  projectRecord,
  readingColumns,
} from '../kit/family-tables.js';

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
 * and the overview read without touching the readings. The readings' columns are typed as theirs (the
 * energy total a register: double precision).
 */
export const lightingState = latestStateTable('lighting_state', {
  ...readingColumns(LIGHTING_READINGS, [
    'on',
    'level',
    'runStatus',
    'voltage',
    'current',
    'activePower',
    'dailyEnergy',
    'energyTotal',
  ]),
  deviceTime: text('device_time'),
  raw: text('raw'),
});

/**
 * What the platform keeps of a lamp besides its reports: configuration, alarm thresholds, modes, reset,
 * and the key of the set of policies it runs (`policySet`: their ids in order, comma-separated; null
 * without any), kept when policies are used or removed, so the overview groups lamps by it at once.
 */
export const lightingLamps = perDeviceTable(
  'lighting_lamps',
  {
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

/**
 * Lighting policies (spec 001 §3): `body` holds units, range, channel control, channels and cycle; the
 * free-text note is the alias. `lighting_policy_lamps`: which policies a lamp runs.
 */
export const { policies: lightingPolicies, links: lightingPolicyLamps } = policyTables(
  'lighting_policies',
  'lighting_policy_lamps',
  { alias: varchar('alias', { length: 32 }).notNull().default('') },
);

/** LCU groups (spec 001 §3 "Lamp group"). */
export const lightingGroups = pgTable(
  'lighting_groups',
  {
    ...projectRecord(false),
    ...nameAndNo(),
    description: descriptionColumn(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('lighting_groups_project_no').on(t.projectId, t.no)],
);

/** The lamps of each group. */
export const lightingGroupLamps = deviceLinks('lighting_group_lamps', 'group', lightingGroups);
