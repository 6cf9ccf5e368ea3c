import { lightingManifest } from '@sc/contract';
import type { FamilyHandler } from '../family-handler.js';
import { familyRoutes } from '../kit/routes.js';

/** Lamp controllers (spec 001 §7 "lighting"): registration, commands and events for now. */
export const lightingFamily: FamilyHandler = {
  manifest: lightingManifest,
  routes: (app, ctx) => familyRoutes(app, ctx, lightingManifest, { events: 'own' }),
};
