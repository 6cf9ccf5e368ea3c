import { conflictField, notFound } from '../../../platform/errors.js';
import { inScope } from '../../../platform/scope.js';
import type { ProjectsRepository } from '../../admin/projects/projects.repository.js';
import { pathProject } from '../../base/path-project.js';
import { type Actor, type AuditService, changedFields } from '../../logs/audit.service.js';
import type { SessionContext } from '../../session/session-context.js';

/**
 * What the area and group services share: a place is seen only within the caller's subtree and, on a
 * project-scoped path (spec 001 §7), only in the pinned project (404 otherwise); its number is unique;
 * each change is one management-log entry with the view before and after.
 */
export function createPlaceService<
  Record extends { projectId: number; projectPath: string },
  View extends { name: string },
>(deps: {
  entity: 'deviceArea' | 'deviceGroup';
  repo: {
    find(id: number): Promise<Record | null>;
    findByNo(no: string): Promise<{ id: number } | null>;
    view(id: number): Promise<View | null>;
  };
  projects: ProjectsRepository;
  audit: AuditService;
}) {
  const { entity, repo, audit } = deps;

  /** The pinned project of a project-scoped path: one of the caller's subtree. */
  const pinned = (session: SessionContext, pin: number) => pathProject(deps.projects, session, pin);

  return {
    pinned,

    async visible(session: SessionContext, id: number, pin?: number): Promise<Record> {
      if (pin !== undefined) await pinned(session, pin);
      const row = await repo.find(id);
      if (!row || !inScope(session, row.projectPath) || (pin !== undefined && row.projectId !== pin)) throw notFound();
      return row;
    },

    async checkNoFree(no: string, exceptId?: number) {
      const holder = await repo.findByNo(no);
      if (holder && holder.id !== exceptId) throw conflictField('no', 'errors.duplicateNo');
    },

    /** The view of a place just written. */
    view: async (id: number) => (await repo.view(id))!,

    async logCreated(actor: Actor, id: number): Promise<View> {
      const view = (await repo.view(id))!;
      await audit.manage(actor, {
        action: 'create',
        entity,
        entityId: id,
        summary: view.name,
        changes: changedFields(null, { ...view }),
      });
      return view;
    },

    async logUpdated(actor: Actor, id: number, before: View): Promise<View> {
      const after = (await repo.view(id))!;
      await audit.manage(actor, {
        action: 'update',
        entity,
        entityId: id,
        summary: after.name,
        changes: changedFields({ ...before }, { ...after }),
      });
      return after;
    },

    logDeleted: (actor: Actor, id: number, name: string) =>
      audit.manage(actor, { action: 'delete', entity, entityId: id, summary: name }),
  };
}
