import { scdManifest } from '@sc/contract/families/scd';
import type { FamilyHandler } from '../family-handler.js';
import { readingsStore } from '../kit/readings.js';
import { scdRoutes } from './scd.routes.js';
import { scdTelemetry } from './scd.tables.js';

const store = readingsStore(scdTelemetry, scdManifest.readings);

/**
 * Smart dustbins (spec 001 §3 "SCD"): reports into scd_readings; FULL and OVERFILL are alarm-level
 * events, so ingest raises them as the family's notice event (site messages by the notice rules).
 */
export const scdFamily: FamilyHandler = {
  manifest: scdManifest,
  telemetry: store.telemetry,
  routes: scdRoutes,
  telemetryTables: scdTelemetry.partitioned,
};
