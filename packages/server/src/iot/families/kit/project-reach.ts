import { eq, type SQL, sql } from 'drizzle-orm';
import { devices, projects } from '../../../db/schema/index.js';
import { inProjectTree } from '../../../platform/project-tree.js';
import { isWholeTree } from '../../../platform/scope.js';

/**
 * Which devices a project screen's list shows (issue 13): the project's own, or with `includeChildren`
 * those of its whole subtree. The project is one the caller may see (`FamilyDevices.project`), so its
 * subtree is inside the caller's: the switch never widens what the caller sees.
 */
export interface ProjectReach {
  id: number;
  path: string;
  includeChildren: boolean;
}

/** The condition on `devices` of a project's list: a project id alone means its own devices. */
export const devicesOfProject = (project: number | ProjectReach): SQL | undefined =>
  typeof project === 'number'
    ? eq(devices.projectId, project)
    : project.includeChildren
      ? inProjectTree(project.path)
      : eq(devices.projectId, project.id);

/** The project of a listed device by name (the lists show it when child projects are included). */
export const deviceProjectName = sql<string>`(select ${projects.name} from ${projects} where ${projects.id} = ${devices.projectId})`;

/** The project's id, for the calls that take only that. */
export const projectIdOf = (project: number | ProjectReach) => (typeof project === 'number' ? project : project.id);

/**
 * `column` (a project id column in the families' raw SQL) within the project's reach: the project's own
 * rows, or with `includeChildren` those of its subtree (events, daily totals, policies of lamps shown).
 */
export const projectIn = (column: SQL, project: number | ProjectReach): SQL => {
  if (typeof project === 'number' || !project.includeChildren) return sql`${column} = ${projectIdOf(project)}`;
  if (isWholeTree(project.path)) return sql`true`;
  return sql`${column} IN (SELECT id FROM projects WHERE path LIKE ${`${project.path}%`})`;
};

/** `devicesOfProject` in the families' raw SQL, on `devices d`. */
export const projectOfD = (project: number | ProjectReach): SQL => projectIn(sql`d.project_id`, project);

/** A key of what a reach covers (the project, and whether its children), for answers kept a while. */
export const reachKey = (project: number | ProjectReach) =>
  typeof project === 'number' || !project.includeChildren ? `${projectIdOf(project)}` : `${project.id}+`;

/**
 * `devices d` of the project or of its child projects, in the families' raw SQL: the targets a command
 * from the project's screens may name, since its lists show the child projects' devices with the switch
 * on (the project itself is one the caller may see, so its subtree is inside the caller's).
 */
export const inSubtreeOfD = (projectId: number): SQL =>
  sql`d.project_id IN (SELECT c.id FROM projects c JOIN projects p ON c.path LIKE p.path || '%' WHERE p.id = ${projectId})`;

/** The project's name of `devices d` as `project_name`, in the families' raw SQL. */
export const projectNameOfD = sql`(SELECT pr.name FROM projects pr WHERE pr.id = d.project_id) AS project_name`;
