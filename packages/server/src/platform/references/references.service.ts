import type { SessionContext } from '../../modules/session/session-context.js';
import { AppError, fieldError } from '../errors.js';
import { inScope } from '../scope.js';
import type { ReferencesRepository } from './references.repository.js';

/** How a refused reference is answered: the field at fault and the message key (defaults per kind). */
export interface RefOptions {
  field?: string;
  key?: string;
}

/** Whether the caller works for the root project: only they manage shared, platform-wide records. */
export const isRootCaller = (session: SessionContext) => session.project.parentId === null;

/** A record's owner as the checker sees it: a project path, or null for a shared (global) record. */
interface Owned {
  projectId: number | null;
  projectPath: string | null;
}

/**
 * The one place where every reference an input carries (project, area, group, model, factory,
 * parent device, production item, role, user, device type) is checked against the caller's scope,
 * for creates, updates and query filters. A reference outside the scope answers exactly as one that
 * does not exist: a 400 on the field with the kind's message, never the other project's names.
 * Shared records (no project) are readable by everyone and changed only by the root project's users.
 */
export function createReferences(repo: ReferencesRepository) {
  const refuse = (o: RefOptions | undefined, field: string, key: string) =>
    fieldError(o?.field ?? field, o?.key ?? key);

  /** Shared records are visible to all; private ones inside the caller's subtree (and, for a project, usable by it). */
  const usable = (session: SessionContext, r: Owned, forProjectPath?: string) =>
    r.projectId === null ||
    (r.projectPath !== null &&
      inScope(session, r.projectPath) &&
      (forProjectPath === undefined || forProjectPath.startsWith(r.projectPath)));

  const api = {
    isRootCaller,

    /** Whether the caller may see (and, when private, use) a record owned as `r`. */
    visibleOwned: (session: SessionContext, r: Owned, forProjectPath?: string) => usable(session, r, forProjectPath),

    /** A project of the caller's subtree. */
    async project(session: SessionContext, id: number | null | undefined, o?: RefOptions) {
      const row = id ? await repo.project(id) : null;
      if (!row || !inScope(session, row.path)) throw refuse(o, 'projectId', 'validation.projectRequired');
      return row;
    },

    /** An optional project filter: out of scope lists nothing, as a project that does not exist. */
    async projectFilter(session: SessionContext, id: number | undefined, o?: RefOptions) {
      if (id === undefined) return undefined;
      return (await api.project(session, id, o)).id;
    },

    /** A factory the caller sees; with `forProjectPath`, one that project may use (shared, own or an ancestor's). */
    async factory(session: SessionContext, id: number | null | undefined, forProjectPath?: string, o?: RefOptions) {
      const row = id ? await repo.factory(id) : null;
      if (!row || !usable(session, row, forProjectPath)) throw refuse(o, 'factoryId', 'registry.factoryNotFound');
      return row;
    },

    /** A model the caller sees (through its factory); with `forProjectPath`, one that project may use. */
    async model(session: SessionContext, id: number | null | undefined, forProjectPath?: string, o?: RefOptions) {
      const row = id ? await repo.model(id) : null;
      if (!row || !usable(session, row, forProjectPath)) throw refuse(o, 'modelId', 'registry.modelNotFound');
      return row;
    },

    /** Models by number that the caller may use (CSV import): others are left out, as unknown numbers. */
    async modelsByNo(session: SessionContext, nos: string[]) {
      const rows = await repo.modelsByNo(nos);
      return rows.filter((m) => usable(session, m));
    },

    /** Projects by number in the caller's subtree (CSV import): others are left out, as unknown numbers. */
    async projectsByNo(session: SessionContext, nos: string[]) {
      return (await repo.projectsByNo(nos)).filter((p) => inScope(session, p.path));
    },

    /** An area of the given project (which the caller has already been checked to see). */
    async area(session: SessionContext, id: number, projectId: number, o?: RefOptions) {
      const row = await repo.area(id);
      if (!row || !inScope(session, row.projectPath) || row.projectId !== projectId)
        throw refuse(o, 'areaId', 'registry.areaNotInProject');
      return row;
    },

    /** A group of the given project. */
    async group(session: SessionContext, id: number, projectId: number, o?: RefOptions) {
      const row = await repo.group(id);
      if (!row || !inScope(session, row.projectPath) || row.projectId !== projectId)
        throw refuse(o, 'groupId', 'registry.groupNotInProject');
      return row;
    },

    /** A device of the given project (a parent device). */
    async device(session: SessionContext, id: number, projectId: number, o?: RefOptions) {
      const row = await repo.device(id);
      if (!row || !inScope(session, row.projectPath) || row.projectId !== projectId)
        throw refuse(o, 'parentId', 'registry.parentNotAllowed');
      return row;
    },

    /** Devices of the given project, in the caller's scope, in one query: any other id is refused. */
    async devices(session: SessionContext, ids: number[], projectId: number, o?: RefOptions) {
      const rows = await repo.devices([...new Set(ids)]);
      const found = new Map(rows.map((row) => [row.id, row]));
      return ids.map((id) => {
        const row = found.get(id);
        if (!row || !inScope(session, row.projectPath) || row.projectId !== projectId)
          throw refuse(o, 'parentId', 'registry.parentNotAllowed');
        return row;
      });
    },

    /** The production item of a number when the caller sees it; null otherwise (as when there is none). */
    async productionItem(session: SessionContext, no: string) {
      if (!no) return null;
      const row = await repo.productionItem(no);
      return row && inScope(session, row.projectPath) ? row : null;
    },

    /** A role of the caller's subtree. */
    async role(session: SessionContext, id: number | null | undefined, o?: RefOptions) {
      const row = id ? await repo.role(id) : null;
      if (!row || !inScope(session, row.projectPath)) throw refuse(o, 'roleId', 'validation.roleRequired');
      return row;
    },

    /** A user of the caller's subtree. */
    async user(session: SessionContext, id: number | null | undefined, o?: RefOptions) {
      const row = id ? await repo.user(id) : null;
      if (!row || !inScope(session, row.projectPath)) throw refuse(o, 'userId', 'validation.validParam');
      return row;
    },

    /** A device type (types are shared by every project). */
    async deviceType(no: string | null | undefined, o?: RefOptions) {
      if (!no || !(await repo.typeExists(no))) throw refuse(o, 'type', 'registry.typeUnknown');
    },

    /**
     * A shared record (no project) is changed only by the root project's users: others read it.
     * Answers 403 with the reason; private records were already checked to be in scope.
     */
    assertWritable(session: SessionContext, r: { projectId: number | null }) {
      if (r.projectId === null && !isRootCaller(session))
        throw new AppError(403, 'SHARED_READ_ONLY', 'errors.sharedRecord');
    },

    /** A shared record named by a new one that would share it too (a model of a shared factory): root users only. */
    assertOwnable(session: SessionContext, r: { projectId: number | null }, field: string) {
      if (r.projectId === null && !isRootCaller(session)) throw fieldError(field, 'errors.sharedRootOnly');
    },

    /** The owner a new or moved record may get: a project of the subtree, or shared for the root's users only. */
    async owner(session: SessionContext, projectId: number | null | undefined, o?: RefOptions) {
      if (projectId === null || projectId === undefined) {
        if (!isRootCaller(session)) throw refuse(o, 'projectId', 'errors.sharedRootOnly');
        return null;
      }
      return (await api.project(session, projectId, o)).id;
    },
  };
  return api;
}

export type References = ReturnType<typeof createReferences>;
