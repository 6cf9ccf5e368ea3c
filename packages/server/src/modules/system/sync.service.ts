import type { SyncResult } from '@sc/contract';
import type { Db } from '../../db/client.js';
import type { Actor, AuditService } from '../logs/audit.service.js';
import type { SyncStep } from './sync-steps.js';

/** PATCH /api/syncsysdata.do: runs every sync step in order and audits what changed. */
export function createSyncService(deps: { db: Db; steps: readonly SyncStep[]; audit: AuditService }) {
  return {
    async run(actor: Actor): Promise<SyncResult> {
      const steps: SyncResult['steps'] = [];
      for (const step of deps.steps) steps.push({ name: step.name, changed: await step.run(deps.db) });
      const changed = steps.filter((s) => s.changed).map((s) => s.name);
      await deps.audit.manage(actor, {
        action: 'sync',
        entity: 'sysdata',
        entityId: '',
        summary: changed.join(', '),
        changes: { steps },
      });
      return { steps };
    },
  };
}

export type SyncService = ReturnType<typeof createSyncService>;
