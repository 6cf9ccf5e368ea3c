import type { FastifyRequest } from 'fastify';
import { redactText, redactValue } from '../../platform/redact.js';
import type { SessionContext } from '../session/session-context.js';
import type { AuditRepository } from './audit.repository.js';

export type VisitAction = 'login' | 'auto_login' | 'logout' | 'login_failed' | 'page';
export type ManageAction = 'create' | 'update' | 'delete' | 'permission' | 'password' | 'settings' | 'sync';

/** Who does something and from where: what services need to know of a request. */
export interface Actor {
  session: SessionContext;
  ip: string;
  userAgent: string;
}

export const actorOf = (request: FastifyRequest): Actor => ({
  session: request.session!,
  ip: request.ip,
  userAgent: String(request.headers['user-agent'] ?? '').slice(0, 256),
});

/** The management log's entity id column holds this many characters. */
export const ENTITY_ID_MAX = 64;

/**
 * An entity id as the log keeps it: a list of ids longer than the column (a batch of many devices) keeps
 * its first ids and says how many more there were, so the operation is logged instead of refused.
 */
export function loggedEntityId(value: string | number): string {
  const id = String(value);
  if (id.length <= ENTITY_ID_MAX) return id;
  const ids = id.split(',');
  for (let kept = ids.length - 1; kept > 0; kept--) {
    const text = `${ids.slice(0, kept).join(',')},…+${ids.length - kept}`;
    if (text.length <= ENTITY_ID_MAX) return text;
  }
  return `${id.slice(0, ENTITY_ID_MAX - 1)}…`;
}

/** Fields that changed between two versions of a record, secrets left out. */
export function changedFields(before: Record<string, unknown> | null, after: Record<string, unknown> | null) {
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  for (const key of keys) {
    if (/password|hash|updatedAt|createdAt/i.test(key)) continue;
    const from = before?.[key] ?? null;
    const to = after?.[key] ?? null;
    if (JSON.stringify(from) !== JSON.stringify(to)) changes[key] = { from, to };
  }
  return changes;
}

/** Writes the visit and management logs (spec 000 §7 "Logs"), secrets replaced (platform/redact.ts). */
export function createAuditService(repository: AuditRepository) {
  return {
    visit(
      request: FastifyRequest,
      action: VisitAction,
      detail = '',
      who?: { userId: number | null; projectId: number | null; account: string },
    ) {
      const s = request.session;
      return repository.addVisit({
        userId: s?.user.id ?? null,
        projectId: s?.project.id ?? null,
        account: s?.user.name ?? '',
        ...who,
        ip: request.ip,
        action,
        detail: redactText(detail).slice(0, 1000),
        userAgent: String(request.headers['user-agent'] ?? '').slice(0, 256),
      });
    },
    manage(
      actor: Actor,
      entry: { action: ManageAction; entity: string; entityId: string | number; summary?: string; changes?: unknown },
    ) {
      return repository.addManage({
        userId: actor.session.user.id,
        projectId: actor.session.project.id,
        account: actor.session.user.name,
        ip: actor.ip,
        action: entry.action,
        entity: entry.entity,
        entityId: loggedEntityId(entry.entityId),
        summary: redactText(entry.summary ?? ''),
        changes: redactValue(entry.changes ?? null),
      });
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
