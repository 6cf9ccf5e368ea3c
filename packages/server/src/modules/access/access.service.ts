import {
  AUTH_LEVEL,
  type AuthLevel,
  CATALOGUE,
  type CatalogueFunction,
  functionByPath,
  type Lang,
  type MenuNode,
  MODULES,
  type PageAuth,
  PERMISSION_FUNCTIONS,
  permissionOwner,
  translate,
} from '@sc/contract';
import { AppError } from '../../platform/errors.js';
import { isWholeTree } from '../../platform/scope.js';
import type { SessionContext } from '../session/session-context.js';
import type { AccessRepository } from './access.repository.js';
import type { AuthCache } from './auth-cache.js';

/** The caller's level on every function that carries a permission, keyed by function key. */
export type Levels = ReadonlyMap<string, AuthLevel>;

/** A role as the tables give it: enough to work out its levels. */
export interface RoleRow {
  id: number;
  admin: boolean;
  projectId: number;
  projectPath: string;
}

export interface RoleRef {
  roleId: number;
  admin: boolean;
  projectId: number;
  projectIsRoot: boolean;
}

/**
 * One place that answers "what level does this role have on this function": the API hook, page
 * authorisation and the menus all ask it, so the console hides exactly what the server refuses.
 */
export function createAccessService(repository: AccessRepository, auth: AuthCache) {
  const levelsForRole = (ref: RoleRef): Promise<Levels> =>
    auth.levels.get(`${ref.roleId}:${ref.admin}:${ref.projectId}:${ref.projectIsRoot}`, () => computeLevels(ref));

  async function computeLevels(ref: RoleRef): Promise<Levels> {
    const [granted, modules] = await Promise.all([
      ref.admin ? Promise.resolve([]) : repository.rolePermissions(ref.roleId),
      ref.projectIsRoot ? Promise.resolve([...MODULES] as string[]) : repository.projectModules(ref.projectId),
    ]);
    const allowedModules = new Set(modules);
    const grantedByKey = new Map(granted.map((g) => [g.functionKey, g.level as AuthLevel]));
    const levels = new Map<string, AuthLevel>();
    for (const f of PERMISSION_FUNCTIONS) {
      // Personal screens (home, own site messages) do not depend on the project's modules.
      // Platform-wide functions belong to the root project's roles only (issue 11).
      if ((!allowedModules.has(f.module) && !f.everyone) || (f.global && !ref.projectIsRoot)) {
        levels.set(f.key, AUTH_LEVEL.none);
        continue;
      }
      const own = ref.admin ? AUTH_LEVEL.check : (grantedByKey.get(f.key) ?? AUTH_LEVEL.none);
      levels.set(f.key, Math.max(own, f.everyone ?? AUTH_LEVEL.none) as AuthLevel);
    }
    return levels;
  }

  const levelOf = (levels: Levels, f: CatalogueFunction): AuthLevel =>
    levels.get(permissionOwner(f).key) ?? AUTH_LEVEL.none;

  /** Menu tree of the functions with a screen and a level above N/A, groups kept only when non-empty. */
  function menuTree(levels: Levels, lang: Lang, parent: string | null = null): MenuNode[] {
    const nodes: MenuNode[] = [];
    for (const entry of CATALOGUE) {
      if (entry.parent !== parent) continue;
      if (entry.kind === 'group') {
        const children = menuTree(levels, lang, entry.key);
        if (children.length > 0) {
          nodes.push({
            key: entry.key,
            path: entry.path,
            icon: entry.icon,
            name: translate(lang, `menu.${entry.key}`),
            level: AUTH_LEVEL.none,
            children,
          });
        }
      } else if (entry.menu && entry.ready) {
        const level = levelOf(levels, entry);
        if (level > AUTH_LEVEL.none)
          nodes.push({
            key: entry.key,
            path: entry.path,
            icon: entry.icon,
            name: translate(lang, `menu.${entry.key}`),
            level,
          });
      }
    }
    return nodes;
  }

  /** The levels of a role as its row (with its project's path) gives it. */
  const levelsOfRow = (role: RoleRow) =>
    levelsForRole({
      roleId: role.id,
      admin: role.admin,
      projectId: role.projectId,
      projectIsRoot: isWholeTree(role.projectPath),
    });

  /** Functions where `target` has a higher level than `caller`, each once (its permission owner). */
  const above = (caller: Levels, target: Levels): string[] =>
    PERMISSION_FUNCTIONS.filter((f) => (target.get(f.key) ?? 0) > (caller.get(f.key) ?? 0)).map((f) => f.key);

  return {
    levelsForRole,
    levelsOfRow,
    above,
    /**
     * Refuses (403 LEVEL_ABOVE_OWN, naming the functions) when a role, given to a user or held by the
     * user the caller acts on, has a higher level than the caller's own on any function: nobody gives
     * or reaches more than they have (role permissions follow the same rule in their own service).
     */
    async refuseAbove(caller: SessionContext, role: RoleRow) {
      const target = await levelsOfRow(role);
      const keys = above(
        await levelsForRole({
          roleId: caller.role.id,
          admin: caller.role.admin,
          projectId: caller.project.id,
          projectIsRoot: caller.project.parentId === null,
        }),
        target,
      );
      if (keys.length)
        throw new AppError(403, 'LEVEL_ABOVE_OWN', 'security.levelAboveOwn', {
          names: keys.map((k) => `menu.${k}`),
        });
    },
    levelsFor: (session: SessionContext) =>
      levelsForRole({
        roleId: session.role.id,
        admin: session.role.admin,
        projectId: session.project.id,
        projectIsRoot: session.project.parentId === null,
      }),
    levelOf,
    menuTree,
    /** GET /api/pageauth.do: only screens the console has can be navigated to. */
    pageAuth(levels: Levels, desFullPath: string): PageAuth {
      const f = functionByPath(desFullPath.split('?')[0] ?? '');
      if (!f?.ready) return { flag: 0, authValue: AUTH_LEVEL.none };
      const level = levelOf(levels, f);
      return { flag: level > AUTH_LEVEL.none ? 1 : 0, authValue: level };
    },
  };
}

export type AccessService = ReturnType<typeof createAccessService>;
