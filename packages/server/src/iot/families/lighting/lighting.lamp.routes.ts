import { lightingAlarmConfigBody, lightingCommandArgs, lightingConfigBody, lightingLocationBody } from '@sc/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { commonQuery } from '../../../platform/schemas.js';
import { actorOf } from '../family-handler.js';
import { familyParams } from '../kit/routes.js';
import { calls, R, tags } from './lighting.route-common.js';
import type { LightingService } from './lighting.service.js';

/** One lamp: the commands the server keeps a trace of, realdata, configuration, location, policies. */
export function lightingLampRoutes(app: FastifyInstance, s: LightingService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    calls.path(':id/reset'),
    {
      schema: {
        tags,
        summary: 'Reset a lamp: unusable for the given 1-12 hours',
        params: familyParams,
        querystring: commonQuery,
        body: lightingCommandArgs.reset,
        response: { 200: R.command },
      },
    },
    (req) => s.reset(actorOf(req), req.params.projectId, req.params.id, req.body.hours),
  );

  r.post(
    calls.path(':id/runmode'),
    {
      schema: {
        tags,
        summary: 'Set the run mode and the policy mode (policy mode "policy" needs a policy in use)',
        params: familyParams,
        querystring: commonQuery,
        body: lightingCommandArgs.runmode,
        response: { 200: R.command },
      },
    },
    (req) => s.runmode(actorOf(req), req.params.projectId, req.params.id, req.body),
  );

  r.post(
    calls.path(':id/correcttime'),
    {
      schema: {
        tags,
        summary: "Set the lamp's clock to the server's time",
        params: familyParams,
        querystring: commonQuery,
        body: z.object({}).nullish(),
        response: { 200: R.command },
      },
    },
    (req) => s.correcttime(actorOf(req), req.params.projectId, req.params.id),
  );

  r.get(
    calls.path(':id/realdata'),
    {
      schema: {
        tags,
        summary: "The lamp's last report (every runtime value, device time, raw message) without asking it",
        params: familyParams,
        querystring: commonQuery,
        response: { 200: R.realdata },
      },
    },
    (req) => s.realdata(req.session!, req.params.projectId, req.params.id),
  );

  for (const kind of ['config', 'alarmconfig'] as const) {
    const isConfig = kind === 'config';
    const body = isConfig ? lightingConfigBody : lightingAlarmConfigBody;
    const response = isConfig ? R.config : R.alarmConfig;
    r.get(
      calls.path(`:id/${kind}`),
      {
        schema: {
          tags,
          summary: isConfig ? "The lamp's configuration" : "The lamp's alarm thresholds",
          params: familyParams,
          querystring: commonQuery,
          response: { 200: response },
        },
      },
      (req) => s.config(req.session!, req.params.projectId, req.params.id, kind) as never,
    );
    r.put(
      calls.path(`:id/${kind}`),
      {
        schema: {
          tags,
          summary: isConfig
            ? "Store the lamp's configuration and send it to the lamp (delivered: whether it was connected)"
            : "Store the lamp's alarm thresholds and send them to the lamp",
          params: familyParams,
          querystring: commonQuery,
          body,
          response: { 200: response },
        },
      },
      (req) =>
        s.saveConfig(
          actorOf(req),
          req.params.projectId,
          req.params.id,
          kind,
          req.body as Record<string, unknown>,
        ) as never,
    );
  }

  r.put(
    calls.path(':id/location'),
    {
      schema: {
        tags,
        summary: "Set the lamp's coordinates (its astronomical times follow them)",
        params: familyParams,
        querystring: commonQuery,
        body: lightingLocationBody,
        response: { 200: R.location },
      },
    },
    (req) => s.setLocation(req.session!, req.params.projectId, req.params.id, req.body),
  );

  r.get(
    calls.path(':id/policies'),
    {
      schema: {
        tags,
        summary: 'The policies a lamp runs',
        params: familyParams,
        querystring: commonQuery,
        response: { 200: R.lampPolicies },
      },
    },
    (req) => s.lampPolicies(req.session!, req.params.projectId, req.params.id),
  );

  r.post(
    calls.path(':id/policydef'),
    {
      schema: {
        tags,
        summary: 'Send the lamp its policies in use (it runs them on its own clock)',
        params: familyParams,
        querystring: commonQuery,
        body: z.object({}).nullish(),
        response: { 200: R.command },
      },
    },
    (req) => s.policydef(actorOf(req), req.params.projectId, req.params.id),
  );
}
