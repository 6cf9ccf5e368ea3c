import {
  deviceAreaBody,
  deviceAreaList,
  deviceAreaPage,
  deviceAreaView,
  idParam,
  okAnswer,
  pageQuery,
} from '@sc/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { commonQuery } from '../../../platform/schemas.js';
import { actorOf } from '../../logs/audit.service.js';
import type { AreasService } from './areas.service.js';

const blank = (v: unknown) => (v === '' ? undefined : v);
const projectFilter = z.object({ projectId: z.preprocess(blank, idParam().optional()) });
const tags = ['business data'];

/** Spec 000 §7 "Business data": /api/biz/deviceareas.do. */
export function areasRoutes(app: FastifyInstance, deps: { areas: AreasService }): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const s = deps.areas;
  const base = '/api/biz/deviceareas.do';
  const params = z.object({ id: idParam() });

  r.get(
    base,
    {
      schema: {
        tags,
        summary: "Device areas of the caller's projects (up to 1000)",
        querystring: commonQuery.extend(projectFilter.shape),
        response: { 200: deviceAreaList },
      },
    },
    (req) => s.list(req.session!, req.query.projectId),
  );
  r.get(
    `${base}/pages`,
    {
      schema: {
        tags,
        summary: 'A page of device areas (keyword over name, no, description)',
        querystring: commonQuery.extend(pageQuery.shape).extend(projectFilter.shape),
        response: { 200: deviceAreaPage },
      },
    },
    (req) => s.page(req.session!, req.query),
  );
  r.get(
    `${base}/:id`,
    {
      schema: { tags, summary: 'One device area', params, querystring: commonQuery, response: { 200: deviceAreaView } },
    },
    (req) => s.get(req.session!, req.params.id),
  );
  r.post(
    base,
    {
      schema: {
        tags,
        summary: 'Create a device area',
        body: deviceAreaBody,
        querystring: commonQuery,
        response: { 200: deviceAreaView },
      },
    },
    (req) => s.create(actorOf(req), req.body),
  );
  r.put(
    `${base}/:id`,
    {
      schema: {
        tags,
        summary: 'Update a device area',
        params,
        body: deviceAreaBody,
        querystring: commonQuery,
        response: { 200: deviceAreaView },
      },
    },
    (req) => s.update(actorOf(req), req.params.id, req.body),
  );
  r.delete(
    `${base}/:id`,
    {
      schema: {
        tags,
        summary: 'Delete an area without groups or devices',
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

/** Spec 001 §7: /api/pjts/{projectId}/deviceareas.do, the path's project forced onto bodies and filters. */
export function pjtAreasRoutes(app: FastifyInstance, deps: { areas: AreasService }): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const s = deps.areas;
  const base = '/api/pjts/:projectId/deviceareas.do';
  const project = z.object({ projectId: idParam() });
  const params = project.extend({ id: idParam() });
  const body = deviceAreaBody.extend({ projectId: z.preprocess(blank, idParam().optional()) });
  const tags = ['project business data'];

  r.get(
    base,
    {
      schema: {
        tags,
        summary: "The project's device areas",
        params: project,
        querystring: commonQuery,
        response: { 200: deviceAreaList },
      },
    },
    (req) => s.list(req.session!, undefined, req.params.projectId),
  );
  r.get(
    `${base}/pages`,
    {
      schema: {
        tags,
        summary: "A page of the project's device areas",
        params: project,
        querystring: commonQuery.extend(pageQuery.shape),
        response: { 200: deviceAreaPage },
      },
    },
    (req) => s.page(req.session!, req.query, req.params.projectId),
  );
  r.get(
    `${base}/:id`,
    {
      schema: { tags, summary: 'One device area', params, querystring: commonQuery, response: { 200: deviceAreaView } },
    },
    (req) => s.get(req.session!, req.params.id, req.params.projectId),
  );
  r.post(
    base,
    {
      schema: {
        tags,
        summary: 'Create a device area in the project',
        params: project,
        body,
        querystring: commonQuery,
        response: { 200: deviceAreaView },
      },
    },
    (req) => s.create(actorOf(req), req.body, req.params.projectId),
  );
  r.put(
    `${base}/:id`,
    {
      schema: {
        tags,
        summary: 'Update a device area of the project',
        params,
        body,
        querystring: commonQuery,
        response: { 200: deviceAreaView },
      },
    },
    (req) => s.update(actorOf(req), req.params.id, req.body, req.params.projectId),
  );
  r.delete(
    `${base}/:id`,
    {
      schema: {
        tags,
        summary: 'Delete an area without groups or devices',
        params,
        querystring: commonQuery,
        response: { 200: okAnswer },
      },
    },
    async (req) => {
      await s.remove(actorOf(req), req.params.id, req.params.projectId);
      return { ok: true as const };
    },
  );
}
