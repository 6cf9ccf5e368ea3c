import { SCD_READINGS, scdManifest } from '@sc/contract/families/scd';
import { readingsTables } from '../../telemetry/tables.js';

/**
 * Dustbin reports (spec 001 §3 "Smart dustbin"): distance, fill, weight and battery, `at` the report
 * time. Partitioned by day with hourly and daily rollups (iot/telemetry); columns are the manifest's.
 */
export const scdTelemetry = readingsTables('scd_readings', SCD_READINGS, scdManifest.retention.readings!);
export const scdReadings = scdTelemetry.table;
export const scdReadingsHourly = scdTelemetry.hourly;
export const scdReadingsDaily = scdTelemetry.daily;
