import { LIGHTING_SUMMARY_API } from '@sc/contract';
import type { FastifyInstance } from 'fastify';
import { mountTable } from '../../../platform/endpoints/mount.js';
import type { LightingService } from './lighting.service.js';

/** Power consumption of a scope, the lighting overview and the lamps behind its faults. */
export function lightingPowerRoutes(app: FastifyInstance, s: LightingService): void {
  const o = s.overview;
  mountTable(app, LIGHTING_SUMMARY_API, {
    powerSummary: ({ session, params, query }) => o.powerSummary(session, params.projectId, query),
    powerLast: ({ session, params, query }) => o.powerLast(session, params.projectId, query),
    overview: ({ session, params, query }) => o.overview(session, params.projectId, query.includeChildren),
    faults: ({ session, params, query }) => o.faults(session, params.projectId, query),
  });
}
