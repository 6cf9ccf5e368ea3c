import { wifiManifest } from '@sc/contract/families/wifi';
import type { FamilyHandler } from '../family-handler.js';
import { readingsStore } from '../kit/readings.js';
import { wifiRoutes } from './wifi.routes.js';
import { wifiTelemetry } from './wifi.tables.js';

const store = readingsStore(wifiTelemetry, wifiManifest.readings);

/**
 * WiFi access points (spec 001 §3 "WiFi"): reports into wifi_readings; the AP's log (clients joining
 * and leaving, blacklist, radios, restarts) arrives as info events and is read back by the logs call.
 */
export const wifiFamily: FamilyHandler = {
  manifest: wifiManifest,
  telemetry: store.telemetry,
  routes: wifiRoutes,
  telemetryTables: wifiTelemetry.partitioned,
};
