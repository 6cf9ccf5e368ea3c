import { gatewayManifest } from '@sc/contract';
import type { FamilyHandler } from '../family-handler.js';
import { gatewayRoutes } from './gateway.routes.js';

/**
 * Gateways (spec 001 §7): they carry child devices — lamp controllers, sensors, meters — whose
 * traffic they relay naming the child, and their heartbeat lists the children they reach.
 */
export const gatewayFamily: FamilyHandler = {
  manifest: gatewayManifest,
  routes: gatewayRoutes,
};
