import type { SessionUser } from '@sc/contract';
import type { SessionContext } from './session-context.js';

/** The session user of spec 000 §3. */
export function presentSessionUser(
  ctx: Omit<SessionContext, 'sessionId' | 'tokenHash'>,
  token: string,
  lastLoginAt: Date | null,
): SessionUser {
  const { user, role, project } = ctx;
  return {
    userId: user.id,
    userName: user.name,
    realName: user.realName,
    roleId: role.id,
    roleName: role.name,
    roleNo: role.no,
    roleStatus: role.status,
    role: { id: role.id, name: role.name, no: role.no, status: role.status, admin: role.admin },
    projectId: project.id,
    projectName: project.name,
    projectNo: project.no,
    projectStatus: project.status,
    project: { id: project.id, name: project.name, no: project.no, status: project.status, parentId: project.parentId },
    userToken: token,
    lastLoginTime: lastLoginAt ? lastLoginAt.toISOString() : null,
  };
}
