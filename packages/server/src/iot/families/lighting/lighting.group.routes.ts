import { LIGHTING_GROUP_API } from '@sc/contract';
import type { FastifyInstance } from 'fastify';
import { mountTable } from '../../../platform/endpoints/mount.js';
import type { LightingService } from './lighting.service.js';

/** LCU groups: list, CRUD, members, group commands. */
export function lightingGroupRoutes(app: FastifyInstance, s: LightingService): void {
  const g = s.groups;
  mountTable(app, LIGHTING_GROUP_API, {
    groups: ({ session, params, query }) => g.page(session, params.projectId, query),
    group: ({ session, params }) => g.get(session, params.projectId, params.groupId),
    createGroup: ({ session, params, body }) => g.create(session, params.projectId, body),
    updateGroup: ({ session, params, body }) => g.update(session, params.projectId, params.groupId, body),
    deleteGroup: ({ session, params }) => g.remove(session, params.projectId, params.groupId),
    groupMembers: ({ session, params, body }) => g.members(session, params.projectId, params.groupId, body),
    groupCommand: ({ actor, params, body }) => g.command(actor, params.projectId, params.groupId, body),
  });
}
