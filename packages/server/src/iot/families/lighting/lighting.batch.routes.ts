import { LIGHTING_LIST_API } from '@sc/contract';
import type { FastifyInstance } from 'fastify';
import { mountTable } from '../../../platform/endpoints/mount.js';
import { jsonText } from '../../../platform/response-serializer.js';
import type { LightingService } from './lighting.service.js';

/** The list and the map of lamps, batch commands with their progress, and the area drawn on the map. */
export function lightingBatchRoutes(app: FastifyInstance, s: LightingService): void {
  mountTable(app, LIGHTING_LIST_API, {
    lamps: ({ session, params, query }) => s.page(session, params.projectId, query),
    map: ({ session, params, query }) => s.map(session, params.projectId, query.includeChildren),
    batch: ({ actor, params, body }) => s.batch(actor, params.projectId, body),
    batchStatus: async ({ session, params }) =>
      jsonText(await s.batchStatus(session, params.projectId, params.batchId)),
    areaLamps: ({ session, params, body }) => s.areaLamps(session, params.projectId, body),
    areaCommand: ({ actor, params, body }) => s.areaCommand(actor, params.projectId, body),
  });
}
