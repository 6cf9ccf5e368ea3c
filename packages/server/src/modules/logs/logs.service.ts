import type { LogPageQuery } from '@sc/contract';
import { notFound } from '../../platform/errors.js';
import { pageWindow, toPage } from '../../platform/paging.js';
import type { SessionContext } from '../session/session-context.js';
import type { SettingsService } from '../system/settings.service.js';
import type { Actor, AuditService } from './audit.service.js';
import type { LogKind, LogScope, LogsRepository } from './logs.repository.js';

/** The entity name a deletion is audited under. */
const ENTITY: Record<LogKind, string> = { manage: 'managelog', operate: 'operatelog', visit: 'visitlog' };

/** A caller sees the logs of their project subtree; the root project's callers see every row. */
export const logScope = (session: SessionContext): LogScope => ({
  path: session.project.path,
  root: session.project.parentId === null,
});

/** The three log lists of spec 000 §7 "Logs": paged newest first, deletable within scope. */
export function createLogsService(deps: { logs: LogsRepository; settings: SettingsService; audit: AuditService }) {
  const { logs, audit } = deps;
  return {
    async page<K extends LogKind>(kind: K, session: SessionContext, query: LogPageQuery) {
      const window = pageWindow(query, await deps.settings.get('logPageSize'));
      const filter = { words: query.keyword, from: query.from, to: query.to, account: query.account || undefined };
      const { list, total } = await logs.page(kind, logScope(session), filter, window);
      return toPage(list, total, window);
    },

    /**
     * Deletes what is in scope of `ids` (others' rows are left alone, as if absent) and audits the call;
     * one id that deletes nothing is a 404.
     */
    async remove(kind: LogKind, actor: Actor, ids: number[], single = false) {
      const deleted = await logs.delete(kind, logScope(actor.session), [...new Set(ids)]);
      if (single && deleted === 0) throw notFound();
      await audit.manage(actor, {
        action: 'delete',
        entity: ENTITY[kind],
        entityId: ids.length === 1 ? ids[0]! : '',
        summary: String(deleted),
        changes: { ids, deleted },
      });
      return { deleted };
    },
  };
}

export type LogsService = ReturnType<typeof createLogsService>;
