import type { PageQuery, SummaryLayoutBody } from '@sc/contract';
import { conflictField, notFound } from '../../../platform/errors.js';
import { pageWindow, toPage } from '../../../platform/paging.js';
import type { ProjectsRepository } from '../../admin/projects/projects.repository.js';
import { pathProject } from '../../base/path-project.js';
import { type Actor, type AuditService, changedFields } from '../../logs/audit.service.js';
import type { SessionContext } from '../../session/session-context.js';
import type { SettingsService } from '../../system/settings.service.js';
import type { LayoutValues, SummaryLayoutsRepository } from './summary-layouts.repository.js';

const ENTITY = 'summaryLayout';

/**
 * Summary layouts of a project (spec 001 §2 pjtprojectsummarylayout): the path's project must be in the
 * caller's subtree and a layout of another project does not exist there (404); the number is unique in
 * the project; making one default takes the flag from the others; each change is one management-log entry.
 */
export function createSummaryLayoutsService(deps: {
  layouts: SummaryLayoutsRepository;
  projects: ProjectsRepository;
  settings: SettingsService;
  audit: AuditService;
}) {
  const { layouts } = deps;
  const project = (session: SessionContext, projectId: number) => pathProject(deps.projects, session, projectId);

  const visible = async (session: SessionContext, projectId: number, id: number) => {
    await project(session, projectId);
    const layout = await layouts.view(id);
    if (!layout || layout.projectId !== projectId) throw notFound();
    return layout;
  };

  const checkNoFree = async (projectId: number, no: string, exceptId?: number) => {
    const holder = await layouts.noHolder(projectId, no);
    if (holder && holder.id !== exceptId) throw conflictField('no', 'errors.duplicateNo');
  };

  const values = (body: SummaryLayoutBody, priority: number): LayoutValues => ({
    name: body.name,
    no: body.no,
    grid: body.grid,
    isDefault: body.isDefault,
    priority,
    units: body.units.map(({ code, x, y, w, h }) => ({ code, x, y, w, h })),
  });

  return {
    async page(session: SessionContext, projectId: number, query: PageQuery) {
      await project(session, projectId);
      const window = pageWindow(query, await deps.settings.get('pageSize'));
      const { list, total } = await layouts.page(projectId, query.keyword, window);
      return toPage(list, total, window);
    },

    /** The layout the dashboard shows (null: none saved, the dashboard's built-in one). */
    inUse: (projectId: number) => layouts.inUse(projectId),

    async create(actor: Actor, projectId: number, body: SummaryLayoutBody) {
      await project(actor.session, projectId);
      await checkNoFree(projectId, body.no);
      const priority = body.priority ?? (await layouts.nextPriority(projectId));
      const id = await layouts.insert(projectId, actor.session.user.id, values(body, priority));
      const view = (await layouts.view(id))!;
      await deps.audit.manage(actor, { action: 'create', entity: ENTITY, entityId: id, summary: view.name });
      return view;
    },

    async update(actor: Actor, projectId: number, id: number, body: SummaryLayoutBody) {
      const before = await visible(actor.session, projectId, id);
      await checkNoFree(projectId, body.no, id);
      await layouts.update(id, projectId, values(body, body.priority ?? before.priority));
      const after = (await layouts.view(id))!;
      await deps.audit.manage(actor, {
        action: 'update',
        entity: ENTITY,
        entityId: id,
        summary: after.name,
        changes: changedFields(
          before as unknown as Record<string, unknown>,
          after as unknown as Record<string, unknown>,
        ),
      });
      return after;
    },

    async setPriority(actor: Actor, projectId: number, id: number, priority: number) {
      const before = await visible(actor.session, projectId, id);
      await layouts.setPriority(id, priority);
      await deps.audit.manage(actor, {
        action: 'update',
        entity: ENTITY,
        entityId: id,
        summary: before.name,
        changes: { priority: { from: before.priority, to: priority } },
      });
      return (await layouts.view(id))!;
    },

    async remove(actor: Actor, projectId: number, id: number) {
      const current = await visible(actor.session, projectId, id);
      await layouts.delete(id);
      await deps.audit.manage(actor, { action: 'delete', entity: ENTITY, entityId: id, summary: current.name });
    },
  };
}

export type SummaryLayoutsService = ReturnType<typeof createSummaryLayoutsService>;
