import { pageQuery, policyTargetsBody, schedulePreviewQuery } from '@sc/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { commonQuery } from '../../../platform/schemas.js';
import { actorOf } from '../family-handler.js';
import { calls, policyParams, projectParams, R, tags } from './lighting.route-common.js';
import type { LightingService } from './lighting.service.js';

/** The body is checked by the service against the policy-units maximum of the settings at the time of the call. */
const policyInput = z
  .record(z.string(), z.unknown())
  .describe('lightingPolicyBody (contract): name, no, alias, units, range, channelControl, channels, cycle, inUse');

/** Lighting policies: list, CRUD, use and remove on lamps and groups, policydef, the day/year preview. */
export function lightingPolicyRoutes(app: FastifyInstance, s: LightingService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const p = s.policies;

  r.get(
    calls.path('policies'),
    {
      schema: {
        tags,
        summary: 'A page of lighting policies',
        params: projectParams,
        querystring: commonQuery.extend(pageQuery.shape),
        response: { 200: R.policies },
      },
    },
    (req) => p.page(req.session!, req.params.projectId, req.query),
  );

  r.get(
    calls.path('policies/:policyId'),
    {
      schema: {
        tags,
        summary: 'A lighting policy',
        params: policyParams,
        querystring: commonQuery,
        response: { 200: R.policy },
      },
    },
    (req) => p.get(req.session!, req.params.projectId, req.params.policyId),
  );

  r.post(
    calls.path('policies'),
    {
      schema: {
        tags,
        summary: 'Create a lighting policy (units at most the policyUnitsMax setting)',
        params: projectParams,
        querystring: commonQuery,
        body: policyInput,
        response: { 200: R.policy },
      },
    },
    (req) => p.create(req.session!, req.params.projectId, req.body),
  );

  r.put(
    calls.path('policies/:policyId'),
    {
      schema: {
        tags,
        summary: 'Change a lighting policy (lamps using it get it at the next policydef)',
        params: policyParams,
        querystring: commonQuery,
        body: policyInput,
        response: { 200: R.policy },
      },
    },
    (req) => p.update(req.session!, req.params.projectId, req.params.policyId, req.body),
  );

  r.delete(
    calls.path('policies/:policyId'),
    {
      schema: {
        tags,
        summary: 'Delete a lighting policy no lamp uses (409 while in use)',
        params: policyParams,
        querystring: commonQuery,
        response: { 200: R.deleted },
      },
    },
    (req) => p.remove(req.session!, req.params.projectId, req.params.policyId),
  );

  for (const verb of ['use', 'remove'] as const)
    r.post(
      calls.path(`policies/:policyId/${verb}`),
      {
        schema: {
          tags,
          summary:
            verb === 'use'
              ? 'Use a policy on lamps and LCU groups, then send each lamp its policies'
              : 'Stop using a policy on lamps and LCU groups, then send each lamp its policies',
          params: policyParams,
          querystring: commonQuery,
          body: policyTargetsBody,
          response: { 200: R.batchStarted },
        },
      },
      (req) => p.apply(actorOf(req), req.params.projectId, req.params.policyId, verb, req.body),
    );

  r.post(
    calls.path('policies/clear'),
    {
      schema: {
        tags,
        summary: 'Remove every policy from lamps and LCU groups, then tell the lamps',
        params: projectParams,
        querystring: commonQuery,
        body: policyTargetsBody,
        response: { 200: R.batchStarted },
      },
    },
    (req) => p.clear(actorOf(req), req.params.projectId, req.body),
  );

  r.post(
    calls.path('policies/:policyId/policydef'),
    {
      schema: {
        tags,
        summary: 'Send every lamp using the policy its policies again',
        params: policyParams,
        querystring: commonQuery,
        body: z.object({}).nullish(),
        response: { 200: R.batchStarted },
      },
    },
    (req) => p.resend(actorOf(req), req.params.projectId, req.params.policyId),
  );

  r.get(
    calls.path('policies/:policyId/preview'),
    {
      schema: {
        tags,
        summary:
          "The on/off/dim schedule a policy gives at a lamp's or group's place (or given coordinates): a day (date) and/or a whole year (year)",
        params: policyParams,
        querystring: commonQuery.extend(schedulePreviewQuery.shape),
        response: { 200: R.preview },
      },
    },
    (req) => p.preview(req.session!, req.params.projectId, req.params.policyId, req.query),
  );
}
