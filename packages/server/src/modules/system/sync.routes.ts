import { syncResult } from '@sc/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { commonQuery } from '../../platform/schemas.js';
import { actorOf } from '../logs/audit.service.js';
import type { SyncService } from './sync.service.js';

/** Spec 000 §7 "System": re-applies built-in data without touching user data. */
export function syncRoutes(app: FastifyInstance, deps: { sync: SyncService }): void {
  app.withTypeProvider<ZodTypeProvider>().patch(
    '/api/syncsysdata.do',
    {
      schema: {
        tags: ['system'],
        summary: 'Re-apply built-in data: {steps: [{name, changed}]}',
        querystring: commonQuery,
        response: { 200: syncResult },
      },
    },
    (req) => deps.sync.run(actorOf(req)),
  );
}
