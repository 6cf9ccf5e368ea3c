import { inArray, like, type SQL, sql } from 'drizzle-orm';
import { devices, projects } from '../db/schema/index.js';
import { isWholeTree } from './scope.js';

/**
 * Devices of a project subtree: `project_id IN (…)` lets the planner use the (project_id, …) indexes.
 * The root's subtree is every device: no condition. The registry and the device families both read it.
 */
export const inProjectTree = (scopePath: string): SQL | undefined =>
  isWholeTree(scopePath)
    ? undefined
    : inArray(
        devices.projectId,
        sql`(select ${projects.id} from ${projects} where ${like(projects.path, `${scopePath}%`)})`,
      );
