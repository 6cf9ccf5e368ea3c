import {
  idParam,
  layoutPriorityBody,
  okAnswer,
  pageQuery,
  summaryLayoutBody,
  summaryLayoutPage,
  summaryLayoutView,
} from '@sc/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { commonQuery } from '../../../platform/schemas.js';
import { actorOf } from '../../logs/audit.service.js';
import type { SummaryLayoutsService } from './summary-layouts.service.js';

/** Spec 001 §7 "summarylayouts.do: pages, POST, PUT, DELETE, PUT /{id}/priority". */
export function summaryLayoutsRoutes(app: FastifyInstance, deps: { layouts: SummaryLayoutsService }): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const s = deps.layouts;
  const base = '/api/pjts/:projectId/summarylayouts.do';
  const project = z.object({ projectId: idParam() });
  const params = project.extend({ id: idParam() });
  const tags = ['project summary'];

  r.get(
    `${base}/pages`,
    {
      schema: {
        tags,
        summary: "A page of the project's summary layouts, by priority (keyword over name and no)",
        params: project,
        querystring: commonQuery.extend(pageQuery.shape),
        response: { 200: summaryLayoutPage },
      },
    },
    (req) => s.page(req.session!, req.params.projectId, req.query),
  );
  r.post(
    base,
    {
      schema: {
        tags,
        summary: 'Create a layout (units as JSON text in a form); a default one becomes the only default',
        params: project,
        body: summaryLayoutBody,
        querystring: commonQuery,
        response: { 200: summaryLayoutView },
      },
    },
    (req) => s.create(actorOf(req), req.params.projectId, req.body),
  );
  r.put(
    `${base}/:id`,
    {
      schema: {
        tags,
        summary: 'Update a layout',
        params,
        body: summaryLayoutBody,
        querystring: commonQuery,
        response: { 200: summaryLayoutView },
      },
    },
    (req) => s.update(actorOf(req), req.params.projectId, req.params.id, req.body),
  );
  r.put(
    `${base}/:id/priority`,
    {
      schema: {
        tags,
        summary: "Set a layout's priority (1-9999, lower first)",
        params,
        body: layoutPriorityBody,
        querystring: commonQuery,
        response: { 200: summaryLayoutView },
      },
    },
    (req) => s.setPriority(actorOf(req), req.params.projectId, req.params.id, req.body.priority),
  );
  r.delete(
    `${base}/:id`,
    { schema: { tags, summary: 'Delete a layout', params, querystring: commonQuery, response: { 200: okAnswer } } },
    async (req) => {
      await s.remove(actorOf(req), req.params.projectId, req.params.id);
      return { ok: true as const };
    },
  );
}
