import { idParam, okAnswer, pageQuery, roleBody, roleList, rolePage, roleView } from '@sc/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { commonQuery } from '../../../platform/schemas.js';
import { actorOf } from '../../logs/audit.service.js';
import type { RolesService } from './roles.service.js';

const params = z.object({ id: idParam() });
const projectFilter = z.object({ projectId: z.preprocess((v) => (v === '' ? undefined : v), idParam().optional()) });
const tags = ['roles'];

/** Spec 000 §7 "Users, roles, projects": /api/roles.do. */
export function rolesRoutes(app: FastifyInstance, deps: { roles: RolesService }): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const s = deps.roles;

  r.get(
    '/api/roles.do',
    {
      schema: {
        tags,
        summary: "Roles in the caller's projects (up to 1000)",
        querystring: commonQuery.extend(projectFilter.shape),
        response: { 200: roleList },
      },
    },
    (req) => s.list(req.session!, req.query.projectId),
  );
  r.get(
    '/api/roles.do/pages',
    {
      schema: {
        tags,
        summary: 'A page of roles',
        querystring: commonQuery.extend(pageQuery.shape).extend(projectFilter.shape),
        response: { 200: rolePage },
      },
    },
    (req) => s.page(req.session!, req.query),
  );
  r.get(
    '/api/roles.do/:id',
    { schema: { tags, summary: 'One role', params, querystring: commonQuery, response: { 200: roleView } } },
    (req) => s.get(req.session!, req.params.id),
  );
  r.post(
    '/api/roles.do',
    {
      schema: {
        tags,
        summary: 'Create a role in a project',
        body: roleBody,
        querystring: commonQuery,
        response: { 200: roleView },
      },
    },
    (req) => s.create(actorOf(req), req.body),
  );
  r.put(
    '/api/roles.do/:id',
    {
      schema: {
        tags,
        summary: 'Update a role',
        params,
        body: roleBody,
        querystring: commonQuery,
        response: { 200: roleView },
      },
    },
    (req) => s.update(actorOf(req), req.params.id, req.body),
  );
  r.delete(
    '/api/roles.do/:id',
    {
      schema: {
        tags,
        summary: 'Delete a role no user has',
        params,
        querystring: commonQuery,
        response: { 200: okAnswer },
      },
    },
    async (req) => {
      await s.remove(actorOf(req), req.params.id);
      return { ok: true as const };
    },
  );
}
