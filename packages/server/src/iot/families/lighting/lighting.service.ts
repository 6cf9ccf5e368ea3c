import {
  type alarmConfigResponse,
  type configResponse,
  LIGHTING_ALARM_DEFAULT,
  LIGHTING_CONFIG_DEFAULT,
  type LightingAlarmConfig,
  type LightingBatchBody,
  type LightingConfig,
  type lightingCommandArgs,
  type lightingListFilter,
  lightingManifest,
  type PageQuery,
  type ProjectTreeQuery,
} from '@sc/contract';
import type { z } from 'zod';
import { pageWindow, toPage } from '../../../platform/paging.js';
import type { Actor, FamilyContext, SessionContext } from '../family-handler.js';
import { sendCommand, tellDevice } from '../kit/device-commands.js';
import { createLightingBatches, deviceArgs } from './lighting.batches.js';
import { createLightingGroups } from './lighting.groups.js';
import { createLightingOverview } from './lighting.overview.js';
import { createLightingPolicies, noPolicy, policyDefinition } from './lighting.policies.js';
import type { LampTarget, LightingRepository } from './lighting.repository.js';

/** A lamp's stored settings of each kind: the configuration or the alarm thresholds, as answered. */
type ConfigKind = 'config' | 'alarmconfig';
type ConfigAnswer<K extends ConfigKind> = z.input<
  K extends 'config' ? typeof configResponse : typeof alarmConfigResponse
>;
type ConfigValue<K extends ConfigKind> = K extends 'config' ? LightingConfig : LightingAlarmConfig;

export { BATCH_CONCURRENCY, deviceArgs, type LampResult } from './lighting.batches.js';

const manifest = lightingManifest;

type Polygon = readonly (readonly [number, number])[];
type CommandBody = { command: string; args: Record<string, unknown> };
/** A drawn area, and whether the map it was drawn on shows the child projects' lamps. */
type AreaBody = { polygon: Polygon; includeChildren: boolean };

/**
 * The lighting family's rules (spec 001 §7 "lighting"): one lamp (commands the server keeps a trace
 * of, realdata, configuration, location, its policies), the list and the map, batch and area commands;
 * policies, LCU groups and the overview in their own files, composed here.
 */
