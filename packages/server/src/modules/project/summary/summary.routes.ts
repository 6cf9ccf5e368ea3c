import { idParam, projectSummary } from '@sc/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { commonQuery } from '../../../platform/schemas.js';
import type { SummaryService } from './summary.service.js';

/** Spec 001 §7 "GET summary.do": the dashboard's data for the project's subtree, with the layout in use. */
export function summaryRoutes(app: FastifyInstance, deps: { summary: SummaryService }): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/pjts/:projectId/summary.do',
    {
      schema: {
        tags: ['project summary'],
        summary:
          "Every summary unit's data for the project's subtree (devices, online rate, events, environment, lighting rate, windows, power) and its layout in use",
        params: z.object({ projectId: idParam() }),
        querystring: commonQuery,
        response: { 200: projectSummary },
      },
    },
    (req) => deps.summary.summary(req.session!, req.params.projectId),
  );
}
