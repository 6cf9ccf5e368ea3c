import type { Lang, PageQuery, PermissionsBody, ProjectRoleBody, UserCreateBody, UserUpdateBody } from '@sc/contract';
import { fieldError, notFound } from '../../../platform/errors.js';
import type { Levels } from '../../access/access.service.js';
import type { PermissionsService } from '../../admin/permissions/permissions.service.js';
import type { ProjectRecord, ProjectsRepository } from '../../admin/projects/projects.repository.js';
import type { ProjectsService } from '../../admin/projects/projects.service.js';
import type { RolesService } from '../../admin/roles/roles.service.js';
import type { UserFilter } from '../../admin/users/users.repository.js';
import type { UsersService } from '../../admin/users/users.service.js';
import { pathProject } from '../../base/path-project.js';
import type { Actor } from '../../logs/audit.service.js';
import type { SessionContext } from '../../session/session-context.js';

/**
 * A project's own administration (spec 001 §2 pjtrolelist, pjtuserlist, pjtauthlist): the global
 * roles, users and permissions services, limited to the path's project and its descendants. The path's
 * project must be in the caller's subtree (404 otherwise); a record of another branch does not exist
 * here (404), and a reference to one in a body or filter is refused on its field (400), as the global
 * calls refuse one outside the caller's subtree. Levels and escalation are the global services' rules.
 */
export function createProjectAdminService(deps: {
  projectsRepository: ProjectsRepository;
  projects: ProjectsService;
  roles: RolesService;
  users: UsersService;
  permissions: PermissionsService;
}) {
  const scope = (session: SessionContext, projectId: number) =>
    pathProject(deps.projectsRepository, session, projectId);
  const within = (project: ProjectRecord, path: string) => path.startsWith(project.path);

  /** A role of the path's subtree, or 404. */
  async function role(session: SessionContext, projectId: number, roleId: number) {
    const project = await scope(session, projectId);
    const row = await deps.roles.visible(session, roleId);
    if (!within(project, row.projectPath)) throw notFound();
    return row;
  }

  /** A user of the path's subtree, or 404. */
  async function user(session: SessionContext, projectId: number, userId: number) {
    const project = await scope(session, projectId);
    const row = await deps.users.visible(session, userId);
    if (!within(project, row.projectPath)) throw notFound();
    return row;
  }

  /** A project id given in a body or filter: one of the path's subtree. */
  async function projectRef(scopeProject: ProjectRecord, id: number | undefined) {
    if (id === undefined) return undefined;
    const row = await deps.projectsRepository.find(id);
    if (!row || !within(scopeProject, row.path)) throw fieldError('projectId', 'validation.projectRequired');
    return row.id;
  }

  /** A role id given in a body or filter: one of the path's subtree. */
  async function roleRef(session: SessionContext, scopeProject: ProjectRecord, id: number | undefined) {
    if (id === undefined) return undefined;
    const row = await deps.roles.visible(session, id).catch(() => null);
    if (!row || !within(scopeProject, row.projectPath)) throw fieldError('roleId', 'validation.roleRequired');
    return row.id;
  }

  return {
    async project(session: SessionContext, projectId: number) {
      return deps.projects.get(session, (await scope(session, projectId)).id);
    },
    async trees(session: SessionContext, projectId: number) {
      return deps.projects.trees(session, await scope(session, projectId));
    },

    roles: {
      async list(session: SessionContext, projectId: number, filter: { projectId?: number }) {
        const project = await scope(session, projectId);
        return deps.roles.list(session, await projectRef(project, filter.projectId), project.path);
      },
      async page(session: SessionContext, projectId: number, query: PageQuery & { projectId?: number }) {
        const project = await scope(session, projectId);
        const filter = await projectRef(project, query.projectId);
        return deps.roles.page(session, { ...query, projectId: filter }, project.path);
      },
      async get(session: SessionContext, projectId: number, id: number) {
        await role(session, projectId, id);
        return deps.roles.get(session, id);
      },
      /** A new role belongs to the path's project unless the body names one of its descendants. */
      async create(actor: Actor, projectId: number, body: ProjectRoleBody) {
        const project = await scope(actor.session, projectId);
        const owner = (await projectRef(project, body.projectId)) ?? project.id;
        return deps.roles.create(actor, { ...body, projectId: owner });
      },
      async update(actor: Actor, projectId: number, id: number, body: ProjectRoleBody) {
        const current = await role(actor.session, projectId, id);
        const project = await scope(actor.session, projectId);
        const owner = (await projectRef(project, body.projectId)) ?? current.projectId;
        return deps.roles.update(actor, id, { ...body, projectId: owner });
      },
      async remove(actor: Actor, projectId: number, id: number) {
        await role(actor.session, projectId, id);
        await deps.roles.remove(actor, id);
      },
    },

    users: {
      async list(session: SessionContext, projectId: number, filter: UserFilter) {
        const project = await scope(session, projectId);
        return deps.users.list(session, await userFilter(session, project, filter), project.path);
      },
      async page(session: SessionContext, projectId: number, query: PageQuery & UserFilter) {
        const project = await scope(session, projectId);
        return deps.users.page(session, { ...query, ...(await userFilter(session, project, query)) }, project.path);
      },
      async get(session: SessionContext, projectId: number, id: number) {
        await user(session, projectId, id);
        return deps.users.get(session, id);
      },
      async create(actor: Actor, projectId: number, body: UserCreateBody) {
        const project = await scope(actor.session, projectId);
        await roleRef(actor.session, project, body.roleId);
        return deps.users.create(actor, body);
      },
      async update(actor: Actor, projectId: number, id: number, body: UserUpdateBody) {
        await user(actor.session, projectId, id);
        await roleRef(actor.session, await scope(actor.session, projectId), body.roleId);
        return deps.users.update(actor, id, body);
      },
      async remove(actor: Actor, projectId: number, id: number) {
        await user(actor.session, projectId, id);
        await deps.users.remove(actor, id);
      },
    },

    permissions: {
      async levelsOfRole(session: SessionContext, projectId: number, roleId: number) {
        await role(session, projectId, roleId);
        return deps.permissions.levelsOfRole(session, roleId);
      },
      async list(session: SessionContext, projectId: number, roleId: number, lang: Lang) {
        await role(session, projectId, roleId);
        return deps.permissions.list(session, roleId, lang);
      },
      async save(
        actor: Actor,
        callerLevels: Levels,
        projectId: number,
        roleId: number,
        body: PermissionsBody,
        lang: Lang,
      ) {
        await role(actor.session, projectId, roleId);
        return deps.permissions.save(actor, callerLevels, roleId, body, lang);
      },
    },
  };

  async function userFilter(session: SessionContext, project: ProjectRecord, filter: UserFilter): Promise<UserFilter> {
    return {
      projectId: await projectRef(project, filter.projectId),
      roleId: await roleRef(session, project, filter.roleId),
    };
  }
}

export type ProjectAdminService = ReturnType<typeof createProjectAdminService>;
