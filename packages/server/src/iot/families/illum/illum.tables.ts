import { illumManifest } from '@sc/contract';
import { index, pgTable, primaryKey, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamps } from '../../../db/schema/common.js';
import { devices } from '../../../db/schema/devices.js';
import { descriptionColumn, familyReadingsTables, goneWith, nameAndNo, projectRecord } from '../kit/family-tables.js';

/**
 * Illumination readings (KLux, the manifest's readings); `at` is the pick time. Partitioned by day,
 * with hourly and daily rollups (iot/telemetry).
 */
export const illumTelemetry = familyReadingsTables('illum_readings', illumManifest);
export const { table: illumReadings, hourly: illumReadingsHourly, daily: illumReadingsDaily } = illumTelemetry;

/**
 * Illumination groups (spec 001 §3 "Illumination group: name, no, project, gateway, sensor,
 * children"): the lamp controllers that follow one sensor, reached through one gateway. A group goes
 * with its gateway or its sensor when that device is deleted.
 */
export const illumGroups = pgTable(
  'illum_groups',
  {
    ...projectRecord(true),
    ...nameAndNo(),
    gatewayId: goneWith('gateway_id', devices),
    sensorId: goneWith('sensor_id', devices),
    description: descriptionColumn(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('illum_groups_project_no_idx').on(t.projectId, t.no),
    index('illum_groups_sensor_idx').on(t.sensorId),
    index('illum_groups_gateway_idx').on(t.gatewayId),
  ],
);

/** The lamp controllers of a group; one lamp controller follows one sensor, so it is in one group at most. */
export const illumGroupChildren = pgTable(
  'illum_group_children',
  {
    groupId: goneWith('group_id', illumGroups),
    deviceId: goneWith('device_id', devices),
  },
  (t) => [
    primaryKey({ columns: [t.groupId, t.deviceId] }),
    uniqueIndex('illum_group_children_device_idx').on(t.deviceId),
  ],
);
