import {
  daySchedule,
  lightingManifest,
  lightingPolicyBody,
  localClock,
  type PageQuery,
  type ScheduledPolicy,
  type schedulePreviewQuery,
  yearSchedule,
} from '@sc/contract';
import type { z } from 'zod';
import { AppError, badRequest, conflictField, notFound } from '../../../platform/errors.js';
import { pageWindow, toPage } from '../../../platform/paging.js';
import type { Actor, FamilyContext, SessionContext } from '../family-handler.js';
import { checkedPolicyBody, foundPolicy } from '../kit/policy-store.js';
import type { LightingBatches } from './lighting.batches.js';
import type { LampTarget, LightingRepository, StoredPolicy } from './lighting.repository.js';

export const noPolicy = () => new AppError(409, 'NO_POLICY', 'lighting.errors.noPolicy');
export const groupMissing = () => new AppError(404, 'NOT_FOUND', 'lighting.errors.groupMissing');

/** The policies of a lamp as it runs them (in use only), with the place and timezone. */
export const policyDefinition = (
  policies: StoredPolicy[],
  timezone: number,
  lamp: { lng: number | null; lat: number | null },
) => ({
  timezone,
  lng: lamp.lng,
  lat: lamp.lat,
  policies: policies
    .filter((p) => p.inUse)
    .map((p) => ({
      id: p.id,
      no: p.no,
      units: p.units,
      range: p.range,
      channelControl: p.channelControl,
      channels: p.channels,
      cycle: p.cycle,
      inUse: true,
    })),
});

type Targets = { lampIds: number[]; groupIds: number[] };

/**
 * Lighting policies (spec 001 §3, §7): the list and CRUD (units at most the `policyUnitsMax` setting),
 * using and removing them on lamps and LCU groups, which sends each lamp its policies (policydef) as a
 * batch, and the day/year preview at a lamp's or group's place.
 */
