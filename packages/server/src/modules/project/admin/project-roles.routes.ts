import {
  idParam,
  okAnswer,
  pageQuery,
  projectRoleBody,
  projectTrees,
  projectView,
  roleList,
  rolePage,
  roleView,
} from '@sc/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { commonQuery } from '../../../platform/schemas.js';
import { actorOf } from '../../logs/audit.service.js';
import type { ProjectAdminService } from './project-admin.service.js';

const project = z.object({ projectId: idParam() });
const one = project.extend({ id: idParam() });
const projectFilter = z.object({ projectId: z.preprocess((v) => (v === '' ? undefined : v), idParam().optional()) });
const tags = ['project administration'];

/** Spec 001 §7: GET projects.do (and its tree), GET/POST roles.do under /api/pjts/{projectId}/. */
export function projectRolesRoutes(app: FastifyInstance, deps: { admin: ProjectAdminService }): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const s = deps.admin;

  r.get(
    '/api/pjts/:projectId/projects.do',
    {
      schema: {
        tags,
        summary: 'The project',
        params: project,
        querystring: commonQuery,
        response: { 200: projectView },
      },
    },
    (req) => s.project(req.session!, req.params.projectId),
  );
  r.get(
    '/api/pjts/:projectId/projects.do/trees',
    {
      schema: {
        tags,
        summary: 'The project and its descendants as a tree',
        params: project,
        querystring: commonQuery,
        response: { 200: projectTrees },
      },
    },
    (req) => s.trees(req.session!, req.params.projectId),
  );
  r.get(
    '/api/pjts/:projectId/roles.do',
    {
      schema: {
        tags,
        summary: 'Roles of the project and its descendants (up to 1000)',
        params: project,
        querystring: commonQuery.extend(projectFilter.shape),
        response: { 200: roleList },
      },
    },
    (req) => s.roles.list(req.session!, req.params.projectId, req.query),
  );
  r.get(
    '/api/pjts/:projectId/roles.do/pages',
    {
      schema: {
        tags,
        summary: 'A page of the roles of the project and its descendants',
        params: project,
        querystring: commonQuery.extend(pageQuery.shape).extend(projectFilter.shape),
        response: { 200: rolePage },
      },
    },
    (req) => s.roles.page(req.session!, req.params.projectId, req.query),
  );
  r.get(
    '/api/pjts/:projectId/roles.do/:id',
    { schema: { tags, summary: 'One role', params: one, querystring: commonQuery, response: { 200: roleView } } },
    (req) => s.roles.get(req.session!, req.params.projectId, req.params.id),
  );
  r.post(
    '/api/pjts/:projectId/roles.do',
    {
      schema: {
        tags,
        summary: 'Create a role in the project (or in one of its descendants: projectId)',
        params: project,
        body: projectRoleBody,
        querystring: commonQuery,
        response: { 200: roleView },
      },
    },
    (req) => s.roles.create(actorOf(req), req.params.projectId, req.body),
  );
  r.put(
    '/api/pjts/:projectId/roles.do/:id',
    {
      schema: {
        tags,
        summary: 'Update a role of the project or its descendants',
        params: one,
        body: projectRoleBody,
        querystring: commonQuery,
        response: { 200: roleView },
      },
    },
    (req) => s.roles.update(actorOf(req), req.params.projectId, req.params.id, req.body),
  );
  r.delete(
    '/api/pjts/:projectId/roles.do/:id',
    {
      schema: {
        tags,
        summary: 'Delete a role no user has',
        params: one,
        querystring: commonQuery,
        response: { 200: okAnswer },
      },
    },
    async (req) => {
      await s.roles.remove(actorOf(req), req.params.projectId, req.params.id);
      return { ok: true as const };
    },
  );
}
