import { gatewayManifest } from '@sc/contract';
import type { FastifyInstance } from 'fastify';
import type { FamilyContext } from '../family-handler.js';
import { familyRoutes } from '../kit/routes.js';

/**
 * Spec 001 §7 "gateway: register, unregister, correcttime, reboot, clearlcus, events, children": all
 * of them the kit's, from the manifest's command list. The device is told the server's time.
 */
export function gatewayRoutes(app: FastifyInstance, ctx: FamilyContext): void {
  familyRoutes(app, ctx, gatewayManifest, {
    commandArgs: { correcttime: () => ({ time: new Date().toISOString(), epochMs: Date.now() }) },
    events: 'withChildren',
    children: true,
  });
}
