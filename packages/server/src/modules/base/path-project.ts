import { notFound } from '../../platform/errors.js';
import { inScope } from '../../platform/scope.js';
import type { ProjectsRepository } from '../admin/projects/projects.repository.js';
import type { SessionContext } from '../session/session-context.js';

/**
 * The project of a project-scoped path (/api/pjts/:projectId/…, spec 001 §7): the authorisation hook
 * checks levels only, so the path's project must be checked to be in the caller's subtree here;
 * another project does not exist for the caller (404).
 */
export async function pathProject(projects: ProjectsRepository, session: SessionContext, projectId: number) {
  const project = await projects.find(projectId);
  if (!project || !inScope(session, project.path)) throw notFound();
  return project;
}
