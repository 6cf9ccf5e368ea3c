import { illumManifest } from '@sc/contract';
import type { FamilyHandler } from '../family-handler.js';
import { readingsStore } from '../kit/readings.js';
import { illumRoutes } from './illum.routes.js';
import { illumTelemetry } from './illum.tables.js';

const store = readingsStore(illumTelemetry, illumManifest.readings);

/** Illumination sensors (spec 001 §3 "Illumination"): readings into illum_readings, groups of lamp controllers. */
export const illumFamily: FamilyHandler = {
  manifest: illumManifest,
  telemetry: store.telemetry,
  routes: illumRoutes,
  telemetryTables: illumTelemetry.partitioned,
};
