import { LIGHTING_POLICY_API } from '@sc/contract';
import type { FastifyInstance } from 'fastify';
import { mountTable } from '../../../platform/endpoints/mount.js';
import { recordCalls } from '../kit/record-calls.js';
import type { LightingService } from './lighting.service.js';

/** Lighting policies: list, CRUD, use and remove on lamps and groups, policydef, the day/year preview. */
export function lightingPolicyRoutes(app: FastifyInstance, s: LightingService): void {
  const p = s.policies;
  mountTable(app, LIGHTING_POLICY_API, {
    ...recordCalls({ noun: 'policy', many: 'policies' }, p),
    usePolicy: ({ actor, params, body }) => p.apply(actor, params.projectId, params.policyId, 'use', body),
    removePolicy: ({ actor, params, body }) => p.apply(actor, params.projectId, params.policyId, 'remove', body),
    clearPolicies: ({ actor, params, body }) => p.clear(actor, params.projectId, body),
    policydef: ({ actor, params }) => p.resend(actor, params.projectId, params.policyId),
    preview: ({ session, params, query }) => p.preview(session, params.projectId, params.policyId, query),
  });
}
