import { eq, like, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { devices, projects, roles, users } from '../../db/schema/index.js';

/** Counts within a project subtree (path prefix). */
export function createHomeRepository(db: Db) {
  const count = sql<number>`count(*)::int`;
  return {
    async counts(projectPath: string) {
      const inTree = like(projects.path, `${projectPath}%`);
      const [p, u, d] = await Promise.all([
        db.select({ n: count }).from(projects).where(inTree),
        db
          .select({ n: count })
          .from(users)
          .innerJoin(roles, eq(roles.id, users.roleId))
          .innerJoin(projects, eq(projects.id, roles.projectId))
          .where(inTree),
        db.select({ n: count }).from(devices).innerJoin(projects, eq(projects.id, devices.projectId)).where(inTree),
      ]);
      return { projects: p[0]?.n ?? 0, users: u[0]?.n ?? 0, devices: d[0]?.n ?? 0 };
    },
  };
}

export type HomeRepository = ReturnType<typeof createHomeRepository>;
