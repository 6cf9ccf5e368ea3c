import { type deviceAreaBody, PARENT_LIST_SIZE, type PageQuery } from '@sc/contract';
import type { z } from 'zod';
import { AppError } from '../../../platform/errors.js';
import { pageWindow, toPage } from '../../../platform/paging.js';
import type { References } from '../../../platform/references/references.service.js';
import type { ProjectsRepository } from '../../admin/projects/projects.repository.js';
import type { Actor, AuditService } from '../../logs/audit.service.js';
import type { SessionContext } from '../../session/session-context.js';
import type { SettingsService } from '../../system/settings.service.js';
import { createPlaceService } from '../places/place.service.js';
import type { AreasRepository } from './areas.repository.js';

export type DeviceAreaBody = z.infer<typeof deviceAreaBody>;

/**
 * Device areas (spec 000 §3 "Device area"): belong to a project of the caller's subtree. `pin` is the
 * project of a project-scoped path (spec 001 §7): it must be in the caller's subtree, it is forced
 * onto bodies and filters, and records of other projects do not exist there (404). What areas share
 * with groups is in places/place.service.ts.
 */
export function createAreasService(deps: {
  areas: AreasRepository;
  projects: ProjectsRepository;
  settings: SettingsService;
  audit: AuditService;
  refs: References;
}) {
  const { areas } = deps;
  const place = createPlaceService({ entity: 'deviceArea', repo: areas, projects: deps.projects, audit: deps.audit });

  /** The record's project: one of the caller's subtree (platform/references). */
  const projectFor = (session: SessionContext, projectId: number | undefined) => deps.refs.project(session, projectId);

  /** The project filter of a list: the pinned project, or an optional one of the caller's subtree. */
  async function filterProject(session: SessionContext, projectId?: number, pin?: number) {
    if (pin !== undefined) return (await place.pinned(session, pin)).id;
    return projectId;
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
    visible: place.visible,

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
      await place.visible(session, id, pin);
      return place.view(id);
    },

    async create(actor: Actor, body: DeviceAreaBody, pin?: number) {
      if (pin !== undefined) await place.pinned(actor.session, pin);
      const project = await projectFor(actor.session, pin ?? body.projectId);
      await place.checkNoFree(body.no);
      return place.logCreated(actor, await areas.insert(values(body, project.id)));
    },

    async update(actor: Actor, id: number, body: DeviceAreaBody, pin?: number) {
      const current = await place.visible(actor.session, id, pin);
      const project = await projectFor(actor.session, pin ?? body.projectId);
      await place.checkNoFree(body.no, id);
      if (project.id !== current.projectId) {
        const d = await areas.dependents(id);
        if (d.groups + d.devices > 0) throw new AppError(409, 'CONFLICT', 'base.areaMoveInUse', d);
      }
      const before = await place.view(id);
      await areas.update(id, values(body, project.id));
      return place.logUpdated(actor, id, before);
    },

    async remove(actor: Actor, id: number, pin?: number) {
      const current = await place.visible(actor.session, id, pin);
      const d = await areas.dependents(id);
      if (d.groups + d.devices > 0) throw new AppError(409, 'CONFLICT', 'base.areaInUse', d);
      await areas.delete(id);
      await place.logDeleted(actor, id, current.name);
    },
  };
}

export type AreasService = ReturnType<typeof createAreasService>;