export function createLightingService(ctx: FamilyContext, repo: LightingRepository) {
  const batches = createLightingBatches(ctx, repo);
  const policies = createLightingPolicies(ctx, repo, batches);
  const groups = createLightingGroups(ctx, repo, batches);
  const overview = createLightingOverview(ctx, repo);

  const lamp = (session: SessionContext, projectId: number, id: number) =>
    ctx.devices.get(session, projectId, id, manifest.type);
  const project = (session: SessionContext, projectId: number) => ctx.devices.project(session, projectId);

  /** Sends a command and awaits the lamp's answer (409 "no policy", 502 when the lamp refused). */
  const send = async (
    actor: Actor,
    target: LampTarget | Awaited<ReturnType<typeof lamp>>,
    command: string,
    args: Record<string, unknown>,
  ) => sendCommand(ctx, actor, target, command, args, (error) => (error === 'NO_POLICY' ? noPolicy() : undefined));
  /** Tells a connected lamp; answers whether it was told (an offline lamp learns it later). */
  const tell = async (
    actor: Actor,
    target: Awaited<ReturnType<typeof lamp>>,
    command: string,
    args: Record<string, unknown>,
  ) => tellDevice(ctx, actor, target, command, args);

  return {
    policies,
    groups,
    overview,
    batches,
    policyDefinition,
    /** Waits for the batches this instance runs (tests, shutdown). */
    settled: batches.settled,
    /** Forgets the cached energy of the projects (after tests write readings). */
    forgetEnergy: overview.forgetEnergy,

    // ── One lamp

    /** Resets a lamp: unusable for the given 1-12 hours (kept to warn the operator). */
    async reset(actor: Actor, projectId: number, id: number, hours: number) {
      const target = await lamp(actor.session, projectId, id);
      const answer = await send(actor, target, 'reset', { hours });
      await repo.saveSettings(target.id, target.projectId, { unusableUntil: new Date(Date.now() + hours * 3_600_000) });
      return answer;
    },

    /** Sets the run and policy modes (policy mode "policy" needs a policy in use) and keeps them. */
    async runmode(actor: Actor, projectId: number, id: number, body: z.infer<typeof lightingCommandArgs.runmode>) {
      const target = await lamp(actor.session, projectId, id);
      if (body.policyMode === 'policy') {
        const list = (await repo.policiesOf([target.id])).get(target.id) ?? [];
        if (!list.some((p) => p.inUse)) throw noPolicy();
      }
      const answer = await send(actor, target, 'runmode', body);
      await repo.saveSettings(target.id, target.projectId, { runMode: body.runMode, policyMode: body.policyMode });
      return answer;
    },

    /** Sets the lamp's clock to the server's time. */
    async correcttime(actor: Actor, projectId: number, id: number) {
      return send(actor, await lamp(actor.session, projectId, id), 'correcttime', deviceArgs('correcttime', {}));
    },

    /** The lamp's last report (every runtime value, device time, raw message) without asking it. */
    async realdata(session: SessionContext, projectId: number, id: number) {
      // Read beside the check of the caller's scope, not after it (one round trip while devices keep the
      // database busy); nothing read is answered unless the check passes.
      const [target, row, settings, last] = await Promise.all([
        lamp(session, projectId, id),
        repo.lamp(null, id),
        repo.settings(id),
        repo.readings.lastOf([id], 1),
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

    /** The lamp's configuration or alarm thresholds: what was stored over the defaults. */
    async config<K extends ConfigKind>(
      session: SessionContext,
      projectId: number,
      id: number,
      kind: K,
    ): Promise<ConfigAnswer<K>> {
      const target = await lamp(session, projectId, id);
      const isConfig = kind === 'config';
      const s = await repo.settings(target.id);
      const stored = isConfig ? s?.config : s?.alarmConfig;
      const at = isConfig ? s?.configAt : s?.alarmAt;
      const fallback = isConfig
        ? {
            ...LIGHTING_CONFIG_DEFAULT,
            ratedPower: Number(target.props.ratedPower ?? LIGHTING_CONFIG_DEFAULT.ratedPower),
          }
        : LIGHTING_ALARM_DEFAULT;
      // What was stored was checked by the kind's body schema when saved.
      return {
        ...fallback,
        ...(stored ?? {}),
        updatedAt: at?.toISOString() ?? null,
        delivered: false,
      } as ConfigAnswer<K>;
    },

    /** Stores the configuration or alarm thresholds and sends them (delivered: whether it was connected). */
    async saveConfig<K extends ConfigKind>(
      actor: Actor,
      projectId: number,
      id: number,
      kind: K,
      value: ConfigValue<K>,
    ) {
      const target = await lamp(actor.session, projectId, id);
      await repo.saveSettings(
        target.id,
        target.projectId,
        kind === 'config' ? { config: value } : { alarmConfig: value },
      );
      const delivered = await tell(actor, target, kind, value);
      return { ...value, updatedAt: new Date().toISOString(), delivered };
    },

    /** Sets the lamp's coordinates (its astronomical times follow them). */
    async setLocation(session: SessionContext, projectId: number, id: number, place: { lng: number; lat: number }) {
      const target = await lamp(session, projectId, id);
      await repo.setLocation(target.id, place.lng, place.lat);
      return { id: target.id, lng: place.lng, lat: place.lat };
    },

    /** The policies a lamp runs. */
    async lampPolicies(session: SessionContext, projectId: number, id: number) {
      const target = await lamp(session, projectId, id);
      return (await repo.policiesOf([target.id])).get(target.id) ?? [];
    },

    /** Sends the lamp its policies in use (it runs them on its own clock). */
    async policydef(actor: Actor, projectId: number, id: number) {
      const target = await lamp(actor.session, projectId, id);
      const row = await repo.lamp(target.projectId, target.id);
      const list = (await repo.policiesOf([target.id])).get(target.id) ?? [];
      if (!list.some((p) => p.inUse)) throw noPolicy();
      const timezone = await ctx.settings.get('timezone');
      return send(
        actor,
        target,
        'policydef',
        policyDefinition(list, timezone, { lng: row?.lng ?? null, lat: row?.lat ?? null }),
      );
    },

    // ── Lists

    /** A page of lamps with their live values. */
    async page(
      session: SessionContext,
      projectId: number,
      query: PageQuery & z.infer<typeof lightingListFilter> & ProjectTreeQuery,
    ) {
      const reach = await ctx.devices.reach(session, projectId, query.includeChildren);
      const window = pageWindow(query, await ctx.settings.get('pageSize'));
      const { rows, total } = await repo.lampPage(reach, query, window.limit, window.offset);
      return toPage(rows, total, window);
    },

    /** Every lamp of the project (or of its subtree) with coordinates and state, for the map. */
    async map(session: SessionContext, projectId: number, includeChildren = false) {
      return repo.map(await ctx.devices.reach(session, projectId, includeChildren));
    },

    // ── Batches and the area

    /** A command to lamps by id and LCU group, as a batch. */
    async batch(actor: Actor, projectId: number, body: LightingBatchBody) {
      await project(actor.session, projectId);
      const targets = await batches.targets(projectId, body.lampIds, body.groupIds);
      return batches.command(actor, projectId, body.command, body.args, targets);
    },

    /** A batch's status, in JSON as the call sends it. */
    async batchStatus(session: SessionContext, projectId: number, batchId: string) {
      await project(session, projectId);
      return batches.statusJson(projectId, batchId);
    },

    /** The lamps inside a polygon drawn on the map (with `includeChildren`, the child projects' too). */
    async areaLamps(session: SessionContext, projectId: number, body: AreaBody) {
      return repo.inPolygon(await ctx.devices.reach(session, projectId, body.includeChildren), body.polygon);
    },

    /** A command to every lamp inside a polygon (the lamps area/lamps answers), as a batch. */
    async areaCommand(actor: Actor, projectId: number, body: CommandBody & AreaBody) {
      const reach = await ctx.devices.reach(actor.session, projectId, body.includeChildren);
      const inside = await repo.inPolygon(reach, body.polygon);
      const targets = await batches.targets(
        projectId,
        inside.map((l) => l.id),
        [],
      );
      return batches.command(actor, projectId, body.command, body.args, targets);
    },
  };
}

export type LightingService = ReturnType<typeof createLightingService>;
