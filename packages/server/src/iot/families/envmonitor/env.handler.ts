import { envmonitorManifest } from '@sc/contract';
import type { FamilyHandler } from '../family-handler.js';
import { readingsStore } from '../kit/readings.js';
import { envRoutes } from './env.routes.js';
import { envTelemetry } from './env.tables.js';

const store = readingsStore(envTelemetry, envmonitorManifest.readings);
/** The batch table of env_readings (with its rollups). */
export const ENV_TABLE = store.batch;

/** Environment monitors (spec 001 §3 "Environment data"): readings into env_readings. */
export const envMonitorFamily: FamilyHandler = {
  manifest: envmonitorManifest,
  telemetry: store.telemetry,
  routes: envRoutes,
  telemetryTables: envTelemetry.partitioned,
};
