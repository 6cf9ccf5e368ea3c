import { whmManifest } from '@sc/contract/families/whm';
import type { FamilyHandler } from '../family-handler.js';
import { readingsStore } from '../kit/readings.js';
import { whmRoutes } from './whm.routes.js';
import { whmTelemetry } from './whm.tables.js';

const store = readingsStore(whmTelemetry, whmManifest.readings);

/** Watt-hour meters (spec 001 §3 "WHM"): readings into whm_readings, with config and in-use calls. */
export const whmFamily: FamilyHandler = {
  manifest: whmManifest,
  telemetry: store.telemetry,
  routes: whmRoutes,
  telemetryTables: whmTelemetry.partitioned,
};
