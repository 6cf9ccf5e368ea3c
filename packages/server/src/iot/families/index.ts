import { envMonitorFamily } from './envmonitor/env.handler.js';
import type { FamilyHandler } from './family-handler.js';
import { gatewayFamily } from './gateway/gateway.handler.js';

/** The device families the gateway knows beyond the generic protocol; one entry per folder. */
export const FAMILY_HANDLERS: readonly FamilyHandler[] = [gatewayFamily, envMonitorFamily];
