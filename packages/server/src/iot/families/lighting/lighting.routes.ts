import type { FastifyInstance } from 'fastify';
import type { FamilyContext } from '../family-handler.js';
import { familyRoutes } from '../kit/routes.js';
import { lightingBatchRoutes } from './lighting.batch.routes.js';
import { lightingGroupRoutes } from './lighting.group.routes.js';
import { lightingLampRoutes } from './lighting.lamp.routes.js';
import { lightingPolicyRoutes } from './lighting.policy.routes.js';
import { lightingPowerRoutes } from './lighting.power.routes.js';
import { createLightingRepository } from './lighting.repository.js';
import { manifest } from './lighting.route-common.js';
import { createLightingService } from './lighting.service.js';

/** Commands the family answers itself (they change what the server keeps, or need more than the kit). */
const OWN = new Set(['reset', 'runmode', 'correcttime']);

/**
 * Spec 001 §7 "lighting": every call of the family (the list is in the contract's lighting/index.ts).
 * Registration, the plain commands, events and readings come from the kit; the rest are calls of the
 * service, one file of routes per concept.
 */
export function lightingRoutes(app: FastifyInstance, ctx: FamilyContext): void {
  const repo = ctx.repository(createLightingRepository);
  const service = createLightingService(ctx, repo);
  (app as unknown as { lighting?: typeof service }).lighting = service;
  // Batches orphaned by a stopped or dead instance are looked for once the app is up; at its stop the
  // batches running here store what they know and let go, so another instance may go on with them.
  app.addHook('onReady', async () => service.batches.startSweeping());
  app.addHook('onClose', () => service.batches.stop());

  familyRoutes(
    app,
    ctx,
    { ...manifest, commands: manifest.commands.filter((c) => !OWN.has(c.name)) },
    { events: 'own', readings: repo.readings, csvName: 'lighting' },
  );
  lightingLampRoutes(app, service);
  lightingBatchRoutes(app, service);
  lightingGroupRoutes(app, service);
  lightingPolicyRoutes(app, service);
  lightingPowerRoutes(app, service);
}
