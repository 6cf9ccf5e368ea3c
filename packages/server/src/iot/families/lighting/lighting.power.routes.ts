import { lightingFaultsQuery, pageQuery, powerQuery, projectTreeQuery } from '@sc/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { commonQuery } from '../../../platform/schemas.js';
import { calls, projectParams, R, tags } from './lighting.route-common.js';
import type { LightingService } from './lighting.service.js';

/** Power consumption of a scope, the lighting overview and the lamps behind its faults. */
export function lightingPowerRoutes(app: FastifyInstance, s: LightingService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const o = s.overview;

  r.get(
    calls.path('power/summary'),
    {
      schema: {
        tags,
        summary: 'Energy of a lamp, LCU group, group, area or the project over a period, by day and month',
        params: projectParams,
        querystring: commonQuery.extend(powerQuery.shape),
        response: { 200: R.powerSummary },
      },
    },
    (req) => o.powerSummary(req.session!, req.params.projectId, req.query),
  );

  r.get(
    calls.path('power/last'),
    {
      schema: {
        tags,
        summary: 'The last power and energy reading of each lamp of a scope',
        params: projectParams,
        querystring: commonQuery.extend(powerQuery.shape),
        response: { 200: R.powerLast },
      },
    },
    (req) => o.powerLast(req.session!, req.params.projectId, req.query),
  );

  r.get(
    calls.path('summary'),
    {
      schema: {
        tags,
        summary:
          'The lighting overview: lamps by state, lighting rate, faults by code, energy, energy saved by dimming',
        params: projectParams,
        querystring: commonQuery.extend(projectTreeQuery.shape),
        response: { 200: R.overview },
      },
    },
    (req) => o.overview(req.session!, req.params.projectId, req.query.includeChildren),
  );

  r.get(
    calls.path('faults'),
    {
      schema: {
        tags,
        summary:
          'The lamps with an open fault (of one event code, or all), newest first, with the work order that handled each',
        params: projectParams,
        querystring: commonQuery
          .extend(pageQuery.shape)
          .extend(lightingFaultsQuery.shape)
          .extend(projectTreeQuery.shape),
        response: { 200: R.faults },
      },
    },
    (req) => o.faults(req.session!, req.params.projectId, req.query),
  );
}
