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
import type { UsersService } from './users.service.js';

const params = z.object({ id: idParam() });
const optionalId = () => z.preprocess((v) => (v === '' ? undefined : v), idParam().optional());
const filter = z.object({ roleId: optionalId(), projectId: optionalId() });
const tags = ['users'];

/** Spec 000 §7 "Users, roles, projects": /api/users.do. Password changes: password.routes.ts. */
export function usersRoutes(app: FastifyInstance, deps: { users: UsersService }): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const s = deps.users;

  r.get(
    '/api/users.do',
    {
      schema: {
        tags,
        summary: "Users in the caller's projects (up to 1000)",
        querystring: commonQuery.extend(filter.shape),
        response: { 200: userList },
      },
    },
    (req) => s.list(req.session!, req.query),
  );
  r.get(
    '/api/users.do/pages',
    {
      schema: {
        tags,
        summary: 'A page of users',
        querystring: commonQuery.extend(pageQuery.shape).extend(filter.shape),
        response: { 200: userPage },
      },
    },
    (req) => s.page(req.session!, req.query),
  );
  r.get(
    '/api/users.do/:id',
    {
      schema: {
        tags,
        summary: 'One user (never the password)',
        params,
        querystring: commonQuery,
        response: { 200: userView },
      },
    },
    (req) => s.get(req.session!, req.params.id),
  );
  r.post(
    '/api/users.do',
    {
      schema: {
        tags,
        summary: 'Create a user with a role and a password',
        body: userCreateBody,
        querystring: commonQuery,
        response: { 200: userView },
      },
    },
    (req) => s.create(actorOf(req), req.body),
  );
  r.put(
    '/api/users.do/:id',
    {
      schema: {
        tags,
        summary: 'Update a user (the password has its own call)',
        params,
        body: userUpdateBody,
        querystring: commonQuery,
        response: { 200: userView },
      },
    },
    (req) => s.update(actorOf(req), req.params.id, req.body),
  );
  r.delete(
    '/api/users.do/:id',
    {
      schema: {
        tags,
        summary: 'Delete a user (not oneself, not the last administrator)',
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
