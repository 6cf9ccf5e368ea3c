import {
  daySchedule,
  idParam,
  LIGHTING_ALARM_DEFAULT,
  LIGHTING_CONFIG_DEFAULT,
  lightingAlarmConfigBody,
  lightingAreaCommandBody,
  lightingAreaQueryBody,
  lightingBatchBody,
  lightingCalls,
  lightingCommandArgs,
  lightingConfigBody,
  lightingGroupBody,
  lightingGroupCommandBody,
  lightingGroupMembersBody,
  lightingListFilter,
  lightingLocationBody,
  lightingManifest,
  lightingPolicyBody,
  localClock,
  pageQuery,
  policyTargetsBody,
  powerQuery,
  type ScheduledPolicy,
  schedulePreviewQuery,
  yearSchedule,
} from '@sc/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type Actor, actorOf } from '../../../modules/logs/audit.service.js';
import { AppError, badRequest, conflictField, notFound } from '../../../platform/errors.js';
import { pageWindow, toPage } from '../../../platform/paging.js';
import { commonQuery } from '../../../platform/schemas.js';
import type { FamilyContext } from '../family-handler.js';
import { familyParams, familyRoutes } from '../kit/routes.js';
import { createLightingRepository, type LampTarget } from './lighting.repository.js';
import { createLightingService, deviceArgs } from './lighting.service.js';

const manifest = lightingManifest;
const R = manifest.responses as typeof import('@sc/contract').LIGHTING_RESPONSES;
const tags = [manifest.slug];
const calls = lightingCalls;
/** Commands the family answers itself (they change what the server keeps, or need more than the kit). */
const OWN = new Set(['reset', 'runmode', 'correcttime']);

const projectParams = z.object({ projectId: idParam() });
const policyParams = z.object({ projectId: idParam(), policyId: idParam() });
const groupParams = z.object({ projectId: idParam(), groupId: idParam() });
const batchParams = z.object({ projectId: idParam(), batchId: z.string().uuid('validation.validParam') });

const noPolicy = () => new AppError(409, 'NO_POLICY', 'lighting.errors.noPolicy');
const deviceFailed = (error: string) => new AppError(502, 'DEVICE_FAILED', 'errors.deviceFailed', { error });

