import { and, eq, inArray, like, notInArray } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { projectModules, projects, rolePermissions } from '../../../db/schema/index.js';

export function createPermissionsRepository(db: Db) {
  return {
    /** Replaces every grant of a role in one transaction: no half-saved permission sets. */
    replaceRolePermissions: (roleId: number, grants: { key: string; level: number }[]) =>
      db.transaction(async (tx) => {
        await tx.delete(rolePermissions).where(eq(rolePermissions.roleId, roleId));
        const rows = grants.filter((g) => g.level > 0).map((g) => ({ roleId, functionKey: g.key, level: g.level }));
        if (rows.length) await tx.insert(rolePermissions).values(rows);
      }),

    /** Sets a project's modules and takes the removed ones from every descendant too. */
    replaceProjectModules: (projectId: number, projectPath: string, modules: string[]) =>
      db.transaction(async (tx) => {
        await tx.delete(projectModules).where(eq(projectModules.projectId, projectId));
        if (modules.length) await tx.insert(projectModules).values(modules.map((module) => ({ projectId, module })));
        const descendants = tx
          .select({ id: projects.id })
          .from(projects)
          .where(like(projects.path, `${projectPath}_%`));
        await tx
          .delete(projectModules)
          .where(
            and(
              inArray(projectModules.projectId, descendants),
              modules.length ? notInArray(projectModules.module, modules) : undefined,
            ),
          );
      }),
  };
}

export type PermissionsRepository = ReturnType<typeof createPermissionsRepository>;
