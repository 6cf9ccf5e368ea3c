import { illumManifest } from '@sc/contract';
import { readingsFamily } from '../kit/readings.js';
import { illumRoutes } from './illum.routes.js';
import { illumTelemetry } from './illum.tables.js';

/** Illumination sensors (spec 001 §3 "Illumination"): readings into illum_readings, groups of lamp controllers. */
export const illumFamily = readingsFamily(illumManifest, illumTelemetry, illumRoutes);
