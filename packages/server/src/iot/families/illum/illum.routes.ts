import { idParam, idsBody, illumManifest, pageQuery, projectTreeQuery } from '@sc/contract';
import { illumConfigBody, illumGroupBody, illumInuseBody } from '@sc/contract/families/illum';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { commonQuery } from '../../../platform/schemas.js';
import type { FamilyContext } from '../family-handler.js';
import { actorOf } from '../family-handler.js';
import { familyParams, familyRoutes } from '../kit/routes.js';
import { createIllumService } from './illum.service.js';

const manifest = illumManifest;
const { responses } = manifest;
const tags = [manifest.slug];
const project = z.object({ projectId: idParam() });
const ok = (schema: z.ZodType | undefined) => ({ response: { 200: schema! } });

/**
 * Spec 001 §7 "illum: config, realdata, inuse, logs; illum groups" under /api/pjts/{projectId}/iot/illum:
 * registration, realdata, events and readings from the kit; the list, configuration, in-use flag, the
 * lamp controllers that follow a sensor and the groups here, each a call of the service.
 */
export function illumRoutes(app: FastifyInstance, ctx: FamilyContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const s = createIllumService(ctx);
  const path = (sub: string) => `/api/pjts/:projectId/iot/${manifest.slug}/${sub}`;
  familyRoutes(app, ctx, manifest, { events: 'own', readings: s.readings, csvName: 'illuminance' });

  r.get(
    path('pages'),
    {
      schema: {
        tags,
        summary: "A page of the project's illumination sensors with their latest reading (KLux) and configuration",
        params: project,
        querystring: commonQuery.extend(pageQuery.shape).extend(projectTreeQuery.shape),
        ...ok(responses.sensors),
      },
    },
    (req) => s.sensors(req.session!, req.params.projectId, req.query),
  );
  r.get(
    path(':id/config'),
    {
      schema: {
        tags,
        summary: "A sensor's configuration",
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
        summary: "Set a sensor's threshold (KLux) and peripheral index; a connected sensor is sent them",
        params: familyParams,
        querystring: commonQuery,
        body: illumConfigBody,
        ...ok(responses.configSaved),
      },
    },
    (req) => s.setConfig(actorOf(req), req.params.projectId, req.params.id, req.body),
  );
  r.put(
    path(':id/inuse'),
    {
      schema: {
        tags,
        summary: 'Enable or disable a sensor (its lamp controllers follow it only when enabled)',
        params: familyParams,
        querystring: commonQuery,
        body: illumInuseBody,
        ...ok(responses.configSaved),
      },
    },
    (req) => s.setInuse(actorOf(req), req.params.projectId, req.params.id, req.body.enabled),
  );
  r.get(
    path(':id/lamps'),
    {
      schema: {
        tags,
        summary: 'The lamp controllers that follow a sensor (the children of its groups)',
        params: familyParams,
        querystring: commonQuery,
        ...ok(responses.lamps),
      },
    },
    (req) => s.lamps(req.session!, req.params.projectId, req.params.id),
  );

  // ── Groups
  r.get(
    path('groups/pages'),
    {
      schema: {
        tags,
        summary: "A page of the project's illumination groups (keyword over name, no, description)",
        params: project,
        querystring: commonQuery.extend(pageQuery.shape),
        ...ok(responses.groups),
      },
    },
    (req) => s.groups(req.session!, req.params.projectId, req.query),
  );
  r.get(
    path('groups/options'),
    {
      schema: {
        tags,
        summary: "What a group may name: the project's gateways, sensors and lamp controllers",
        params: project,
        querystring: commonQuery,
        ...ok(responses.groupOptions),
      },
    },
    (req) => s.groupOptions(req.session!, req.params.projectId),
  );
  r.get(
    path('groups/:id'),
    {
      schema: {
        tags,
        summary: 'One illumination group',
        params: familyParams,
        querystring: commonQuery,
        ...ok(responses.group),
      },
    },
    (req) => s.group(req.session!, req.params.projectId, req.params.id),
  );
  r.post(
    path('groups'),
    {
      schema: {
        tags,
        summary: 'Create an illumination group in the project',
        params: project,
        querystring: commonQuery,
        body: illumGroupBody,
        ...ok(responses.group),
      },
    },
    (req) => s.createGroup(actorOf(req), req.params.projectId, req.body),
  );
  r.put(
    path('groups/:id'),
    {
      schema: {
        tags,
        summary: 'Update an illumination group',
        params: familyParams,
        querystring: commonQuery,
        body: illumGroupBody,
        ...ok(responses.group),
      },
    },
    (req) => s.updateGroup(actorOf(req), req.params.projectId, req.params.id, req.body),
  );
  r.delete(
    path('groups/:id'),
    {
      schema: {
        tags,
        summary: 'Delete an illumination group (its lamp controllers stay)',
        params: familyParams,
        querystring: commonQuery,
        ...ok(responses.deleted),
      },
    },
    (req) => s.deleteGroups(actorOf(req), req.params.projectId, [req.params.id]),
  );
  r.delete(
    path('groups'),
    {
      schema: {
        tags,
        summary: 'Delete several illumination groups (form body ids=1,2,3, as the console sends it)',
        params: project,
        querystring: commonQuery,
        body: idsBody,
        ...ok(responses.deleted),
      },
    },
    (req) => s.deleteGroups(actorOf(req), req.params.projectId, req.body.ids),
  );
}
