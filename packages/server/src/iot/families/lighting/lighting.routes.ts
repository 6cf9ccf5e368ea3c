import type { FastifyInstance } from 'fastify';
import type { FamilyContext } from '../family-handler.js';
import { lightingBatchRoutes } from './lighting.batch.routes.js';
import { lightingGroupRoutes } from './lighting.group.routes.js';
import { lightingLampRoutes } from './lighting.lamp.routes.js';
import { lightingPolicyRoutes } from './lighting.policy.routes.js';
import { lightingPowerRoutes } from './lighting.power.routes.js';
import { createLightingRepository } from './lighting.repository.js';
import { createLightingService } from './lighting.service.js';

/**
 * Spec 001 §7 "lighting": every call of the family (its tables are in the contract's lighting/api.ts),
 * one file of routes per table.
 */
export function lightingRoutes(app: FastifyInstance, ctx: FamilyContext): void {
  const repo = ctx.repository(createLightingRepository);
  const service = createLightingService(ctx, repo);
  (app as unknown as { lighting?: typeof service }).lighting = service;
  // Batches orphaned by a stopped or dead instance are looked for once the app is up; at its stop the
  // batches running here store what they know and let go, so another instance may go on with them.
  app.addHook('onReady', async () => service.batches.startSweeping());
  app.addHook('onClose', () => service.batches.stop());

  lightingLampRoutes(app, ctx, repo, service);
  lightingBatchRoutes(app, service);
  lightingGroupRoutes(app, service);
  lightingPolicyRoutes(app, service);
  lightingPowerRoutes(app, service);
}
