import {
  lightingAreaCommandBody,
  lightingAreaQueryBody,
  lightingBatchBody,
  lightingListFilter,
  pageQuery,
  projectTreeQuery,
} from '@sc/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { commonQuery } from '../../../platform/schemas.js';
import { actorOf } from '../family-handler.js';
import { batchParams, calls, projectParams, R, tags } from './lighting.route-common.js';
import type { LightingService } from './lighting.service.js';

/** The list and the map of lamps, batch commands with their progress, and the area drawn on the map. */
export function lightingBatchRoutes(app: FastifyInstance, s: LightingService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    calls.path('pages'),
    {
      schema: {
        tags,
        summary: 'A page of lamps with their live values; filters by area, group, LCU group, gateway, state',
        params: projectParams,
        querystring: commonQuery
          .extend(pageQuery.shape)
          .extend(lightingListFilter.shape)
          .extend(projectTreeQuery.shape),
        response: { 200: R.lamps },
      },
    },
    (req) => s.page(req.session!, req.params.projectId, req.query),
  );

  r.get(
    calls.path('map'),
    {
      schema: {
        tags,
        summary:
          'Every lamp of the project (with includeChildren, of its child projects too) with coordinates and state',
        params: projectParams,
        querystring: commonQuery.extend(projectTreeQuery.shape),
        response: { 200: R.map },
      },
    },
    (req) => s.map(req.session!, req.params.projectId, req.query.includeChildren),
  );

  r.post(
    calls.path('batch/command'),
    {
      schema: {
        tags,
        summary: 'Send a command to many lamps; progress arrives as realtime `batch` pushes',
        params: projectParams,
        querystring: commonQuery,
        body: lightingBatchBody,
        response: { 200: R.batchStarted },
      },
    },
    (req) => s.batch(actorOf(req), req.params.projectId, req.body),
  );

  r.get(
    calls.path('batches/:batchId'),
    {
      schema: {
        tags,
        summary: "A batch's progress and each lamp's result",
        params: batchParams,
        querystring: commonQuery,
        response: { 200: R.batchStatus },
      },
    },
    (req) => s.batchStatus(req.session!, req.params.projectId, req.params.batchId),
  );

  r.post(
    calls.path('area/lamps'),
    {
      schema: {
        tags,
        summary: "The lamps inside a polygon drawn on the map (with includeChildren, child projects' lamps too)",
        params: projectParams,
        querystring: commonQuery,
        body: lightingAreaQueryBody,
        response: { 200: R.areaLamps },
      },
    },
    (req) => s.areaLamps(req.session!, req.params.projectId, req.body),
  );

  r.post(
    calls.path('area/command'),
    {
      schema: {
        tags,
        summary: 'Send a command to every lamp inside a polygon drawn on the map',
        params: projectParams,
        querystring: commonQuery,
        body: lightingAreaCommandBody,
        response: { 200: R.batchStarted },
      },
    },
    (req) => s.areaCommand(actorOf(req), req.params.projectId, req.body),
  );
}
