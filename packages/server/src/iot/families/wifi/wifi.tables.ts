import { wifiManifest } from '@sc/contract/families/wifi';
import { familyReadingsTables } from '../kit/family-tables.js';

/**
 * Access point reports (spec 001 §3 "WiFi: traffic, CPU, memory, online time"): traffic up and down,
 * CPU, memory, connected clients and uptime, `at` the report time. Partitioned by day with hourly and
 * daily rollups (iot/telemetry); columns are the manifest's.
 */
export const wifiTelemetry = familyReadingsTables('wifi_readings', wifiManifest);
export const { table: wifiReadings, hourly: wifiReadingsHourly, daily: wifiReadingsDaily } = wifiTelemetry;
