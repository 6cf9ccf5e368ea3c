import { defaultProjectParams, type ProjectParamsBody, type ProjectParamsView, projectParamsBody } from '@sc/contract';
import type { ProjectsRepository } from '../../admin/projects/projects.repository.js';
import { pathProject } from '../../base/path-project.js';
import { type Actor, type AuditService, changedFields } from '../../logs/audit.service.js';
import type { SessionContext } from '../../session/session-context.js';
import type { SettingsService } from '../../system/settings.service.js';
import type { ProjectParamsRepository } from './project-params.repository.js';

/** Project parameters (spec 001 "Project params"): saved values over the defaults of the project. */
export function createProjectParamsService(deps: {
  params: ProjectParamsRepository;
  projects: ProjectsRepository;
  settings: SettingsService;
  audit: AuditService;
}) {
  async function view(project: { id: number; lng: number | null; lat: number | null }): Promise<ProjectParamsView> {
    const s = await deps.settings.all();
    const defaults = defaultProjectParams({
      serverAddress: s.clientServerIp,
      timezone: s.timezone,
      lng: project.lng,
      lat: project.lat,
    });
    const row = await deps.params.find(project.id);
    // Saved values read through today's rule: a field added later takes its default.
    const saved = row ? projectParamsBody.partial().safeParse(row.values) : null;
    return {
      ...defaults,
      ...(saved?.success ? Object.fromEntries(Object.entries(saved.data).filter(([, v]) => v !== undefined)) : {}),
      projectId: project.id,
      saved: Boolean(row),
      updatedAt: row?.updatedAt.toISOString() ?? null,
    };
  }

  return {
    async get(session: SessionContext, projectId: number) {
      return view(await pathProject(deps.projects, session, projectId));
    },

    async save(actor: Actor, projectId: number, body: ProjectParamsBody) {
      const project = await pathProject(deps.projects, actor.session, projectId);
      const before = await view(project);
      await deps.params.save(projectId, { ...body });
      const after = await view(project);
      const strip = ({ projectId: _p, saved: _s, updatedAt: _u, ...values }: ProjectParamsView) => values;
      await deps.audit.manage(actor, {
        action: 'update',
        entity: 'projectParams',
        entityId: projectId,
        summary: project.name,
        changes: changedFields(before.saved ? strip(before) : null, strip(after)),
      });
      return after;
    },
  };
}

export type ProjectParamsService = ReturnType<typeof createProjectParamsService>;
