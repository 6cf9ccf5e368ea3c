import type { FastifyRequest } from 'fastify';
import type { AuditRepository } from './audit.repository.js';

export type VisitAction = 'login' | 'auto_login' | 'logout' | 'login_failed' | 'page';
export type ManageAction = 'create' | 'update' | 'delete' | 'permission' | 'password';

/** Who did it and from where, taken from the request. */
function origin(request: FastifyRequest) {
  const s = request.session;
  return {
    userId: s?.user.id ?? null,
    projectId: s?.project.id ?? null,
    account: s?.user.name ?? '',
    ip: request.ip,
  };
}

/** Writes the visit and management logs (spec 000 §7 "Logs"). */
export function createAuditService(repository: AuditRepository) {
  return {
    visit(
      request: FastifyRequest,
      action: VisitAction,
      detail = '',
      who?: { userId: number | null; projectId: number | null; account: string },
    ) {
      return repository.addVisit({
        ...origin(request),
        ...who,
        action,
        detail,
        userAgent: String(request.headers['user-agent'] ?? '').slice(0, 256),
      });
    },
    manage(
      request: FastifyRequest,
      entry: { action: ManageAction; entity: string; entityId: string | number; summary?: string; changes?: unknown },
    ) {
      return repository.addManage({
        ...origin(request),
        action: entry.action,
        entity: entry.entity,
        entityId: String(entry.entityId),
        summary: entry.summary ?? '',
        changes: entry.changes ?? null,
      });
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
