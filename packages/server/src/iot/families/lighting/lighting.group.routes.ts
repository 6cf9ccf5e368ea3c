import { lightingGroupBody, lightingGroupCommandBody, lightingGroupMembersBody, pageQuery } from '@sc/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { commonQuery } from '../../../platform/schemas.js';
import { actorOf } from '../family-handler.js';
import { calls, groupParams, projectParams, R, tags } from './lighting.route-common.js';
import type { LightingService } from './lighting.service.js';

/** LCU groups: list, CRUD, members, group commands. */
export function lightingGroupRoutes(app: FastifyInstance, s: LightingService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const g = s.groups;

  r.get(
    calls.path('groups'),
    {
      schema: {
        tags,
        summary: 'A page of LCU groups with their member counts',
        params: projectParams,
        querystring: commonQuery.extend(pageQuery.shape),
        response: { 200: R.groups },
      },
    },
    (req) => g.page(req.session!, req.params.projectId, req.query),
  );

  r.get(
    calls.path('groups/:groupId'),
    {
      schema: {
        tags,
        summary: 'An LCU group with its members',
        params: groupParams,
        querystring: commonQuery,
        response: { 200: R.group },
      },
    },
    (req) => g.get(req.session!, req.params.projectId, req.params.groupId),
  );

  r.post(
    calls.path('groups'),
    {
      schema: {
        tags,
        summary: 'Create an LCU group',
        params: projectParams,
        querystring: commonQuery,
        body: lightingGroupBody,
        response: { 200: R.group },
      },
    },
    (req) => g.create(req.session!, req.params.projectId, req.body),
  );

  r.put(
    calls.path('groups/:groupId'),
    {
      schema: {
        tags,
        summary: 'Change an LCU group (lampIds, when given, replaces the members)',
        params: groupParams,
        querystring: commonQuery,
        body: lightingGroupBody,
        response: { 200: R.group },
      },
    },
    (req) => g.update(req.session!, req.params.projectId, req.params.groupId, req.body),
  );

  r.delete(
    calls.path('groups/:groupId'),
    {
      schema: {
        tags,
        summary: 'Delete an LCU group (its lamps stay)',
        params: groupParams,
        querystring: commonQuery,
        response: { 200: R.deleted },
      },
    },
    (req) => g.remove(req.session!, req.params.projectId, req.params.groupId),
  );

  r.post(
    calls.path('groups/:groupId/members'),
    {
      schema: {
        tags,
        summary: 'Add lamps to an LCU group and remove others',
        params: groupParams,
        querystring: commonQuery,
        body: lightingGroupMembersBody,
        response: { 200: R.group },
      },
    },
    (req) => g.members(req.session!, req.params.projectId, req.params.groupId, req.body),
  );

  r.post(
    calls.path('groups/:groupId/command'),
    {
      schema: {
        tags,
        summary: 'Send a command to every lamp of an LCU group; progress arrives as realtime `batch` pushes',
        params: groupParams,
        querystring: commonQuery,
        body: lightingGroupCommandBody,
        response: { 200: R.batchStarted },
      },
    },
    (req) => g.command(actorOf(req), req.params.projectId, req.params.groupId, req.body),
  );
}
