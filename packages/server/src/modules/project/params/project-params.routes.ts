import { idParam, projectParamsBody, projectParamsView } from '@sc/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { commonQuery } from '../../../platform/schemas.js';
import { actorOf } from '../../logs/audit.service.js';
import type { ProjectParamsService } from './project-params.service.js';

const params = z.object({ projectId: idParam() });
const tags = ['project parameters'];

/** Spec 001 §7 "project parameters": GET/POST /api/pjts/{projectId}/projectparams.do. */
export function projectParamsRoutes(app: FastifyInstance, deps: { params: ProjectParamsService }): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/pjts/:projectId/projectparams.do',
    {
      schema: {
        tags,
        summary: "The project's parameters (its defaults until saved)",
        params,
        querystring: commonQuery,
        response: { 200: projectParamsView },
      },
    },
    (req) => deps.params.get(req.session!, req.params.projectId),
  );
  r.post(
    '/api/pjts/:projectId/projectparams.do',
    {
      schema: {
        tags,
        summary:
          'Save the project parameters: server address (IPv4 or domain), web and live ports 80-65534, map, timezone, contact',
        params,
        body: projectParamsBody,
        querystring: commonQuery,
        response: { 200: projectParamsView },
      },
    },
    (req) => deps.params.save(actorOf(req), req.params.projectId, req.body),
  );
}
