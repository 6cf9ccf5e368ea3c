import { ITEM_STATUS, PARENT_LIST_SIZE, type PageQuery, type UserCreateBody, type UserUpdateBody } from '@sc/contract';
import { conflict, conflictField, notFound } from '../../../platform/errors.js';
import { pageWindow, toPage } from '../../../platform/paging.js';
import { hashPassword } from '../../../platform/passwords.js';
import type { References } from '../../../platform/references/references.service.js';
import { inScope } from '../../../platform/scope.js';
import type { AccessService } from '../../access/access.service.js';
import type { AuthCache } from '../../access/auth-cache.js';
import { type Actor, type AuditService, changedFields } from '../../logs/audit.service.js';
import type { SessionRepository } from '../../session/session.repository.js';
import type { SessionContext } from '../../session/session-context.js';
import type { SettingsService } from '../../system/settings.service.js';
import type { RolesRepository } from '../roles/roles.repository.js';
import type { PasswordPolicy } from './password-policy.js';
import type { UserFilter, UserRecord, UsersRepository } from './users.repository.js';

/**
 * Users (spec 000 §3): an account, a role of a project in the caller's subtree. One cannot delete
 * oneself, nor leave the system without an active administrator, nor give or touch a role with a
 * higher level than one's own on any function (`access.refuseAbove`).
 */
export function createUsersService(deps: {
  users: UsersRepository;
  roles: RolesRepository;
  sessions: SessionRepository;
  settings: SettingsService;
  audit: AuditService;
  /** Told of every change to who may do what, so that authorisation stops using what it cached. */
  auth: AuthCache;
  refs: References;
  access: AccessService;
  passwords: PasswordPolicy;
}) {
  const { users, audit } = deps;

  async function visible(session: SessionContext, id: number): Promise<UserRecord> {
    const row = await users.find(id);
    if (!row || !inScope(session, row.projectPath)) throw notFound();
    return row;
  }

  /** The user's role: one of the caller's subtree (platform/references), not above the caller's levels. */
  async function roleFor(session: SessionContext, roleId: number) {
    const role = await deps.refs.role(session, roleId);
    await deps.access.refuseAbove(session, role);
    return role;
  }

  /** A user of the caller's subtree whose role is not above the caller's levels. */
  async function reachable(session: SessionContext, id: number): Promise<UserRecord> {
    const row = await visible(session, id);
    await deps.access.refuseAbove(session, {
      id: row.roleId,
      admin: row.admin,
      projectId: row.projectId,
      projectPath: row.projectPath,
    });
    return row;
  }

  async function checkNameFree(name: string, exceptId?: number) {
    const holder = await users.findByName(name);
    if (holder && holder.id !== exceptId) throw conflictField('name', 'errors.duplicateAccount');
  }

  return {
    visible,
    /** `scopePath`: a subtree of the caller's (a project's administration), the caller's own by default. */
    list: (session: SessionContext, filter: UserFilter, scopePath = session.project.path) =>
      users.list(scopePath, filter, PARENT_LIST_SIZE),

    async page(session: SessionContext, query: PageQuery & UserFilter, scopePath = session.project.path) {
      const window = pageWindow(query, await deps.settings.get('pageSize'));
      const { list, total } = await users.page(scopePath, query, query.keyword, window);
      return toPage(list, total, window);
    },

    async get(session: SessionContext, id: number) {
      await visible(session, id);
      return (await users.view(id))!;
    },

    async create(actor: Actor, body: UserCreateBody) {
      const role = await roleFor(actor.session, body.roleId!);
      await deps.passwords.check(role, body.password);
      await checkNameFree(body.name);
      const id = await users.insert({
        name: body.name,
        passwordHash: await hashPassword(body.password),
        phoneNo: body.phoneNo,
        realName: body.realName,
        roleId: body.roleId!,
        status: body.status ?? ITEM_STATUS.normal,
      });
      const view = (await users.view(id))!;
      await audit.manage(actor, {
        action: 'create',
        entity: 'user',
        entityId: id,
        summary: view.name,
        changes: changedFields(null, { ...view }),
      });
      return view;
    },

    async update(actor: Actor, id: number, body: UserUpdateBody) {
      const current = await reachable(actor.session, id);
      const role = await roleFor(actor.session, body.roleId!);
      await checkNameFree(body.name, id);
      const status = body.status ?? current.status;
      const losesAdmin =
        current.admin && current.status === ITEM_STATUS.normal && (!role.admin || status !== ITEM_STATUS.normal);
      if (losesAdmin && (await users.otherActiveAdmins(id)) === 0) throw conflict('errors.lastAdmin');
      if (id === actor.session.user.id && status !== ITEM_STATUS.normal) throw conflict('errors.cannotDeleteSelf');
      const before = (await users.view(id))!;
      await users.update(id, {
        name: body.name,
        phoneNo: body.phoneNo,
        realName: body.realName,
        roleId: role.id,
        status,
      });
      deps.auth.changed();
      // A new role or a ban takes effect at once: the user signs in again.
      if (role.id !== current.roleId || status !== ITEM_STATUS.normal)
        await deps.sessions.revokeUserSessions(id, id === actor.session.user.id ? actor.session.sessionId : undefined);
      const after = (await users.view(id))!;
      await audit.manage(actor, {
        action: 'update',
        entity: 'user',
        entityId: id,
        summary: after.name,
        changes: changedFields({ ...before }, { ...after }),
      });
      return after;
    },

    async remove(actor: Actor, id: number) {
      if (id === actor.session.user.id) throw conflict('errors.cannotDeleteSelf');
      const current = await reachable(actor.session, id);
      if (current.admin && (await users.otherActiveAdmins(id)) === 0) throw conflict('errors.lastAdmin');
      await users.delete(id);
      deps.auth.changed();
      await audit.manage(actor, { action: 'delete', entity: 'user', entityId: id, summary: current.name });
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
