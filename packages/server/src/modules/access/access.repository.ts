import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { projectModules, rolePermissions } from '../../db/schema/index.js';

export function createAccessRepository(db: Db) {
  return {
    rolePermissions: (roleId: number) =>
      db
        .select({ functionKey: rolePermissions.functionKey, level: rolePermissions.level })
        .from(rolePermissions)
        .where(eq(rolePermissions.roleId, roleId)),
    projectModules: async (projectId: number) =>
      (
        await db
          .select({ module: projectModules.module })
          .from(projectModules)
          .where(eq(projectModules.projectId, projectId))
      ).map((r) => r.module),
  };
}

export type AccessRepository = ReturnType<typeof createAccessRepository>;
