import { PARENT_LIST_SIZE, type PageQuery, type RoleBody } from '@sc/contract';
import { AppError, conflict, conflictField, notFound } from '../../../platform/errors.js';
import { pageWindow, toPage } from '../../../platform/paging.js';
import type { References } from '../../../platform/references/references.service.js';
import { inScope } from '../../../platform/scope.js';
import type { AuthCache } from '../../access/auth-cache.js';
import { type Actor, type AuditService, changedFields } from '../../logs/audit.service.js';
import type { SessionContext } from '../../session/session-context.js';
import type { SettingsService } from '../../system/settings.service.js';
import type { ProjectsRepository } from '../projects/projects.repository.js';
import type { RoleRecord, RolesRepository } from './roles.repository.js';

/** Roles belong to a project (spec 000 §6); the built-in administrator role stays where it is. */
export function createRolesService(deps: {
  roles: RolesRepository;
  projects: ProjectsRepository;
  settings: SettingsService;
  audit: AuditService;
  /** Told of every change to who may do what, so that authorisation stops using what it cached. */
  auth: AuthCache;
  refs: References;
}) {
  const { roles, audit } = deps;

  async function visible(session: SessionContext, id: number): Promise<RoleRecord> {
    const row = await roles.find(id);
    if (!row || !inScope(session, row.projectPath)) throw notFound();
    return row;
  }

  /** The role's project: one of the caller's subtree (platform/references). */
  const projectFor = (session: SessionContext, projectId: number) => deps.refs.project(session, projectId);

  async function checkNoFree(no: string, exceptId?: number) {
    const holder = await roles.findByNo(no);
    if (holder && holder.id !== exceptId) throw conflictField('no', 'errors.duplicateNo');
  }

  return {
    visible,
    /** `scopePath`: a subtree of the caller's (a project's administration), the caller's own by default. */
    list: (session: SessionContext, projectId?: number, scopePath = session.project.path) =>
      roles.list(scopePath, PARENT_LIST_SIZE, projectId),

    async page(session: SessionContext, query: PageQuery & { projectId?: number }, scopePath = session.project.path) {
      const window = pageWindow(query, await deps.settings.get('pageSize'));
      const { list, total } = await roles.page(scopePath, query.keyword, window, query.projectId);
      return toPage(list, total, window);
    },

    async get(session: SessionContext, id: number) {
      await visible(session, id);
      return (await roles.view(id))!;
    },

    async create(actor: Actor, body: RoleBody) {
      await projectFor(actor.session, body.projectId!);
      await checkNoFree(body.no);
      const id = await roles.insert({ name: body.name, no: body.no, projectId: body.projectId! });
      const view = (await roles.view(id))!;
      await audit.manage(actor, {
        action: 'create',
        entity: 'role',
        entityId: id,
        summary: view.name,
        changes: changedFields(null, { ...view }),
      });
      return view;
    },

    async update(actor: Actor, id: number, body: RoleBody) {
      const current = await visible(actor.session, id);
      if (current.admin && body.projectId !== current.projectId) throw conflict('errors.builtinRole');
      await projectFor(actor.session, body.projectId!);
      await checkNoFree(body.no, id);
      const before = (await roles.view(id))!;
      await roles.update(id, { name: body.name, no: body.no, projectId: body.projectId! });
      deps.auth.changed(); // its users' project, hence their scope, may have changed
      const after = (await roles.view(id))!;
      await audit.manage(actor, {
        action: 'update',
        entity: 'role',
        entityId: id,
        summary: after.name,
        changes: changedFields({ ...before }, { ...after }),
      });
      return after;
    },

    async remove(actor: Actor, id: number) {
      const current = await visible(actor.session, id);
      if (current.admin) throw conflict('errors.builtinRole');
      const users = await roles.userCount(id);
      if (users > 0) throw new AppError(409, 'CONFLICT', 'errors.roleHasUsers', { users });
      await roles.delete(id);
      await audit.manage(actor, { action: 'delete', entity: 'role', entityId: id, summary: current.name });
    },
  };
}

export type RolesService = ReturnType<typeof createRolesService>;
