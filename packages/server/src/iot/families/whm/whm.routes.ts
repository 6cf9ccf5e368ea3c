import { familyCalls, pageQuery, projectTreeQuery } from '@sc/contract';
import { WHM_PICK_INTERVAL, whmConfigBody, whmInUseBody, whmManifest, whmPageFilter } from '@sc/contract/families/whm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../../modules/logs/audit.service.js';
import { pageWindow, toPage } from '../../../platform/paging.js';
import { commonQuery } from '../../../platform/schemas.js';
import type { FamilyContext } from '../family-handler.js';
import { familyParams, familyRoutes } from '../kit/routes.js';
import { createWhmService } from './whm.service.js';

const manifest = whmManifest;
const { responses } = manifest;
const calls = familyCalls(manifest.slug);
const tags = [manifest.slug];
const projectParams = z.object({ projectId: familyParams.shape.projectId });

/** Spec 001 §7 "whm: config, realdata, inuse, logs": the kit's calls plus the list, config and in-use flag. */
export function whmRoutes(app: FastifyInstance, ctx: FamilyContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const whm = createWhmService(ctx);
  familyRoutes(app, ctx, manifest, { events: 'own', readings: whm.readings, csvName: 'readings', totals: true });

  r.get(
    calls.path('pages'),
    {
      schema: {
        tags,
        summary: "A page of the project's meters with their latest reading and its pick time",
        params: projectParams,
        querystring: commonQuery.extend(pageQuery.shape).extend(whmPageFilter.shape).extend(projectTreeQuery.shape),
        response: { 200: responses.page! },
      },
    },
    async (req) => {
      const project = await ctx.devices.reach(req.session!, req.params.projectId, req.query.includeChildren);
      const window = pageWindow(req.query, await ctx.settings.get('pageSize'));
      const { rows, total } = await whm.page(project, { words: req.query.keyword, inUse: req.query.inUse }, window);
      return toPage(rows, total, window);
    },
  );

  r.get(
    calls.path(':id/config'),
    {
      schema: {
        tags,
        summary: "A meter's configuration: peripheral index and pick interval (s)",
        params: familyParams,
        querystring: commonQuery,
        response: { 200: responses.config! },
      },
    },
    async (req) => whm.config(await ctx.devices.get(req.session!, req.params.projectId, req.params.id, manifest.type)),
  );

  r.put(
    calls.path(':id/config'),
    {
      schema: {
        tags,
        summary: `Sets a meter's configuration (pick interval ${WHM_PICK_INTERVAL.min}-${WHM_PICK_INTERVAL.max} s) and sends it to the meter when it is connected`,
        params: familyParams,
        querystring: commonQuery,
        body: whmConfigBody,
        response: { 200: responses.configSaved! },
      },
    },
    async (req) => {
      const device = await ctx.devices.get(req.session!, req.params.projectId, req.params.id, manifest.type);
      return whm.setConfig(actorOf(req), device, req.body);
    },
  );

  r.put(
    calls.path(':id/inuse'),
    {
      schema: {
        tags,
        summary: 'Puts a meter in or out of use (a meter out of use is not counted)',
        params: familyParams,
        querystring: commonQuery,
        body: whmInUseBody,
        response: { 200: responses.inUse! },
      },
    },
    async (req) => {
      const device = await ctx.devices.get(req.session!, req.params.projectId, req.params.id, manifest.type);
      return whm.setInUse(actorOf(req), device, req.body.inUse);
    },
  );
}
