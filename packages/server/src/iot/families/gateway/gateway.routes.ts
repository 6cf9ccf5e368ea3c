import { GATEWAY_API, GATEWAY_COMMANDS, gatewayManifest } from '@sc/contract';
import type { FastifyInstance } from 'fastify';
import { mountTable } from '../../../platform/endpoints/mount.js';
import type { FamilyContext } from '../family-handler.js';
import { childrenHandlers, commandHandlers, eventHandlers, registrationHandlers } from '../kit/traits.js';

/** Spec 001 §7 "gateway": every call a trait's. The device is told the server's time with correcttime. */
export function gatewayRoutes(app: FastifyInstance, ctx: FamilyContext): void {
  mountTable(app, GATEWAY_API, {
    ...registrationHandlers(ctx, gatewayManifest),
    ...commandHandlers(ctx, gatewayManifest, GATEWAY_COMMANDS, {
      correcttime: () => ({ time: new Date().toISOString(), epochMs: Date.now() }),
    }),
    ...eventHandlers(ctx, gatewayManifest, true),
    ...childrenHandlers(ctx, gatewayManifest),
  });
}
