import { type deviceGroupBody, PARENT_LIST_SIZE, type PageQuery } from '@sc/contract';
import type { z } from 'zod';
import { AppError } from '../../../platform/errors.js';
import { pageWindow, toPage } from '../../../platform/paging.js';
import type { References } from '../../../platform/references/references.service.js';
import type { ProjectsRepository } from '../../admin/projects/projects.repository.js';
import type { Actor, AuditService } from '../../logs/audit.service.js';
import type { SessionContext } from '../../session/session-context.js';
import type { SettingsService } from '../../system/settings.service.js';
import type { AreasRepository } from '../areas/areas.repository.js';
import { createPlaceService } from '../places/place.service.js';
import type { GroupFilter, GroupsRepository } from './groups.repository.js';

export type DeviceGroupBody = z.infer<typeof deviceGroupBody>;

/**
 * Device groups (spec 000 §3 "Device group"): of a project of the caller's subtree, optionally in an
 * area of the same project; a location and a forced active state (spec 000 §4: it may not reflect
 * the field). `pin` is the project of a project-scoped path, as in the areas service; what groups
 * share with areas is in places/place.service.ts.
 */
export function createGroupsService(deps: {
  groups: GroupsRepository;
  areas: AreasRepository;
  projects: ProjectsRepository;
  settings: SettingsService;
  audit: AuditService;
  refs: References;
}) {
  const { groups } = deps;
  const place = createPlaceService({ entity: 'deviceGroup', repo: groups, projects: deps.projects, audit: deps.audit });

  /** The record's project: one of the caller's subtree (platform/references). */
  const projectFor = (session: SessionContext, projectId: number | undefined) => deps.refs.project(session, projectId);

  /** The group's area: one of the group's project (platform/references); another project's is as none. */
  async function areaFor(session: SessionContext, areaId: number | undefined, projectId: number) {
    if (areaId === undefined) return null;
    return (await deps.refs.area(session, areaId, projectId, { key: 'base.areaOtherProject' })).id;
  }

  async function filterFor(session: SessionContext, filter: GroupFilter, pin?: number): Promise<GroupFilter> {
    if (pin === undefined) return filter;
    await place.pinned(session, pin);
    return { ...filter, projectId: pin };
  }

  async function values(session: SessionContext, body: DeviceGroupBody, projectId: number) {
    return {
      name: body.name,
      no: body.no,
      projectId,
      areaId: await areaFor(session, body.areaId, projectId),
      description: body.description ?? '',
      lng: body.lng ?? null,
      lat: body.lat ?? null,
    };
  }

  /** A change of the group's own fields, logged with the view before and after. */
  async function change(actor: Actor, id: number, write: () => Promise<unknown>) {
    const before = await place.view(id);
    await write();
    return place.logUpdated(actor, id, before);
  }

  return {
    visible: place.visible,

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
      await place.visible(session, id, pin);
      return place.view(id);
    },

    async create(actor: Actor, body: DeviceGroupBody, pin?: number) {
      if (pin !== undefined) await place.pinned(actor.session, pin);
      const project = await projectFor(actor.session, pin ?? body.projectId);
      const row = await values(actor.session, body, project.id);
      await place.checkNoFree(body.no);
      return place.logCreated(actor, await groups.insert(row));
    },

    async update(actor: Actor, id: number, body: DeviceGroupBody, pin?: number) {
      const current = await place.visible(actor.session, id, pin);
      const project = await projectFor(actor.session, pin ?? body.projectId);
      const row = await values(actor.session, body, project.id);
      await place.checkNoFree(body.no, id);
      if (project.id !== current.projectId) {
        const devices = await groups.deviceCount(id);
        if (devices > 0) throw new AppError(409, 'CONFLICT', 'base.groupMoveInUse', { devices });
      }
      return change(actor, id, () => groups.update(id, row));
    },

    async setLocation(actor: Actor, id: number, location: { lng: number; lat: number }, pin?: number) {
      await place.visible(actor.session, id, pin);
      return change(actor, id, () => groups.update(id, { lng: location.lng, lat: location.lat }));
    },

    /** Forces the active state; the console warns that this may not reflect the field. */
    async setActive(actor: Actor, id: number, activeState: number, pin?: number) {
      await place.visible(actor.session, id, pin);
      return change(actor, id, () => groups.update(id, { activeState, activeForcedAt: new Date() }));
    },

    async remove(actor: Actor, id: number, pin?: number) {
      const current = await place.visible(actor.session, id, pin);
      const devices = await groups.deviceCount(id);
      if (devices > 0) throw new AppError(409, 'CONFLICT', 'base.groupInUse', { devices });
      await groups.delete(id);
      await place.logDeleted(actor, id, current.name);
    },
  };
}

export type GroupsService = ReturnType<typeof createGroupsService>;
