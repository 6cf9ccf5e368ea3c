import { idParam, pageQuery, pgwManifest, projectTreeQuery } from '@sc/contract';
import { pgwConfigBody, pgwLampsBody } from '@sc/contract/families/pgw';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { commonQuery } from '../../../platform/schemas.js';
import type { FamilyContext } from '../family-handler.js';
import { actorOf } from '../family-handler.js';
import { familyParams, familyRoutes } from '../kit/routes.js';
import { createPgwService } from './pgw.service.js';

const manifest = pgwManifest;
const { responses } = manifest;
const tags = [manifest.slug];
const project = z.object({ projectId: idParam() });
const ok = (schema: z.ZodType | undefined) => ({ response: { 200: schema! } });

/**
 * Spec 001 §7 "pgw" under /api/pjts/{projectId}/iot/pgw: registration, reboot, correct time (the
 * server's time as UNIX seconds at UTC+8) and events from the kit; the list, the lamp controllers
 * behind a gateway, registering and unregistering them, runtime and configuration here, each a call of
 * the service.
 */
export function pgwRoutes(app: FastifyInstance, ctx: FamilyContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const s = createPgwService(ctx);
  const path = (sub: string) => `/api/pjts/:projectId/iot/${manifest.slug}/${sub}`;
  familyRoutes(app, ctx, manifest, { commandArgs: { correcttime: s.correcttimeArgs }, events: 'own' });

  r.get(
    path('pages'),
    {
      schema: {
        tags,
        summary:
          "A page of the project's power-line gateways: wire no, zone code, online state, registered lamp controllers (keyword over name, no, equipment id, wire no, zone code)",
        params: project,
        querystring: commonQuery.extend(pageQuery.shape).extend(projectTreeQuery.shape),
        ...ok(responses.gateways),
      },
    },
    (req) => s.gateways(req.session!, req.params.projectId, req.query),
  );
  r.get(
    path(':id/lamps'),
    {
      schema: {
        tags,
        summary: 'The lamp controllers registered behind a gateway, with their carrier signal and last contact',
        params: familyParams,
        querystring: commonQuery,
        ...ok(responses.lamps),
      },
    },
    (req) => s.lamps(req.session!, req.params.projectId, req.params.id),
  );
  r.get(
    path(':id/lamps/options'),
    {
      schema: {
        tags,
        summary: "The project's power-line lamp controllers behind no gateway (what a gateway may register)",
        params: familyParams,
        querystring: commonQuery,
        ...ok(responses.lampOptions),
      },
    },
    (req) => s.lampOptions(req.session!, req.params.projectId, req.params.id),
  );
  r.post(
    path(':id/lamps'),
    {
      schema: {
        tags,
        summary:
          'Register lamp controllers behind a gateway (each of this project, on the power line, behind no other gateway); a connected gateway is told',
        params: familyParams,
        querystring: commonQuery,
        body: pgwLampsBody,
        ...ok(responses.lampsChanged),
      },
    },
    (req) => s.addLamps(actorOf(req), req.params.projectId, req.params.id, req.body.childIds),
  );
  r.delete(
    path(':id/lamps'),
    {
      schema: {
        tags,
        summary: 'Unregister lamp controllers from a gateway (each must be behind it); a connected gateway is told',
        params: familyParams,
        querystring: commonQuery,
        body: pgwLampsBody,
        ...ok(responses.lampsChanged),
      },
    },
    (req) => s.removeLamps(actorOf(req), req.params.projectId, req.params.id, req.body.childIds),
  );
  r.post(
    path(':id/runtime'),
    {
      schema: {
        tags,
        summary: "Read a gateway's runtime now (device time, uptime, firmware, carrier table) from the gateway",
        params: familyParams,
        querystring: commonQuery,
        ...ok(responses.runtime),
      },
    },
    (req) => s.runtime(actorOf(req), req.params.projectId, req.params.id),
  );
  r.get(
    path(':id/config'),
    {
      schema: {
        tags,
        summary: "A gateway's configuration",
        params: familyParams,
        querystring: commonQuery,
        ...ok(responses.config),
      },
    },
    (req) => s.config(req.session!, req.params.projectId, req.params.id),
  );
  r.put(
    path(':id/config'),
    {
      schema: {
        tags,
        summary: "Set a gateway's relay levels, search interval and carrier band; a connected gateway is sent them",
        params: familyParams,
        querystring: commonQuery,
        body: pgwConfigBody,
        ...ok(responses.configSaved),
      },
    },
    (req) => s.setConfig(actorOf(req), req.params.projectId, req.params.id, req.body),
  );
}
