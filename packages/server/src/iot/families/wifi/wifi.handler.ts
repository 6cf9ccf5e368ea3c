import { wifiManifest } from '@sc/contract/families/wifi';
import { readingsFamily } from '../kit/readings.js';
import { wifiRoutes } from './wifi.routes.js';
import { wifiTelemetry } from './wifi.tables.js';

/**
 * WiFi access points (spec 001 §3 "WiFi"): reports into wifi_readings; the AP's log (clients joining
 * and leaving, blacklist, radios, restarts) arrives as info events and is read back by the logs call.
 */
export const wifiFamily = readingsFamily(wifiManifest, wifiTelemetry, wifiRoutes);