/** Spec 001 §7 "lighting": every call of the family (the list is in the contract's lighting/index.ts). */
export function lightingRoutes(app: FastifyInstance, ctx: FamilyContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const repo = ctx.repository(createLightingRepository);
  const service = createLightingService(ctx, repo);
  (app as unknown as { lighting?: typeof service }).lighting = service;

  familyRoutes(
    app,
    ctx,
    { ...manifest, commands: manifest.commands.filter((c) => !OWN.has(c.name)) },
    { events: 'own', readings: repo.readings, csvName: 'lighting' },
  );

  const lamp = (req: { session?: unknown; params: { projectId: number; id: number } }) =>
    ctx.devices.get(req.session as never, req.params.projectId, req.params.id, manifest.type);
  const project = (req: { session?: unknown; params: { projectId: number } }) =>
    ctx.devices.project(req.session as never, req.params.projectId);
  const send = async (
    actor: Actor,
    target: LampTarget | Awaited<ReturnType<typeof lamp>>,
    command: string,
    args: Record<string, unknown>,
  ) => {
    const outcome = await ctx.iot.bus.send(actor, target, command, args);
    if (!outcome.ok) {
      if (outcome.error === 'NO_POLICY') throw noPolicy();
      throw deviceFailed(outcome.error ?? command);
    }
    return {
      command,
      ok: true as const,
      result: outcome.result ?? null,
      durationMs: outcome.durationMs,
      attempts: outcome.attempts,
    };
  };
  /** Tells a connected lamp; answers whether it was told (an offline lamp learns it later). */
  const tell = async (
    actor: Actor,
    target: Awaited<ReturnType<typeof lamp>>,
    command: string,
    args: Record<string, unknown>,
  ) => {
    try {
      return (await ctx.iot.bus.send(actor, target, command, args)).ok;
    } catch {
      return false;
    }
  };
  const targetsOf = async (projectId: number, lampIds: number[], groupIds: number[]) =>
    service.targets(projectId, lampIds, groupIds);

  // ── One lamp

  r.post(
    calls.path(':id/reset'),
    {
      schema: {
        tags,
        summary: 'Reset a lamp: unusable for the given 1-12 hours',
        params: familyParams,
        querystring: commonQuery,
        body: lightingCommandArgs.reset,
        response: { 200: R.command },
      },
    },
    async (req) => {
      const target = await lamp(req);
      const { hours } = req.body;
      const answer = await send(actorOf(req), target, 'reset', { hours });
      await repo.saveSettings(target.id, target.projectId, { unusableUntil: new Date(Date.now() + hours * 3_600_000) });
      return answer;
    },
  );

  r.post(
    calls.path(':id/runmode'),
    {
      schema: {
        tags,
        summary: 'Set the run mode and the policy mode (policy mode "policy" needs a policy in use)',
        params: familyParams,
        querystring: commonQuery,
        body: lightingCommandArgs.runmode,
        response: { 200: R.command },
      },
    },
    async (req) => {
      const target = await lamp(req);
      if (req.body.policyMode === 'policy') {
        const policies = (await repo.policiesOf([target.id])).get(target.id) ?? [];
        if (!policies.some((p) => p.inUse)) throw noPolicy();
      }
      const answer = await send(actorOf(req), target, 'runmode', req.body);
      await repo.saveSettings(target.id, target.projectId, {
        runMode: req.body.runMode,
        policyMode: req.body.policyMode,
      });
      return answer;
    },
  );

  r.post(
    calls.path(':id/correcttime'),
    {
      schema: {
        tags,
        summary: "Set the lamp's clock to the server's time",
        params: familyParams,
        querystring: commonQuery,
        body: z.object({}).nullish(),
        response: { 200: R.command },
      },
    },
    async (req) => send(actorOf(req), await lamp(req), 'correcttime', deviceArgs('correcttime', {})),
  );

  r.get(
    calls.path(':id/realdata'),
    {
      schema: {
        tags,
        summary: "The lamp's last report (every runtime value, device time, raw message) without asking it",
        params: familyParams,
        querystring: commonQuery,
        response: { 200: R.realdata },
      },
    },
    async (req) => {
      const target = await lamp(req);
      const [row, settings, last] = await Promise.all([
        repo.lamp(target.projectId, target.id),
        repo.settings(target.id),
        repo.readings.lastOf([target.id], 1),
      ]);
      const reading = last.get(target.id)?.[0];
      const values = Object.fromEntries(manifest.readings.map((x) => [x.key, reading?.[x.key] ?? null]));
      return {
        id: target.id,
        at: row?.at ?? reading?.at.toISOString() ?? null,
        state: row?.state ?? 'offline',
        runStatus: row?.runStatus ?? null,
        values,
        deviceTime: row?.deviceTime ?? null,
        raw: row?.raw ?? null,
        runMode: (settings?.runMode as 'alwaysOn' | null) ?? null,
        policyMode: (settings?.policyMode as 'none' | null) ?? null,
        unusableUntil: settings?.unusableUntil?.toISOString() ?? null,
      };
    },
  );

  for (const kind of ['config', 'alarmconfig'] as const) {
    const isConfig = kind === 'config';
    const body = isConfig ? lightingConfigBody : lightingAlarmConfigBody;
    const response = isConfig ? R.config : R.alarmConfig;
    r.get(
      calls.path(`:id/${kind}`),
      {
        schema: {
          tags,
          summary: isConfig ? "The lamp's configuration" : "The lamp's alarm thresholds",
          params: familyParams,
          querystring: commonQuery,
          response: { 200: response },
        },
      },
      async (req) => {
        const target = await lamp(req);
        const s = await repo.settings(target.id);
        const stored = isConfig ? s?.config : s?.alarmConfig;
        const at = isConfig ? s?.configAt : s?.alarmAt;
        const fallback = isConfig
          ? {
              ...LIGHTING_CONFIG_DEFAULT,
              ratedPower: Number(target.props.ratedPower ?? LIGHTING_CONFIG_DEFAULT.ratedPower),
            }
          : LIGHTING_ALARM_DEFAULT;
        return { ...fallback, ...(stored ?? {}), updatedAt: at?.toISOString() ?? null, delivered: false } as never;
      },
    );
    r.put(
      calls.path(`:id/${kind}`),
      {
        schema: {
          tags,
          summary: isConfig
            ? "Store the lamp's configuration and send it to the lamp (delivered: whether it was connected)"
            : "Store the lamp's alarm thresholds and send them to the lamp",
          params: familyParams,
          querystring: commonQuery,
          body,
          response: { 200: response },
        },
      },
      async (req) => {
        const target = await lamp(req);
        const value = req.body as Record<string, unknown>;
        await repo.saveSettings(target.id, target.projectId, isConfig ? { config: value } : { alarmConfig: value });
        const delivered = await tell(actorOf(req), target, kind, value);
        return { ...value, updatedAt: new Date().toISOString(), delivered } as never;
      },
    );
  }

  r.put(
    calls.path(':id/location'),
    {
      schema: {
        tags,
        summary: "Set the lamp's coordinates (its astronomical times follow them)",
        params: familyParams,
        querystring: commonQuery,
        body: lightingLocationBody,
        response: { 200: R.location },
      },
    },
    async (req) => {
      const target = await lamp(req);
      await repo.setLocation(target.id, req.body.lng, req.body.lat);
      return { id: target.id, lng: req.body.lng, lat: req.body.lat };
    },
  );

  r.get(
    calls.path(':id/policies'),
    {
      schema: {
        tags,
        summary: 'The policies a lamp runs',
        params: familyParams,
        querystring: commonQuery,
        response: { 200: R.lampPolicies },
      },
    },
    async (req) => {
      const target = await lamp(req);
      return (await repo.policiesOf([target.id])).get(target.id) ?? [];
    },
  );

  r.post(
    calls.path(':id/policydef'),
    {
      schema: {
        tags,
        summary: 'Send the lamp its policies in use (it runs them on its own clock)',
        params: familyParams,
        querystring: commonQuery,
        body: z.object({}).nullish(),
        response: { 200: R.command },
      },
    },
    async (req) => {
      const target = await lamp(req);
      const row = await repo.lamp(target.projectId, target.id);
      const policies = (await repo.policiesOf([target.id])).get(target.id) ?? [];
      if (!policies.some((p) => p.inUse)) throw noPolicy();
      const timezone = await ctx.settings.get('timezone');
      return send(
        actorOf(req),
        target,
        'policydef',
        service.policyDefinition(policies, timezone, { lng: row?.lng ?? null, lat: row?.lat ?? null }),
      );
    },
  );

  // ── Lists

  r.get(
    calls.path('pages'),
    {
      schema: {
        tags,
        summary: 'A page of lamps with their live values; filters by area, group, LCU group, gateway, state',
        params: projectParams,
        querystring: commonQuery.extend(pageQuery.shape).extend(lightingListFilter.shape),
        response: { 200: R.lamps },
      },
    },
    async (req) => {
      await project(req);
      const window = pageWindow(req.query, await ctx.settings.get('pageSize'));
      const { rows, total } = await repo.lampPage(req.params.projectId, req.query, window.limit, window.offset);
      return toPage(rows, total, window);
    },
  );

  r.get(
    calls.path('map'),
    {
      schema: {
        tags,
        summary: 'Every lamp of the project with coordinates and state, for the map',
        params: projectParams,
        querystring: commonQuery,
        response: { 200: R.map },
      },
    },
    async (req) => {
      await project(req);
      return repo.map(req.params.projectId);
    },
  );

  // ── Batches, groups, area

  r.post(
    calls.path('batch/command'),
    {
      schema: {
        tags,
        summary: 'Send a command to many lamps; progress arrives as realtime `batch` pushes',
        params: projectParams,
        querystring: commonQuery,
        body: lightingBatchBody,
        response: { 200: R.batchStarted },
      },
    },
    async (req) => {
      await project(req);
      const targets = await targetsOf(req.params.projectId, req.body.lampIds, req.body.groupIds);
      return batchCommand(actorOf(req), req.params.projectId, req.body.command, req.body.args, targets);
    },
  );

  const batchCommand = (
    actor: Actor,
    projectId: number,
    command: string,
    args: Record<string, unknown>,
    targets: LampTarget[],
  ) => {
    // Validated by the body's schema already: this fills in the command's defaults (channel all, …).
    const full = lightingCommandArgs[command as keyof typeof lightingCommandArgs].parse(args) as Record<
      string,
      unknown
    >;
    return service.startBatch({
      actor,
      projectId,
      command,
      targets,
      args: () => deviceArgs(command, full),
      onAck:
        command === 'runmode'
          ? (t) =>
              repo.saveSettings(t.id, t.projectId, {
                runMode: String(args.runMode),
                policyMode: String(args.policyMode),
              })
          : undefined,
    });
  };

  r.get(
    calls.path('batches/:batchId'),
    {
      schema: {
        tags,
        summary: "A batch's progress and each lamp's result",
        params: batchParams,
        querystring: commonQuery,
        response: { 200: R.batchStatus },
      },
    },
    async (req) => {
      await project(req);
      return service.batchStatus(req.params.projectId, req.params.batchId);
    },
  );

  r.post(
    calls.path('area/lamps'),
    {
      schema: {
        tags,
        summary: 'The lamps inside a polygon drawn on the map',
        params: projectParams,
        querystring: commonQuery,
        body: lightingAreaQueryBody,
        response: { 200: R.areaLamps },
      },
    },
    async (req) => {
      await project(req);
      return repo.inPolygon(req.params.projectId, req.body.polygon);
    },
  );

  r.post(
    calls.path('area/command'),
    {
      schema: {
        tags,
        summary: 'Send a command to every lamp inside a polygon drawn on the map',
        params: projectParams,
        querystring: commonQuery,
        body: lightingAreaCommandBody,
        response: { 200: R.batchStarted },
      },
    },
    async (req) => {
      await project(req);
      const inside = await repo.inPolygon(req.params.projectId, req.body.polygon);
      const targets = await targetsOf(
        req.params.projectId,
        inside.map((l) => l.id),
        [],
      );
      return batchCommand(actorOf(req), req.params.projectId, req.body.command, req.body.args, targets);
    },
  );

  // LCU groups
  const group = async (projectId: number, id: number) => {
    const g = await repo.group(projectId, id);
    if (!g) throw new AppError(404, 'NOT_FOUND', 'lighting.errors.groupMissing');
    return g;
  };

  r.get(
    calls.path('groups'),
    {
      schema: {
        tags,
        summary: 'A page of LCU groups with their member counts',
        params: projectParams,
        querystring: commonQuery.extend(pageQuery.shape),
        response: { 200: R.groups },
      },
    },
    async (req) => {
      await project(req);
      const window = pageWindow(req.query, await ctx.settings.get('pageSize'));
      const { rows, total } = await repo.groupPage(
        req.params.projectId,
        req.query.keyword,
        window.limit,
        window.offset,
      );
      return toPage(rows, total, window);
    },
  );

  r.get(
    calls.path('groups/:groupId'),
    {
      schema: {
        tags,
        summary: 'An LCU group with its members',
        params: groupParams,
        querystring: commonQuery,
        response: { 200: R.group },
      },
    },
    async (req) => {
      await project(req);
      return group(req.params.projectId, req.params.groupId);
    },
  );

  const saveGroup = async (projectId: number, body: z.infer<typeof lightingGroupBody>, id?: number) => {
    if (await repo.groupNoTaken(projectId, body.no, id)) throw conflictField('no', 'errors.duplicateNo');
    if (body.lampIds?.length) await targetsOf(projectId, body.lampIds, []);
    const groupId = id ?? (await repo.createGroup(projectId, body));
    if (id) await repo.updateGroup(projectId, id, body);
    if (body.lampIds) await repo.setMembers(groupId, body.lampIds, [], true);
    return group(projectId, groupId);
  };

  r.post(
    calls.path('groups'),
    {
      schema: {
        tags,
        summary: 'Create an LCU group',
        params: projectParams,
        querystring: commonQuery,
        body: lightingGroupBody,
        response: { 200: R.group },
      },
    },
    async (req) => {
      await project(req);
      return saveGroup(req.params.projectId, req.body);
    },
  );

  r.put(
    calls.path('groups/:groupId'),
    {
      schema: {
        tags,
        summary: 'Change an LCU group (lampIds, when given, replaces the members)',
        params: groupParams,
        querystring: commonQuery,
        body: lightingGroupBody,
        response: { 200: R.group },
      },
    },
    async (req) => {
      await project(req);
      await group(req.params.projectId, req.params.groupId);
      return saveGroup(req.params.projectId, req.body, req.params.groupId);
    },
  );

  r.delete(
    calls.path('groups/:groupId'),
    {
      schema: {
        tags,
        summary: 'Delete an LCU group (its lamps stay)',
        params: groupParams,
        querystring: commonQuery,
        response: { 200: R.deleted },
      },
    },
    async (req) => {
      await project(req);
      await group(req.params.projectId, req.params.groupId);
      await repo.deleteGroup(req.params.projectId, req.params.groupId);
      return { id: req.params.groupId, deleted: true as const };
    },
  );

  r.post(
    calls.path('groups/:groupId/members'),
    {
      schema: {
        tags,
        summary: 'Add lamps to an LCU group and remove others',
        params: groupParams,
        querystring: commonQuery,
        body: lightingGroupMembersBody,
        response: { 200: R.group },
      },
    },
    async (req) => {
      await project(req);
      await group(req.params.projectId, req.params.groupId);
      if (req.body.add.length) await targetsOf(req.params.projectId, req.body.add, []);
      await repo.setMembers(req.params.groupId, req.body.add, req.body.remove);
      return group(req.params.projectId, req.params.groupId);
    },
  );

  r.post(
    calls.path('groups/:groupId/command'),
    {
      schema: {
        tags,
        summary: 'Send a command to every lamp of an LCU group; progress arrives as realtime `batch` pushes',
        params: groupParams,
        querystring: commonQuery,
        body: lightingGroupCommandBody,
        response: { 200: R.batchStarted },
      },
    },
    async (req) => {
      await project(req);
      const targets = await targetsOf(req.params.projectId, [], [req.params.groupId]);
      return batchCommand(actorOf(req), req.params.projectId, req.body.command, req.body.args, targets);
    },
  );

  // ── Policies

  const policy = async (projectId: number, id: number) => {
    const p = await repo.policy(projectId, id);
    if (!p) throw new AppError(404, 'NOT_FOUND', 'lighting.errors.policyMissing');
    return p;
  };

  r.get(
    calls.path('policies'),
    {
      schema: {
        tags,
        summary: 'A page of lighting policies',
        params: projectParams,
        querystring: commonQuery.extend(pageQuery.shape),
        response: { 200: R.policies },
      },
    },
    async (req) => {
      await project(req);
      const window = pageWindow(req.query, await ctx.settings.get('pageSize'));
      const { rows, total } = await repo.policyPage(
        req.params.projectId,
        req.query.keyword,
        window.limit,
        window.offset,
      );
      return toPage(rows, total, window);
    },
  );

  r.get(
    calls.path('policies/:policyId'),
    {
      schema: {
        tags,
        summary: 'A lighting policy',
        params: policyParams,
        querystring: commonQuery,
        response: { 200: R.policy },
      },
    },
    async (req) => {
      await project(req);
      return policy(req.params.projectId, req.params.policyId);
    },
  );

  /** The body is checked against the policy-units maximum of the settings at the time of the call. */
  const policyBody = async (body: unknown) => {
    const parsed = lightingPolicyBody(Number(await ctx.settings.get('policyUnitsMax')) || undefined).safeParse(body);
    if (!parsed.success)
      throw badRequest(
        'errors.badRequest',
        parsed.error.issues.map((i) => ({ field: i.path.join('.'), key: i.message })),
      );
    return parsed.data;
  };
  const policyInput = z
    .record(z.string(), z.unknown())
    .describe('lightingPolicyBody (contract): name, no, alias, units, range, channelControl, channels, cycle, inUse');

  r.post(
    calls.path('policies'),
    {
      schema: {
        tags,
        summary: 'Create a lighting policy (units at most the policyUnitsMax setting)',
        params: projectParams,
        querystring: commonQuery,
        body: policyInput,
        response: { 200: R.policy },
      },
    },
    async (req) => {
      await project(req);
      const body = await policyBody(req.body);
      if (await repo.policyNoTaken(req.params.projectId, body.no)) throw conflictField('no', 'errors.duplicateNo');
      const id = await repo.createPolicy(req.params.projectId, body);
      return policy(req.params.projectId, id);
    },
  );

  r.put(
    calls.path('policies/:policyId'),
    {
      schema: {
        tags,
        summary: 'Change a lighting policy (lamps using it get it at the next policydef)',
        params: policyParams,
        querystring: commonQuery,
        body: policyInput,
        response: { 200: R.policy },
      },
    },
    async (req) => {
      await project(req);
      await policy(req.params.projectId, req.params.policyId);
      const body = await policyBody(req.body);
      if (await repo.policyNoTaken(req.params.projectId, body.no, req.params.policyId))
        throw conflictField('no', 'errors.duplicateNo');
      await repo.updatePolicy(req.params.projectId, req.params.policyId, body);
      return policy(req.params.projectId, req.params.policyId);
    },
  );

  r.delete(
    calls.path('policies/:policyId'),
    {
      schema: {
        tags,
        summary: 'Delete a lighting policy no lamp uses (409 while in use)',
        params: policyParams,
        querystring: commonQuery,
        response: { 200: R.deleted },
      },
    },
    async (req) => {
      await project(req);
      const p = await policy(req.params.projectId, req.params.policyId);
      if (p.lampCount > 0) throw new AppError(409, 'CONFLICT', 'lighting.errors.policyInUse');
      await repo.deletePolicy(req.params.projectId, req.params.policyId);
      return { id: p.id, deleted: true as const };
    },
  );

  for (const verb of ['use', 'remove'] as const)
    r.post(
      calls.path(`policies/:policyId/${verb}`),
      {
        schema: {
          tags,
          summary:
            verb === 'use'
              ? 'Use a policy on lamps and LCU groups, then send each lamp its policies'
              : 'Stop using a policy on lamps and LCU groups, then send each lamp its policies',
          params: policyParams,
          querystring: commonQuery,
          body: policyTargetsBody,
          response: { 200: R.batchStarted },
        },
      },
      async (req) => {
        await project(req);
        const p = await policy(req.params.projectId, req.params.policyId);
        const targets = await targetsOf(req.params.projectId, req.body.lampIds, req.body.groupIds);
        const ids = targets.map((t) => t.id);
        if (verb === 'use') await repo.useOn(p.id, ids);
        else await repo.removeFrom(p.id, ids);
        return service.pushPolicies(actorOf(req), req.params.projectId, targets, verb);
      },
    );

  r.post(
    calls.path('policies/clear'),
    {
      schema: {
        tags,
        summary: 'Remove every policy from lamps and LCU groups, then tell the lamps',
        params: projectParams,
        querystring: commonQuery,
        body: policyTargetsBody,
        response: { 200: R.batchStarted },
      },
    },
    async (req) => {
      await project(req);
      const targets = await targetsOf(req.params.projectId, req.body.lampIds, req.body.groupIds);
      await repo.clearFrom(targets.map((t) => t.id));
      return service.pushPolicies(actorOf(req), req.params.projectId, targets, 'clear');
    },
  );

  r.post(
    calls.path('policies/:policyId/policydef'),
    {
      schema: {
        tags,
        summary: 'Send every lamp using the policy its policies again',
        params: policyParams,
        querystring: commonQuery,
        body: z.object({}).nullish(),
        response: { 200: R.batchStarted },
      },
    },
    async (req) => {
      await project(req);
      const p = await policy(req.params.projectId, req.params.policyId);
      const ids = await repo.lampsOfPolicy(p.id);
      if (ids.length === 0) throw noPolicy();
      const targets = await targetsOf(req.params.projectId, ids, []);
      return service.pushPolicies(actorOf(req), req.params.projectId, targets);
    },
  );

  r.get(
    calls.path('policies/:policyId/preview'),
    {
      schema: {
        tags,
        summary:
          "The on/off/dim schedule a policy gives at a lamp's or group's place (or given coordinates): a day (date) and/or a whole year (year)",
        params: policyParams,
        querystring: commonQuery.extend(schedulePreviewQuery.shape),
        response: { 200: R.preview },
      },
    },
    async (req) => {
      await project(req);
      const p = await policy(req.params.projectId, req.params.policyId);
      const q = req.query;
      let place: { lng: number; lat: number } | null =
        q.lng !== undefined && q.lat !== undefined ? { lng: q.lng, lat: q.lat } : null;
      const lampId = q.lampId ?? (q.groupId ? (await group(req.params.projectId, q.groupId)).lampIds[0] : undefined);
      if (!place && lampId) {
        const row = await repo.lamp(req.params.projectId, lampId);
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
  );

  // ── Power and overview

  r.get(
    calls.path('power/summary'),
    {
      schema: {
        tags,
        summary: 'Energy of a lamp, LCU group, group, area or the project over a period, by day and month',
        params: projectParams,
        querystring: commonQuery.extend(powerQuery.shape),
        response: { 200: R.powerSummary },
      },
    },
    async (req) => {
      await project(req);
      const { scope, id, from, to } = req.query;
      if (scope !== 'project' && !id)
        throw badRequest('validation.required', [{ field: 'id', key: 'validation.required' }]);
      return service.powerSummary(req.params.projectId, scope, id, from, to);
    },
  );

  r.get(
    calls.path('power/last'),
    {
      schema: {
        tags,
        summary: 'The last power and energy reading of each lamp of a scope',
        params: projectParams,
        querystring: commonQuery.extend(powerQuery.shape),
        response: { 200: R.powerLast },
      },
    },
    async (req) => {
      await project(req);
      const { scope, id } = req.query;
      if (scope !== 'project' && !id)
        throw badRequest('validation.required', [{ field: 'id', key: 'validation.required' }]);
      return repo.lastOfScope(req.params.projectId, scope, id);
    },
  );

  r.get(
    calls.path('summary'),
    {
      schema: {
        tags,
        summary:
          'The lighting overview: lamps by state, lighting rate, faults by code, energy, energy saved by dimming',
        params: projectParams,
        querystring: commonQuery,
        response: { 200: R.overview },
      },
    },
    async (req) => {
      await project(req);
      return service.overview(req.params.projectId);
    },
  );
}
