import { type deviceAreaBody, PARENT_LIST_SIZE, type PageQuery } from '@sc/contract';
import type { z } from 'zod';
import { AppError, conflictField, notFound } from '../../../platform/errors.js';
import { pageWindow, toPage } from '../../../platform/paging.js';
import type { References } from '../../../platform/references/references.service.js';
import { inScope } from '../../../platform/scope.js';
import type { ProjectsRepository } from '../../admin/projects/projects.repository.js';
import { pathProject } from '../../base/path-project.js';
import { type Actor, type AuditService, changedFields } from '../../logs/audit.service.js';
import type { SessionContext } from '../../session/session-context.js';
import type { SettingsService } from '../../system/settings.service.js';
import type { AreaRecord, AreasRepository } from './areas.repository.js';

export type DeviceAreaBody = z.infer<typeof deviceAreaBody>;

/**
 * Device areas (spec 000 §3 "Device area"): belong to a project of the caller's subtree. `pin` is the
 * project of a project-scoped path (spec 001 §7): it must be in the caller's subtree, it is forced
 * onto bodies and filters, and records of other projects do not exist there (404).
 */
export function createAreasService(deps: {
  areas: AreasRepository;
  projects: ProjectsRepository;
  settings: SettingsService;
  audit: AuditService;
  refs: References;
}) {
  const { areas, audit } = deps;

  async function visible(session: SessionContext, id: number, pin?: number): Promise<AreaRecord> {
    if (pin !== undefined) await pathProject(deps.projects, session, pin);
    const row = await areas.find(id);
    if (!row || !inScope(session, row.projectPath) || (pin !== undefined && row.projectId !== pin)) throw notFound();
    return row;
  }

  /** The record's project: one of the caller's subtree (platform/references). */
  const projectFor = (session: SessionContext, projectId: number | undefined) => deps.refs.project(session, projectId);

  /** The project filter of a list: the pinned project, or an optional one of the caller's subtree. */
  async function filterProject(session: SessionContext, projectId?: number, pin?: number) {
    if (pin !== undefined) return (await pathProject(deps.projects, session, pin)).id;
    return projectId;
  }

  async function checkNoFree(no: string, exceptId?: number) {
    const holder = await areas.findByNo(no);
    if (holder && holder.id !== exceptId) throw conflictField('no', 'errors.duplicateNo');
  }

  const values = (body: DeviceAreaBody, projectId: number) => ({
    name: body.name,
    no: body.no,
    projectId,
    description: body.description ?? '',
    lng: body.lng ?? null,
    lat: body.lat ?? null,
  });

  return {
    visible,

    async list(session: SessionContext, projectId?: number, pin?: number) {
      return areas.list(session.project.path, PARENT_LIST_SIZE, await filterProject(session, projectId, pin));
    },

    async page(session: SessionContext, query: PageQuery & { projectId?: number }, pin?: number) {
      const window = pageWindow(query, await deps.settings.get('pageSize'));
      const projectId = await filterProject(session, query.projectId, pin);
      const { list, total } = await areas.page(session.project.path, query.keyword, window, projectId);
      return toPage(list, total, window);
    },

    async get(session: SessionContext, id: number, pin?: number) {
      await visible(session, id, pin);
      return (await areas.view(id))!;
    },

    async create(actor: Actor, body: DeviceAreaBody, pin?: number) {
      if (pin !== undefined) await pathProject(deps.projects, actor.session, pin);
      const project = await projectFor(actor.session, pin ?? body.projectId);
      await checkNoFree(body.no);
      const id = await areas.insert(values(body, project.id));
      const view = (await areas.view(id))!;
      await audit.manage(actor, {
        action: 'create',
        entity: 'deviceArea',
        entityId: id,
        summary: view.name,
        changes: changedFields(null, { ...view }),
      });
      return view;
    },

    async update(actor: Actor, id: number, body: DeviceAreaBody, pin?: number) {
      const current = await visible(actor.session, id, pin);
      const project = await projectFor(actor.session, pin ?? body.projectId);
      await checkNoFree(body.no, id);
      if (project.id !== current.projectId) {
        const d = await areas.dependents(id);
        if (d.groups + d.devices > 0) throw new AppError(409, 'CONFLICT', 'base.areaMoveInUse', d);
      }
      const before = (await areas.view(id))!;
      await areas.update(id, values(body, project.id));
      const after = (await areas.view(id))!;
      await audit.manage(actor, {
        action: 'update',
        entity: 'deviceArea',
        entityId: id,
        summary: after.name,
        changes: changedFields({ ...before }, { ...after }),
      });
      return after;
    },

    async remove(actor: Actor, id: number, pin?: number) {
      const current = await visible(actor.session, id, pin);
      const d = await areas.dependents(id);
      if (d.groups + d.devices > 0) throw new AppError(409, 'CONFLICT', 'base.areaInUse', d);
      await areas.delete(id);
      await audit.manage(actor, { action: 'delete', entity: 'deviceArea', entityId: id, summary: current.name });
    },
  };
}

export type AreasService = ReturnType<typeof createAreasService>;
