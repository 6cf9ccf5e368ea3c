import { whmManifest } from '@sc/contract/families/whm';
import { readingsFamily } from '../kit/readings.js';
import { whmRoutes } from './whm.routes.js';
import { whmTelemetry } from './whm.tables.js';

/** Watt-hour meters (spec 001 §3 "WHM"): readings into whm_readings, with config and in-use calls. */
export const whmFamily = readingsFamily(whmManifest, whmTelemetry, whmRoutes);
