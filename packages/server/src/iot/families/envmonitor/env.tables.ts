import { ENV_READINGS, envmonitorManifest } from '@sc/contract';
import { readingsTables } from '../../telemetry/tables.js';

/**
 * Environment monitor readings (spec 001 §3 "Environment data"); `at` is the pick time. Partitioned by
 * day, with hourly and daily rollups (iot/telemetry). Columns are the manifest's readings.
 */
export const envTelemetry = readingsTables('env_readings', ENV_READINGS, envmonitorManifest.retention.readings!);
export const envReadings = envTelemetry.table;
export const envReadingsHourly = envTelemetry.hourly;
export const envReadingsDaily = envTelemetry.daily;
