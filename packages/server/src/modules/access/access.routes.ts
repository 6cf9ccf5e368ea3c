import { menuTree, pageAuth } from '@sc/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestLang } from '../../platform/lang.js';
import { commonQuery } from '../../platform/schemas.js';
import type { AuditService } from '../logs/audit.service.js';
import type { AccessService } from './access.service.js';

/** Page authorisation and the caller's menu tree, both from the catalogue. */
export function accessRoutes(app: FastifyInstance, deps: { access: AccessService; audit: AuditService }): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/pageauth.do',
    {
      schema: {
        tags: ['session'],
        summary: 'Page authorisation of a console route for the caller: {flag, authValue}',
        querystring: commonQuery.extend({
          desFullPath: z.string({ error: 'validation.missingParam' }).min(1, 'validation.missingParam'),
        }),
        response: { 200: pageAuth },
      },
    },
    async (request) => {
      const answer = deps.access.pageAuth(await request.levels(), request.query.desFullPath);
      // The console asks before every navigation: an allowed answer is a page visit.
      if (answer.flag === 1) await deps.audit.visit(request, 'page', request.query.desFullPath.split('?')[0]);
      return answer;
    },
  );

  r.get(
    '/api/menus.do',
    {
      schema: {
        tags: ['session'],
        summary: "The caller's menu tree, names in the caller's language",
        querystring: commonQuery,
        response: { 200: menuTree },
      },
    },
    async (request) => deps.access.menuTree(await request.levels(), requestLang(request)),
  );
}
