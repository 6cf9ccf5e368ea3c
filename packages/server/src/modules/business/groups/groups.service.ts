import { type deviceGroupBody, PARENT_LIST_SIZE, type PageQuery } from '@sc/contract';
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
import type { AreasRepository } from '../areas/areas.repository.js';
import type { GroupFilter, GroupRecord, GroupsRepository } from './groups.repository.js';

export type DeviceGroupBody = z.infer<typeof deviceGroupBody>;

/**
 * Device groups (spec 000 §3 "Device group"): of a project of the caller's subtree, optionally in an
 * area of the same project; a location and a forced active state (spec 000 §4: it may not reflect
 * the field). `pin` is the project of a project-scoped path, as in the areas service.
 */
export function createGroupsService(deps: {
  groups: GroupsRepository;
  areas: AreasRepository;
  projects: ProjectsRepository;
  settings: SettingsService;
  audit: AuditService;
  refs: References;
}) {
  const { groups, audit } = deps;

  async function visible(session: SessionContext, id: number, pin?: number): Promise<GroupRecord> {
    if (pin !== undefined) await pathProject(deps.projects, session, pin);
    const row = await groups.find(id);
    if (!row || !inScope(session, row.projectPath) || (pin !== undefined && row.projectId !== pin)) throw notFound();
    return row;
  }

  /** The record's project: one of the caller's subtree (platform/references). */
  const projectFor = (session: SessionContext, projectId: number | undefined) => deps.refs.project(session, projectId);

  /** The group's area: one of the group's project (platform/references); another project's is as none. */
  async function areaFor(session: SessionContext, areaId: number | undefined, projectId: number) {
    if (areaId === undefined) return null;
    return (await deps.refs.area(session, areaId, projectId, { key: 'base.areaOtherProject' })).id;
  }

  async function filterFor(session: SessionContext, filter: GroupFilter, pin?: number): Promise<GroupFilter> {
    if (pin === undefined) return filter;
    await pathProject(deps.projects, session, pin);
    return { ...filter, projectId: pin };
  }

  async function checkNoFree(no: string, exceptId?: number) {
    const holder = await groups.findByNo(no);
    if (holder && holder.id !== exceptId) throw conflictField('no', 'errors.duplicateNo');
  }

  async function logUpdate(actor: Actor, id: number, before: object) {
    const after = (await groups.view(id))!;
    await audit.manage(actor, {
      action: 'update',
      entity: 'deviceGroup',
      entityId: id,
      summary: after.name,
      changes: changedFields({ ...before }, { ...after }),
    });
    return after;
  }

  return {
    visible,

    async list(session: SessionContext, filter: GroupFilter = {}, pin?: number) {
      return groups.list(session.project.path, PARENT_LIST_SIZE, await filterFor(session, filter, pin));
    },

    async page(session: SessionContext, query: PageQuery & GroupFilter, pin?: number) {
      const window = pageWindow(query, await deps.settings.get('pageSize'));
      const filter = await filterFor(session, { projectId: query.projectId, areaId: query.areaId }, pin);
      const { list, total } = await groups.page(session.project.path, query.keyword, window, filter);
      return toPage(list, total, window);
    },

    async get(session: SessionContext, id: number, pin?: number) {
      await visible(session, id, pin);
      return (await groups.view(id))!;
    },

    async create(actor: Actor, body: DeviceGroupBody, pin?: number) {
      if (pin !== undefined) await pathProject(deps.projects, actor.session, pin);
      const project = await projectFor(actor.session, pin ?? body.projectId);
      const areaId = await areaFor(actor.session, body.areaId, project.id);
      await checkNoFree(body.no);
      const id = await groups.insert({
        name: body.name,
        no: body.no,
        projectId: project.id,
        areaId,
        description: body.description ?? '',
        lng: body.lng ?? null,
        lat: body.lat ?? null,
      });
      const view = (await groups.view(id))!;
      await audit.manage(actor, {
        action: 'create',
        entity: 'deviceGroup',
        entityId: id,
        summary: view.name,
        changes: changedFields(null, { ...view }),
      });
      return view;
    },

    async update(actor: Actor, id: number, body: DeviceGroupBody, pin?: number) {
      const current = await visible(actor.session, id, pin);
      const project = await projectFor(actor.session, pin ?? body.projectId);
      const areaId = await areaFor(actor.session, body.areaId, project.id);
      await checkNoFree(body.no, id);
      if (project.id !== current.projectId) {
        const devices = await groups.deviceCount(id);
        if (devices > 0) throw new AppError(409, 'CONFLICT', 'base.groupMoveInUse', { devices });
      }
      const before = (await groups.view(id))!;
      await groups.update(id, {
        name: body.name,
        no: body.no,
        projectId: project.id,
        areaId,
        description: body.description ?? '',
        lng: body.lng ?? null,
        lat: body.lat ?? null,
      });
      return logUpdate(actor, id, before);
    },

    async setLocation(actor: Actor, id: number, location: { lng: number; lat: number }, pin?: number) {
      await visible(actor.session, id, pin);
      const before = (await groups.view(id))!;
      await groups.update(id, { lng: location.lng, lat: location.lat });
      return logUpdate(actor, id, before);
    },

    /** Forces the active state; the console warns that this may not reflect the field. */
    async setActive(actor: Actor, id: number, activeState: number, pin?: number) {
      await visible(actor.session, id, pin);
      const before = (await groups.view(id))!;
      await groups.update(id, { activeState, activeForcedAt: new Date() });
      return logUpdate(actor, id, before);
    },

    async remove(actor: Actor, id: number, pin?: number) {
      const current = await visible(actor.session, id, pin);
      const devices = await groups.deviceCount(id);
      if (devices > 0) throw new AppError(409, 'CONFLICT', 'base.groupInUse', { devices });
      await groups.delete(id);
      await audit.manage(actor, { action: 'delete', entity: 'deviceGroup', entityId: id, summary: current.name });
    },
  };
}

export type GroupsService = ReturnType<typeof createGroupsService>;
