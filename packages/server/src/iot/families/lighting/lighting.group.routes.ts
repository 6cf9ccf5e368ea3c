import { LIGHTING_GROUP_API } from '@sc/contract';
import type { FastifyInstance } from 'fastify';
import { mountTable } from '../../../platform/endpoints/mount.js';
import { recordCalls } from '../kit/record-calls.js';
import type { LightingService } from './lighting.service.js';

/** LCU groups: list, CRUD, members, group commands. */
export function lightingGroupRoutes(app: FastifyInstance, s: LightingService): void {
  const g = s.groups;
  mountTable(app, LIGHTING_GROUP_API, {
    ...recordCalls('group', g),
    groupMembers: ({ session, params, body }) => g.members(session, params.projectId, params.groupId, body),
    groupCommand: ({ actor, params, body }) => g.command(actor, params.projectId, params.groupId, body),
  });
}
