import { AUTH_LEVEL, type ChangePasswordBody, functionByKey } from '@sc/contract';
import { fieldError, forbidden, notFound } from '../../../platform/errors.js';
import { hashPassword, verifyPassword } from '../../../platform/passwords.js';
import { inScope } from '../../../platform/scope.js';
import type { AccessService, Levels } from '../../access/access.service.js';
import type { SessionRepository } from '../../session/session.repository.js';
import type { SessionContext } from '../../session/session-context.js';
import type { PasswordPolicy } from './password-policy.js';

/**
 * PATCH /api/users.do/{id}/pwd. One's own password needs the current one; another user's needs the
 * edit level on the user list, that user inside the caller's projects and their role not above the
 * caller's levels on any function. Every other session of the
 * user is revoked, so a leaked token dies with the old password.
 */
export function createPasswordService(deps: {
  sessions: SessionRepository;
  access: AccessService;
  policy: PasswordPolicy;
}) {
  const userList = functionByKey('userlist')!;

  return {
    async change(caller: SessionContext, levels: Levels, userId: number, body: ChangePasswordBody) {
      const target = await deps.sessions.findUserById(userId);
      const own = userId === caller.user.id;
      if (!own) {
        if (deps.access.levelOf(levels, userList) < AUTH_LEVEL.modify) throw forbidden();
        if (!target || !inScope(caller, target.project.path)) throw notFound();
        // Resetting the password of a user with more rights would let the caller sign in as them.
        await deps.access.refuseAbove(caller, {
          id: target.role.id,
          admin: target.role.admin,
          projectId: target.project.id,
          projectPath: target.project.path,
        });
      }
      if (!target) throw notFound();
      if (own) {
        if (!body.oldPassword) throw fieldError('oldPassword', 'errors.oldPasswordRequired');
        if (!(await verifyPassword(target.user.passwordHash, body.oldPassword)))
          throw fieldError('oldPassword', 'errors.oldPasswordWrong');
      }
      await deps.policy.check(
        {
          id: target.role.id,
          admin: target.role.admin,
          projectId: target.project.id,
          projectPath: target.project.path,
        },
        body.password,
      );
      await deps.sessions.setPassword(userId, await hashPassword(body.password));
      await deps.sessions.revokeUserSessions(userId, own ? caller.sessionId : undefined);
      return { account: target.user.name };
    },
  };
}

export type PasswordService = ReturnType<typeof createPasswordService>;
