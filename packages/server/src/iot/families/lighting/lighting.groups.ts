import type { LightingGroupBody, PageQuery } from '@sc/contract';
import { conflictField } from '../../../platform/errors.js';
import { pageWindow, toPage } from '../../../platform/paging.js';
import type { Actor, FamilyContext, SessionContext } from '../family-handler.js';
import type { LightingBatches } from './lighting.batches.js';
import { groupMissing } from './lighting.policies.js';
import type { LightingRepository } from './lighting.repository.js';

/** LCU groups (spec 001 §3 "Lamp group"): the list, CRUD, members and group commands. */
export function createLightingGroups(ctx: FamilyContext, repo: LightingRepository, batches: LightingBatches) {
  const project = (session: SessionContext, projectId: number) => ctx.devices.project(session, projectId);

  const group = async (projectId: number, id: number) => {
    const g = await repo.group(projectId, id);
    if (!g) throw groupMissing();
    return g;
  };

  /** Creates or changes a group; `lampIds`, when given, replaces the members (lamps of the project only). */
  const save = async (projectId: number, body: LightingGroupBody, id?: number) => {
    if (await repo.groupNoTaken(projectId, body.no, id)) throw conflictField('no', 'errors.duplicateNo');
    if (body.lampIds?.length) await batches.targets(projectId, body.lampIds, []);
    const groupId = id ?? (await repo.createGroup(projectId, body));
    if (id) await repo.updateGroup(projectId, id, body);
    if (body.lampIds) await repo.setMembers(groupId, body.lampIds, [], true);
    return group(projectId, groupId);
  };

  return {
    async page(session: SessionContext, projectId: number, query: PageQuery) {
      await project(session, projectId);
      const window = pageWindow(query, await ctx.settings.get('pageSize'));
      const { rows, total } = await repo.groupPage(projectId, query.keyword, window.limit, window.offset);
      return toPage(rows, total, window);
    },

    async one(session: SessionContext, projectId: number, id: number) {
      await project(session, projectId);
      return group(projectId, id);
    },

    async create(actor: Actor, projectId: number, body: LightingGroupBody) {
      await project(actor.session, projectId);
      return save(projectId, body);
    },

    async update(actor: Actor, projectId: number, id: number, body: LightingGroupBody) {
      await project(actor.session, projectId);
      await group(projectId, id);
      return save(projectId, body, id);
    },

    /** Deletes a group (its lamps stay). */
    async remove(actor: Actor, projectId: number, id: number) {
      await project(actor.session, projectId);
      await group(projectId, id);
      await repo.deleteGroup(projectId, id);
      return { id, deleted: true as const };
    },

    async members(session: SessionContext, projectId: number, id: number, body: { add: number[]; remove: number[] }) {
      await project(session, projectId);
      await group(projectId, id);
      if (body.add.length) await batches.targets(projectId, body.add, []);
      await repo.setMembers(id, body.add, body.remove);
      return group(projectId, id);
    },

    /** A command to every lamp of the group, as a batch. */
    async command(
      actor: Actor,
      projectId: number,
      id: number,
      body: { command: string; args: Record<string, unknown> },
    ) {
      await project(actor.session, projectId);
      const targets = await batches.targets(projectId, [], [id]);
      return batches.command(actor, projectId, body.command, body.args, targets);
    },
  };
}
