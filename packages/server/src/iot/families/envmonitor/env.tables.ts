import { envmonitorManifest } from '@sc/contract';
import { familyReadingsTables } from '../kit/family-tables.js';

/**
 * Environment monitor readings (spec 001 §3 "Environment data"); `at` is the pick time. Partitioned by
 * day, with hourly and daily rollups (iot/telemetry). Columns are the manifest's readings.
 */
export const envTelemetry = familyReadingsTables('env_readings', envmonitorManifest);
export const { table: envReadings, hourly: envReadingsHourly, daily: envReadingsDaily } = envTelemetry;
