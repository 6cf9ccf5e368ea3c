import type { Db } from '../../../db/client.js';
import type { Actor, FamilyContext, SessionContext } from '../family-handler.js';
import { createNscRepository } from './nsc.repository.js';

/**
 * What the speakers' stored plans (timed tasks, timers) are served with: their own repository and the
 * speakers', the caller's project checked, the timezone their clocks are read in, and their audit entry.
 */
export function nscRecords<R>(ctx: FamilyContext, entity: 'nscTask' | 'nscTimer', repository: (db: Db) => R) {
  return {
    repo: ctx.repository(repository),
    nsc: ctx.repository(createNscRepository),
    project: (session: SessionContext, projectId: number) => ctx.devices.project(session, projectId),
    tz: () => ctx.settings.get('timezone'),
    audit: (actor: Actor, action: 'create' | 'update' | 'delete', id: number, summary: string) =>
      ctx.audit.manage(actor, { action, entity, entityId: id, summary }),
  };
}
