import {
  MODULES,
  PARENT_LIST_SIZE,
  type PageQuery,
  type ProjectBody,
  type ProjectTreeNode,
  type ProjectView,
} from '@sc/contract';
import { AppError, conflict, conflictField, fieldError, forbidden, notFound } from '../../../platform/errors.js';
import { pageWindow, toPage } from '../../../platform/paging.js';
import type { References } from '../../../platform/references/references.service.js';
import { inScope } from '../../../platform/scope.js';
import type { AuthCache } from '../../access/auth-cache.js';
import { type Actor, type AuditService, changedFields } from '../../logs/audit.service.js';
import type { SessionContext } from '../../session/session-context.js';
import type { SettingsService } from '../../system/settings.service.js';
import type { ProjectRecord, ProjectsRepository } from './projects.repository.js';

/** Projects: a tree; a caller works inside their own project and its descendants (spec 000 §6). */
export function createProjectsService(deps: {
  projects: ProjectsRepository;
  settings: SettingsService;
  audit: AuditService;
  /** Told of every change to who may do what, so that authorisation stops using what it cached. */
  auth: AuthCache;
  refs: References;
}) {
  const { projects, audit } = deps;

  /** The project, if the caller may see it; 404 otherwise (another project's data does not exist for them). */
  async function visible(session: SessionContext, id: number): Promise<ProjectRecord> {
    const row = await projects.find(id);
    if (!row || !inScope(session, row.path)) throw notFound();
    return row;
  }

  async function checkNoFree(no: string, exceptId?: number) {
    const holder = await projects.findByNo(no);
    if (holder && holder.id !== exceptId) throw conflictField('no', 'errors.duplicateNo');
  }

  /** The parent of a new or moved project: one of the caller's subtree (platform/references). */
  const parentFor = (session: SessionContext, parentId: number | undefined) =>
    deps.refs.project(session, parentId, { field: 'parentId', key: 'validation.parentRequired' });

  function buildTree(list: ProjectView[], rootId: number): ProjectTreeNode[] {
    const nodes = new Map(list.map((p) => [p.id, { ...p, children: [] as ProjectTreeNode[] }]));
    const roots: ProjectTreeNode[] = [];
    for (const node of nodes.values()) {
      const parent = node.parentId !== null ? nodes.get(node.parentId) : undefined;
      if (parent && node.id !== rootId) parent.children.push(node);
      else roots.push(node);
    }
    return roots;
  }

  return {
    visible,
    list: (session: SessionContext) => projects.list(session.project.path, PARENT_LIST_SIZE),

    async page(session: SessionContext, query: PageQuery) {
      const window = pageWindow(query, await deps.settings.get('pageSize'));
      const { list, total } = await projects.page(session.project.path, query.keyword, window);
      return toPage(list, total, window);
    },

    /** The tree under `root`: a project of the caller's subtree, the caller's own by default. */
    async trees(session: SessionContext, root: { id: number; path: string } = session.project) {
      return buildTree(await projects.list(root.path, PARENT_LIST_SIZE), root.id);
    },

    async children(session: SessionContext, id: number) {
      await visible(session, id);
      return projects.children(id);
    },

    async get(session: SessionContext, id: number) {
      await visible(session, id);
      return (await projects.view(id))!;
    },

    async create(actor: Actor, body: ProjectBody) {
      const parent = await parentFor(actor.session, body.parentId);
      await checkNoFree(body.no);
      const modules = parent.parentId === null ? [...MODULES] : await projects.modules(parent.id);
      const { parentId: _, ...values } = body;
      const id = await projects.insert({ ...values, parentId: parent.id }, parent.path, modules);
      const view = (await projects.view(id))!;
      await audit.manage(actor, {
        action: 'create',
        entity: 'project',
        entityId: id,
        summary: view.name,
        changes: changedFields(null, { ...view }),
      });
      return view;
    },

    async update(actor: Actor, id: number, body: ProjectBody) {
      const current = await visible(actor.session, id);
      const before = (await projects.view(id))!;
      await checkNoFree(body.no, id);
      let move: { from: string; to: string } | undefined;
      let parentId: number | undefined;
      const wantsMove = current.parentId !== null && body.parentId !== undefined && body.parentId !== current.parentId;
      if (wantsMove) {
        if (id === actor.session.project.id) throw forbidden();
        const parent = await parentFor(actor.session, body.parentId);
        if (parent.path.startsWith(current.path)) throw fieldError('parentId', 'errors.parentCycle');
        move = { from: current.path, to: `${parent.path}${id}/` };
        parentId = parent.id;
      }
      const { parentId: _, ...values } = body;
      await projects.update(id, { ...values, ...(parentId ? { parentId } : {}) }, move);
      deps.auth.changed(); // its status and path are part of every session of its users
      const after = (await projects.view(id))!;
      await audit.manage(actor, {
        action: 'update',
        entity: 'project',
        entityId: id,
        summary: after.name,
        changes: changedFields({ ...before }, { ...after }),
      });
      return after;
    },

    async setLocation(actor: Actor, id: number, location: { lng: number; lat: number }) {
      const before = await visible(actor.session, id);
      await projects.setLocation(id, location.lng, location.lat);
      await audit.manage(actor, {
        action: 'update',
        entity: 'project',
        entityId: id,
        summary: before.name,
        changes: changedFields({ lng: before.lng, lat: before.lat }, location),
      });
      return (await projects.view(id))!;
    },

    async remove(actor: Actor, id: number) {
      const current = await visible(actor.session, id);
      if (current.parentId === null) throw conflict('errors.rootProject');
      if (id === actor.session.project.id) throw forbidden();
      const d = await projects.dependents(id);
      if (d.children + d.roles + d.users + d.devices > 0)
        throw new AppError(409, 'CONFLICT', 'errors.projectHasDependents', d);
      await projects.delete(id);
      await audit.manage(actor, { action: 'delete', entity: 'project', entityId: id, summary: current.name });
    },
  };
}

export type ProjectsService = ReturnType<typeof createProjectsService>;
