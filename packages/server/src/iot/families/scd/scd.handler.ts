import { scdManifest } from '@sc/contract/families/scd';
import { readingsFamily } from '../kit/readings.js';
import { scdRoutes } from './scd.routes.js';
import { scdTelemetry } from './scd.tables.js';

/**
 * Smart dustbins (spec 001 §3 "SCD"): reports into scd_readings; FULL and OVERFILL are alarm-level
 * events, so ingest raises them as the family's notice event (site messages by the notice rules).
 */
export const scdFamily = readingsFamily(scdManifest, scdTelemetry, scdRoutes);
