import { WHM_READINGS, whmManifest } from '@sc/contract/families/whm';
import { readingsTables } from '../../telemetry/tables.js';

/**
 * Watt-hour meter readings (spec 001 §3 "Watt-hour meter: reading, pick time"); `at` is the pick time.
 * Partitioned by day, with hourly and daily rollups (iot/telemetry): `energy` is summed there, so a
 * period's consumption is the sum of its increments. Columns are the manifest's readings.
 */
export const whmTelemetry = readingsTables('whm_readings', WHM_READINGS, whmManifest.retention.readings!);
export const whmReadings = whmTelemetry.table;
export const whmReadingsHourly = whmTelemetry.hourly;
export const whmReadingsDaily = whmTelemetry.daily;
