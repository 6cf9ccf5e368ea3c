import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { projectParams } from '../../../db/schema/index.js';

/** A project's saved parameters (the only SQL of project parameters). */
export function createProjectParamsRepository(db: Db) {
  return {
    async find(projectId: number) {
      const [row] = await db.select().from(projectParams).where(eq(projectParams.projectId, projectId));
      return row;
    },
    async save(projectId: number, values: Record<string, unknown>) {
      const row = { projectId, values, updatedAt: new Date() };
      await db.insert(projectParams).values(row).onConflictDoUpdate({ target: projectParams.projectId, set: row });
    },
  };
}

export type ProjectParamsRepository = ReturnType<typeof createProjectParamsRepository>;