export function createLightingPolicies(ctx: FamilyContext, repo: LightingRepository, batches: LightingBatches) {
  const project = (session: SessionContext, projectId: number) => ctx.devices.project(session, projectId);

  const policy = async (projectId: number, id: number) => foundPolicy(await repo.policy(projectId, id));

  // A carrier of lamps (a power-line gateway) hands its lamps' policies over to run while the server is away.
  ctx.schedules.provide(lightingManifest.type, async (projectId, lampIds) => {
    const timezone = await ctx.settings.get('timezone');
    const { targets } = await repo.targets(projectId, lampIds, []);
    const byLamp = await repo.policiesOf(targets.map((t) => t.id));
    return new Map(targets.map((t) => [t.id, policyDefinition(byLamp.get(t.id) ?? [], timezone, t)]));
  });

  /** The body is checked against the policy-units maximum of the settings at the time of the call. */
  const parse = (body: unknown) => checkedPolicyBody(ctx, lightingPolicyBody, body);

  /** Sends each lamp its policies (policydef) as a batch. */
  async function push(actor: Actor | null, projectId: number, targets: LampTarget[], command = 'policydef') {
    const timezone = await ctx.settings.get('timezone');
    const byLamp = await repo.policiesOf(targets.map((t) => t.id));
    return batches.start({
      actor,
      projectId,
      command,
      deviceCommand: 'policydef',
      targets,
      args: (lamp) => policyDefinition(byLamp.get(lamp.id) ?? [], timezone, lamp),
    });
  }

  return {
    push,

    async page(session: SessionContext, projectId: number, query: PageQuery) {
      await project(session, projectId);
      const window = pageWindow(query, await ctx.settings.get('pageSize'));
      const { rows, total } = await repo.policyPage(projectId, query.keyword, window.limit, window.offset);
      return toPage(rows, total, window);
    },

    async one(session: SessionContext, projectId: number, id: number) {
      await project(session, projectId);
      return policy(projectId, id);
    },

    async create(actor: Actor, projectId: number, input: unknown) {
      await project(actor.session, projectId);
      const body = await parse(input);
      if (await repo.policyNoTaken(projectId, body.no)) throw conflictField('no', 'errors.duplicateNo');
      return policy(projectId, await repo.createPolicy(projectId, body));
    },

    async update(actor: Actor, projectId: number, id: number, input: unknown) {
      await project(actor.session, projectId);
      await policy(projectId, id);
      const body = await parse(input);
      if (await repo.policyNoTaken(projectId, body.no, id)) throw conflictField('no', 'errors.duplicateNo');
      await repo.updatePolicy(projectId, id, body);
      return policy(projectId, id);
    },

    /** Deletes a policy no lamp uses (409 while in use). */
    async remove(actor: Actor, projectId: number, id: number) {
      await project(actor.session, projectId);
      const p = await policy(projectId, id);
      if (p.lampCount > 0) throw new AppError(409, 'CONFLICT', 'lighting.errors.policyInUse');
      await repo.deletePolicy(projectId, id);
      return { id: p.id, deleted: true as const };
    },

    /** Uses a policy on (or removes it from) lamps and LCU groups, then sends each lamp its policies. */
    async apply(actor: Actor, projectId: number, id: number, verb: 'use' | 'remove', body: Targets) {
      await project(actor.session, projectId);
      const p = await policy(projectId, id);
      const targets = await batches.targets(projectId, body.lampIds, body.groupIds);
      const ids = targets.map((t) => t.id);
      if (verb === 'use') await repo.useOn(p.id, ids);
      else await repo.removeFrom(p.id, ids);
      return push(actor, projectId, targets, verb);
    },

    /** Removes every policy from lamps and LCU groups, then tells the lamps. */
    async clear(actor: Actor, projectId: number, body: Targets) {
      await project(actor.session, projectId);
      const targets = await batches.targets(projectId, body.lampIds, body.groupIds);
      await repo.clearFrom(targets.map((t) => t.id));
      return push(actor, projectId, targets, 'clear');
    },

    /** Sends every lamp using the policy its policies again. */
    async resend(actor: Actor, projectId: number, id: number) {
      await project(actor.session, projectId);
      const p = await policy(projectId, id);
      const ids = await repo.lampsOfPolicy(p.id);
      if (ids.length === 0) throw noPolicy();
      return push(actor, projectId, await batches.targets(projectId, ids, []));
    },

    /** The schedule a policy gives at a lamp's or group's place (or given coordinates): a day and/or a year. */
    async preview(session: SessionContext, projectId: number, id: number, q: z.infer<typeof schedulePreviewQuery>) {
      await project(session, projectId);
      const p = await policy(projectId, id);
      let place: { lng: number; lat: number } | null =
        q.lng !== undefined && q.lat !== undefined ? { lng: q.lng, lat: q.lat } : null;
      let lampId = q.lampId;
      if (lampId === undefined && q.groupId) {
        const g = await repo.group(projectId, q.groupId);
        if (!g) throw groupMissing();
        lampId = g.lampIds[0];
      }
      if (!place && lampId) {
        const row = await repo.lamp(projectId, lampId);
        if (!row) throw notFound();
        if (row.lng === null || row.lat === null) throw badRequest('lighting.errors.noCoordinate');
        place = { lng: row.lng, lat: row.lat };
      }
      if (!place)
        throw badRequest('lighting.errors.noCoordinate', [{ field: 'lampId', key: 'lighting.errors.noCoordinate' }]);
      const tz = await ctx.settings.get('timezone');
      const policies = [{ ...p, inUse: true } as ScheduledPolicy];
      const date = q.date ?? (q.year ? undefined : localClock(new Date(), tz).date);
      return {
        ...place,
        timezone: tz,
        day: date ? daySchedule(policies, date, place, tz) : null,
        year: q.year ? yearSchedule(policies, q.year, place, tz) : null,
      };
    },
  };
}

export type LightingPolicies = ReturnType<typeof createLightingPolicies>;
