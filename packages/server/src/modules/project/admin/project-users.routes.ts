import {
  idParam,
  okAnswer,
  pageQuery,
  userCreateBody,
  userList,
  userPage,
  userUpdateBody,
  userView,
} from '@sc/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { commonQuery } from '../../../platform/schemas.js';
import { actorOf } from '../../logs/audit.service.js';
import type { ProjectAdminService } from './project-admin.service.js';

const project = z.object({ projectId: idParam() });
const one = project.extend({ id: idParam() });
const optionalId = () => z.preprocess((v) => (v === '' ? undefined : v), idParam().optional());
const filter = z.object({ roleId: optionalId(), projectId: optionalId() });
const tags = ['project administration'];

/** Spec 001 §7: GET/POST users.do under /api/pjts/{projectId}/, the members of the project and its descendants. */
export function projectUsersRoutes(app: FastifyInstance, deps: { admin: ProjectAdminService }): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const s = deps.admin.users;

  r.get(
    '/api/pjts/:projectId/users.do',
    {
      schema: {
        tags,
        summary: 'Members of the project and its descendants (up to 1000)',
        params: project,
        querystring: commonQuery.extend(filter.shape),
        response: { 200: userList },
      },
    },
    (req) => s.list(req.session!, req.params.projectId, req.query),
  );
  r.get(
    '/api/pjts/:projectId/users.do/pages',
    {
      schema: {
        tags,
        summary: 'A page of the members of the project and its descendants',
        params: project,
        querystring: commonQuery.extend(pageQuery.shape).extend(filter.shape),
        response: { 200: userPage },
      },
    },
    (req) => s.page(req.session!, req.params.projectId, req.query),
  );
  r.get(
    '/api/pjts/:projectId/users.do/:id',
    {
      schema: {
        tags,
        summary: 'One member (never the password)',
        params: one,
        querystring: commonQuery,
        response: { 200: userView },
      },
    },
    (req) => s.get(req.session!, req.params.projectId, req.params.id),
  );
  r.post(
    '/api/pjts/:projectId/users.do',
    {
      schema: {
        tags,
        summary: 'Create a member with a role of the project or its descendants',
        params: project,
        body: userCreateBody,
        querystring: commonQuery,
        response: { 200: userView },
      },
    },
    (req) => s.create(actorOf(req), req.params.projectId, req.body),
  );
  r.put(
    '/api/pjts/:projectId/users.do/:id',
    {
      schema: {
        tags,
        summary: 'Update a member (no role above the caller’s levels)',
        params: one,
        body: userUpdateBody,
        querystring: commonQuery,
        response: { 200: userView },
      },
    },
    (req) => s.update(actorOf(req), req.params.projectId, req.params.id, req.body),
  );
  r.delete(
    '/api/pjts/:projectId/users.do/:id',
    {
      schema: {
        tags,
        summary: 'Delete a member (not oneself, not the last administrator)',
        params: one,
        querystring: commonQuery,
        response: { 200: okAnswer },
      },
    },
    async (req) => {
      await s.remove(actorOf(req), req.params.projectId, req.params.id);
      return { ok: true as const };
    },
  );
}
