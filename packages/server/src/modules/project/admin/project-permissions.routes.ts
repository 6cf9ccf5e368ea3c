import { idParam, menuTree, permissionList, permissionsBody } from '@sc/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestLang } from '../../../platform/lang.js';
import { commonQuery } from '../../../platform/schemas.js';
import type { AccessService } from '../../access/access.service.js';
import { actorOf } from '../../logs/audit.service.js';
import type { ProjectAdminService } from './project-admin.service.js';

const params = z.object({ projectId: idParam(), roleId: idParam() });
const tags = ['project administration'];

/** Spec 001 §7: GET roles/{roleId}/menus.do, GET/POST roles/{roleId}/permissions.do under /api/pjts/{projectId}/. */
export function projectPermissionsRoutes(
  app: FastifyInstance,
  deps: { admin: ProjectAdminService; access: AccessService },
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const s = deps.admin.permissions;

  r.get(
    '/api/pjts/:projectId/roles/:roleId/menus.do',
    {
      schema: {
        tags,
        summary: 'The menu tree a role of the project sees',
        params,
        querystring: commonQuery,
        response: { 200: menuTree },
      },
    },
    async (req) =>
      deps.access.menuTree(
        await s.levelsOfRole(req.session!, req.params.projectId, req.params.roleId),
        requestLang(req),
      ),
  );
  r.get(
    '/api/pjts/:projectId/roles/:roleId/permissions.do',
    {
      schema: {
        tags,
        summary: "Every function with the role's level (0 N/A, 1 view, 5 edit, 10 check)",
        params,
        querystring: commonQuery,
        response: { 200: permissionList },
      },
    },
    (req) => s.list(req.session!, req.params.projectId, req.params.roleId, requestLang(req)),
  );
  r.post(
    '/api/pjts/:projectId/roles/:roleId/permissions.do',
    {
      schema: {
        tags,
        summary:
          'Replace the role\'s levels, none above the caller\'s own: permissions=[{"key":"pjtuserlist","level":5},…]',
        params,
        body: permissionsBody,
        querystring: commonQuery,
        response: { 200: permissionList },
      },
    },
    async (req) =>
      s.save(actorOf(req), await req.levels(), req.params.projectId, req.params.roleId, req.body, requestLang(req)),
  );
}
