import { authModulesBody, authModulesView, idParam, menuTree, permissionList, permissionsBody } from '@sc/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestLang } from '../../../platform/lang.js';
import { commonQuery } from '../../../platform/schemas.js';
import type { AccessService } from '../../access/access.service.js';
import { actorOf } from '../../logs/audit.service.js';
import type { PermissionsService } from './permissions.service.js';

const params = z.object({ id: idParam() });

/** Spec 000 §7 "Menus and permissions" and /api/bas/authmodules.do. */
export function permissionsRoutes(
  app: FastifyInstance,
  deps: { permissions: PermissionsService; access: AccessService },
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const s = deps.permissions;
  const tags = ['permissions'];

  r.get(
    '/api/roles/:id/menus.do',
    {
      schema: {
        tags,
        summary: 'The menu tree a role sees',
        params,
        querystring: commonQuery,
        response: { 200: menuTree },
      },
    },
    async (req) => deps.access.menuTree(await s.levelsOfRole(req.session!, req.params.id), requestLang(req)),
  );
  r.get(
    '/api/roles/:id/menus.do/flat',
    {
      schema: {
        tags,
        summary: 'The functions a role may use, as a flat list',
        params,
        querystring: commonQuery,
        response: { 200: permissionList },
      },
    },
    async (req) => (await s.list(req.session!, req.params.id, requestLang(req))).filter((p) => p.level > 0),
  );
  r.get(
    '/api/roles/:id/permissions.do',
    {
      schema: {
        tags,
        summary: "Every function with the role's level (0 N/A, 1 view, 5 edit, 10 check)",
        params,
        querystring: commonQuery,
        response: { 200: permissionList },
      },
    },
    (req) => s.list(req.session!, req.params.id, requestLang(req)),
  );
  r.post(
    '/api/roles/:id/permissions.do',
    {
      schema: {
        tags,
        summary:
          'Replace the role\'s levels: permissions=[{"key":"userlist","level":5},…] (JSON, or a JSON string in a form)',
        params,
        body: permissionsBody,
        querystring: commonQuery,
        response: { 200: permissionList },
      },
    },
    async (req) => s.save(actorOf(req), await req.levels(), req.params.id, req.body, requestLang(req)),
  );

  r.get(
    '/api/bas/authmodules.do/projects/:id',
    {
      schema: {
        tags,
        summary: "A project's authorised modules and the choices its parent allows",
        params,
        querystring: commonQuery,
        response: { 200: authModulesView },
      },
    },
    (req) => s.modules(req.session!, req.params.id, requestLang(req)),
  );
  r.post(
    '/api/bas/authmodules.do',
    {
      schema: {
        tags,
        summary: "Set a project's modules (modules=lighting,env,… ); descendants lose removed ones",
        body: authModulesBody,
        querystring: commonQuery,
        response: { 200: authModulesView },
      },
    },
    (req) => s.saveModules(actorOf(req), req.body, requestLang(req)),
  );
}
