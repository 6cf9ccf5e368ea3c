import { whmManifest } from '@sc/contract/families/whm';
import { familyReadingsTables } from '../kit/family-tables.js';

/**
 * Watt-hour meter readings (spec 001 §3 "Watt-hour meter: reading, pick time"); `at` is the pick time.
 * Partitioned by day, with hourly and daily rollups (iot/telemetry): `energy` is summed there, so a
 * period's consumption is the sum of its increments. Columns are the manifest's readings.
 */
export const whmTelemetry = familyReadingsTables('whm_readings', whmManifest);
export const { table: whmReadings, hourly: whmReadingsHourly, daily: whmReadingsDaily } = whmTelemetry;
