import { type deviceFactoryBody, PARENT_LIST_SIZE, type PageQuery } from '@sc/contract';
import type { z } from 'zod';
import { AppError, conflict, conflictField, fieldError, notFound } from '../../../platform/errors.js';
import { pageWindow, toPage } from '../../../platform/paging.js';
import type { References } from '../../../platform/references/references.service.js';
import { inScope } from '../../../platform/scope.js';
import type { ProjectsRepository } from '../../admin/projects/projects.repository.js';
import { type Actor, type AuditService, changedFields } from '../../logs/audit.service.js';
import type { SessionContext } from '../../session/session-context.js';
import type { SettingsService } from '../../system/settings.service.js';
import { pathProject } from '../path-project.js';
import type {
  DeviceFactoriesRepository,
  DeviceFactoryRecord,
  FactoryVisibility,
} from './device-factories.repository.js';

type DeviceFactoryBody = z.infer<typeof deviceFactoryBody>;

/** Whether a caller may see a factory: global ones, or of a project in their subtree. */
export const factoryInScope = (
  session: SessionContext,
  factory: { projectId: number | null; projectPath: string | null },
) => factory.projectId === null || (factory.projectPath !== null && inScope(session, factory.projectPath));

/**
 * Device factories (spec 000 §3 "Device factory"): global, or belonging to a project. Built-in ones
 * (Dahua, HikVision, the generic factory) keep their number and are never deleted.
 */
export function createDeviceFactoriesService(deps: {
  factories: DeviceFactoriesRepository;
  projects: ProjectsRepository;
  settings: SettingsService;
  audit: AuditService;
  refs: References;
}) {
  const { factories, audit } = deps;

  async function visible(session: SessionContext, id: number): Promise<DeviceFactoryRecord> {
    const row = await factories.find(id);
    if (!row || !factoryInScope(session, row)) throw notFound();
    return row;
  }

  async function checkNoFree(no: string, exceptId?: number) {
    const holder = await factories.findByNo(no);
    if (holder && holder.id !== exceptId) throw conflictField('no', 'errors.duplicateNo');
  }

  /** Global visibility, or that of one project of the caller's subtree (project-scoped lists). */
  async function visibility(session: SessionContext, projectId?: number): Promise<FactoryVisibility> {
    if (projectId === undefined) return { scopePath: session.project.path };
    const project = await pathProject(deps.projects, session, projectId);
    return { scopePath: session.project.path, forProjectPath: project.path };
  }

  return {
    visible,
    visibility,

    async list(session: SessionContext, projectId?: number) {
      return factories.list(await visibility(session, projectId), PARENT_LIST_SIZE);
    },

    async page(session: SessionContext, query: PageQuery) {
      const window = pageWindow(query, await deps.settings.get('pageSize'));
      const { list, total } = await factories.page(await visibility(session), query.keyword, window);
      return toPage(list, total, window);
    },

    async get(session: SessionContext, id: number) {
      await visible(session, id);
      return (await factories.view(id))!;
    },

    async create(actor: Actor, body: DeviceFactoryBody) {
      // Shared (no project) only for the root project's users: others own their project's factories.
      const projectId = await deps.refs.owner(actor.session, body.projectId);
      await checkNoFree(body.no);
      const id = await factories.insert({
        name: body.name,
        no: body.no,
        description: body.description ?? '',
        projectId,
      });
      const view = (await factories.view(id))!;
      await audit.manage(actor, {
        action: 'create',
        entity: 'deviceFactory',
        entityId: id,
        summary: view.name,
        changes: changedFields(null, { ...view }),
      });
      return view;
    },

    async update(actor: Actor, id: number, body: DeviceFactoryBody) {
      const current = await visible(actor.session, id);
      deps.refs.assertWritable(actor.session, current);
      if (current.builtin && body.no !== current.no) throw fieldError('no', 'base.builtinNo');
      const projectId =
        (body.projectId ?? null) === current.projectId
          ? current.projectId
          : await deps.refs.owner(actor.session, body.projectId);
      await checkNoFree(body.no, id);
      const before = (await factories.view(id))!;
      await factories.update(id, { name: body.name, no: body.no, description: body.description ?? '', projectId });
      const after = (await factories.view(id))!;
      await audit.manage(actor, {
        action: 'update',
        entity: 'deviceFactory',
        entityId: id,
        summary: after.name,
        changes: changedFields({ ...before }, { ...after }),
      });
      return after;
    },

    async remove(actor: Actor, id: number) {
      const current = await visible(actor.session, id);
      deps.refs.assertWritable(actor.session, current);
      if (current.builtin) throw conflict('base.builtinDelete');
      const d = await factories.dependents(id);
      if (d.models + d.devices > 0) throw new AppError(409, 'CONFLICT', 'base.factoryInUse', d);
      await factories.delete(id);
      await audit.manage(actor, { action: 'delete', entity: 'deviceFactory', entityId: id, summary: current.name });
    },
  };
}

export type DeviceFactoriesService = ReturnType<typeof createDeviceFactoriesService>;
