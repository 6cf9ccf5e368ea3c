import { WIFI_READINGS, wifiManifest } from '@sc/contract/families/wifi';
import { readingsTables } from '../../telemetry/tables.js';

/**
 * Access point reports (spec 001 §3 "WiFi: traffic, CPU, memory, online time"): traffic up and down,
 * CPU, memory, connected clients and uptime, `at` the report time. Partitioned by day with hourly and
 * daily rollups (iot/telemetry); columns are the manifest's.
 */
export const wifiTelemetry = readingsTables('wifi_readings', WIFI_READINGS, wifiManifest.retention.readings!);
export const wifiReadings = wifiTelemetry.table;
export const wifiReadingsHourly = wifiTelemetry.hourly;
export const wifiReadingsDaily = wifiTelemetry.daily;
