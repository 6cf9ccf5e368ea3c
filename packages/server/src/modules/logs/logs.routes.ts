import { deletedAnswer, idParam, idsBody, logPageQuery, logPages, type Page } from '@sc/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { commonQuery } from '../../platform/schemas.js';
import { actorOf } from './audit.service.js';
import type { LogKind, LogViews } from './logs.repository.js';
import type { LogsService } from './logs.service.js';

const params = z.object({ id: idParam() });
const BASES: Record<LogKind, string> = {
  manage: '/api/managehistories.do',
  operate: '/api/operatehistories.do',
  visit: '/api/visithistories.do',
};

/** Spec 000 §7 "Logs": the same three calls for the management, operation and visit logs. */
export function logsRoutes(app: FastifyInstance, deps: { logs: LogsService }): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const s = deps.logs;
  for (const [kind, base] of Object.entries(BASES) as [LogKind, string][]) {
    const tags = [`${kind} log`];
    const page: z.ZodType<Page<LogViews[LogKind]>> = logPages[kind];
    r.get(
      `${base}/pages`,
      {
        schema: {
          tags,
          summary: 'A page of log rows, newest first',
          querystring: commonQuery.extend(logPageQuery.shape),
          response: { 200: page },
        },
      },
      (req) => s.page(kind, req.session!, req.query),
    );
    r.delete(
      `${base}/:id`,
      {
        schema: {
          tags,
          summary: 'Delete one row: {deleted}',
          params,
          querystring: commonQuery,
          response: { 200: deletedAnswer },
        },
      },
      (req) => s.remove(kind, actorOf(req), [req.params.id], true),
    );
    r.delete(
      base,
      {
        schema: {
          tags,
          summary: 'Delete rows: ids=1,2,3 (form) or an array (JSON): {deleted}',
          body: idsBody,
          querystring: commonQuery,
          response: { 200: deletedAnswer },
        },
      },
      (req) => s.remove(kind, actorOf(req), req.body.ids),
    );
  }
}
