import {
  AUTH_LEVEL,
  type AuthLevel,
  type AuthModulesView,
  functionByKey,
  GROUPS,
  type Lang,
  MODULES,
  PERMISSION_FUNCTIONS,
  type PermissionsBody,
  type PermissionView,
  translate,
} from '@sc/contract';
import { AppError, badRequest, conflict, forbidden } from '../../../platform/errors.js';
import type { AccessRepository } from '../../access/access.repository.js';
import type { AccessService, Levels } from '../../access/access.service.js';
import type { AuthCache } from '../../access/auth-cache.js';
import { type Actor, type AuditService, changedFields } from '../../logs/audit.service.js';
import type { SessionContext } from '../../session/session-context.js';
import type { ProjectsRepository } from '../projects/projects.repository.js';
import type { ProjectsService } from '../projects/projects.service.js';
import type { RolesService } from '../roles/roles.service.js';
import type { PermissionsRepository } from './permissions.repository.js';

const groupOf = new Map(GROUPS.map((g) => [g.key, g]));

/** The top-level group of a function, for the authorisation list's grouping. */
function topGroup(key: string | null): string {
  let current = key;
  while (current && groupOf.get(current)?.parent) current = groupOf.get(current)!.parent;
  return current ?? '';
}

/**
 * Role permissions (one level per catalogue function) and project modules. A caller can grant only
 * functions of the role's project's modules, and never more than their own level.
 */
export function createPermissionsService(deps: {
  repository: PermissionsRepository;
  access: AccessService;
  accessRepository: AccessRepository;
  roles: RolesService;
  projects: ProjectsService;
  projectsRepository: ProjectsRepository;
  audit: AuditService;
  /** Told of every change to who may do what, so that authorisation stops using what it cached. */
  auth: AuthCache;
}) {
  const { access, audit } = deps;

  async function roleRef(session: SessionContext, roleId: number) {
    const role = await deps.roles.visible(session, roleId);
    const project = await deps.projects.visible(session, role.projectId);
    return {
      role,
      ref: { roleId: role.id, admin: role.admin, projectId: project.id, projectIsRoot: project.parentId === null },
    };
  }

  async function availableModules(projectId: number, isRoot: boolean): Promise<Set<string>> {
    return new Set(isRoot ? MODULES : await deps.accessRepository.projectModules(projectId));
  }

  /** Modules of any project, in scope or not (a caller's own project has its parent outside). */
  async function modulesOfProject(projectId: number): Promise<Set<string>> {
    const project = await deps.projectsRepository.find(projectId);
    return availableModules(projectId, project?.parentId === null);
  }

  return {
    async levelsOfRole(session: SessionContext, roleId: number): Promise<Levels> {
      return access.levelsForRole((await roleRef(session, roleId)).ref);
    },

    async list(session: SessionContext, roleId: number, lang: Lang): Promise<PermissionView[]> {
      const { ref } = await roleRef(session, roleId);
      const levels = await access.levelsForRole(ref);
      const modules = await availableModules(ref.projectId, ref.projectIsRoot);
      return PERMISSION_FUNCTIONS.map((f) => {
        const top = topGroup(f.parent);
        return {
          key: f.key,
          name: translate(lang, `menu.${f.key}`),
          parent: top,
          parentName: translate(lang, `menu.${top}`),
          module: f.module,
          level: levels.get(f.key) ?? AUTH_LEVEL.none,
          available: modules.has(f.module) && !(f.global && !ref.projectIsRoot),
          ...(f.global && !ref.projectIsRoot ? { globalOnly: true } : {}),
        };
      });
    },

    async save(actor: Actor, callerLevels: Levels, roleId: number, body: PermissionsBody, lang: Lang) {
      const { role, ref } = await roleRef(actor.session, roleId);
      if (role.admin) throw conflict('errors.adminRolePermissions');
      const unknown = body.permissions.filter((p) => !functionByKey(p.key) || functionByKey(p.key)!.authOf);
      if (unknown.length)
        throw new AppError(400, 'VALIDATION', 'errors.unknownFunction', { keys: unknown.map((p) => p.key).join(', ') });
      const modules = await availableModules(ref.projectId, ref.projectIsRoot);
      const outside = body.permissions.filter((p) => p.level > 0 && !modules.has(functionByKey(p.key)!.module));
      if (outside.length) {
        const names = [...new Set(outside.map((p) => translate(lang, `modules.${functionByKey(p.key)!.module}`)))];
        throw new AppError(400, 'VALIDATION', 'errors.moduleNotAuthorised', { modules: names.join(', ') });
      }
      const global = ref.projectIsRoot
        ? []
        : body.permissions.filter((p) => p.level > 0 && functionByKey(p.key)!.global);
      if (global.length)
        throw new AppError(400, 'VALIDATION', 'errors.globalFunctions', {
          names: global.map((p) => translate(lang, `menu.${p.key}`)).join(', '),
        });
      const above = body.permissions.filter((p) => p.level > (callerLevels.get(p.key) ?? 0));
      if (above.length)
        throw new AppError(403, 'FORBIDDEN', 'errors.levelAboveOwn', {
          names: above.map((p) => translate(lang, `menu.${p.key}`)).join(', '),
        });

      const before = Object.fromEntries((await access.levelsForRole(ref)).entries());
      await deps.repository.replaceRolePermissions(roleId, body.permissions as { key: string; level: AuthLevel }[]);
      deps.auth.changed();
      const after = Object.fromEntries((await access.levelsForRole(ref)).entries());
      await audit.manage(actor, {
        action: 'permission',
        entity: 'role',
        entityId: roleId,
        summary: role.name,
        changes: changedFields(before, after),
      });
      return this.list(actor.session, roleId, lang);
    },

    async modules(session: SessionContext, projectId: number, lang: Lang): Promise<AuthModulesView> {
      const project = await deps.projects.visible(session, projectId);
      const own = await availableModules(project.id, project.parentId === null);
      const choices = project.parentId === null ? own : await modulesOfProject(project.parentId);
      return {
        projectId: project.id,
        modules: MODULES.filter((m) => own.has(m)),
        available: MODULES.filter((m) => choices.has(m)).map((code) => ({
          code,
          name: translate(lang, `modules.${code}`),
        })),
      };
    },

    async saveModules(actor: Actor, body: { projectId: number; modules: string[] }, lang: Lang) {
      const project = await deps.projects.visible(actor.session, body.projectId);
      if (project.parentId === null) throw conflict('errors.rootProject');
      if (project.id === actor.session.project.id) throw forbidden();
      const unknown = body.modules.filter((m) => !(MODULES as readonly string[]).includes(m));
      if (unknown.length)
        throw badRequest('validation.validParam', [{ field: 'modules', key: 'validation.validParam' }]);
      const allowed = await modulesOfProject(project.parentId);
      const outside = body.modules.filter((m) => !allowed.has(m));
      if (outside.length) {
        throw new AppError(400, 'VALIDATION', 'errors.moduleNotInParent', {
          modules: outside.map((m) => translate(lang, `modules.${m}`)).join(', '),
        });
      }
      const before = await availableModules(project.id, false);
      const modules = [...new Set(body.modules)];
      await deps.repository.replaceProjectModules(project.id, project.path, modules);
      deps.auth.changed();
      await audit.manage(actor, {
        action: 'permission',
        entity: 'project',
        entityId: project.id,
        summary: project.name,
        changes: changedFields({ modules: [...before].sort() }, { modules: modules.sort() }),
      });
      return this.modules(actor.session, project.id, lang);
    },
  };
}

export type PermissionsService = ReturnType<typeof createPermissionsService>;
