import { scdManifest } from '@sc/contract/families/scd';
import { familyReadingsTables } from '../kit/family-tables.js';

/**
 * Dustbin reports (spec 001 §3 "Smart dustbin"): distance, fill, weight and battery, `at` the report
 * time. Partitioned by day with hourly and daily rollups (iot/telemetry); columns are the manifest's.
 */
export const scdTelemetry = familyReadingsTables('scd_readings', scdManifest);
export const { table: scdReadings, hourly: scdReadingsHourly, daily: scdReadingsDaily } = scdTelemetry;
