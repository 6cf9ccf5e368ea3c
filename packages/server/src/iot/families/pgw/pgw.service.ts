import { CHILD_POLICIES_COMMAND, type PageQuery, type ProjectTreeQuery, peerOf, pgwManifest } from '@sc/contract';
import {
  CARRIER_BANDS,
  fromWireSeconds,
  PGW_CONFIG,
  type PgwConfigBody,
  toWireSeconds,
} from '@sc/contract/families/pgw';
import { AppError } from '../../../platform/errors.js';
import { pageWindow, toPage } from '../../../platform/paging.js';
import type { Actor, FamilyContext, SessionContext } from '../family-handler.js';
import { childPoliciesLogged, childPoliciesOf } from '../kit/carried-schedules.js';
import { deviceFailed, saveDeviceSettings, tellDevice } from '../kit/device-commands.js';
import type { FamilyDevice } from '../kit/devices.repository.js';
import { familyDeviceGetter, familyReferences } from '../kit/family-service.js';
import { createPgwRepository, POWER_LINE_MODEL } from './pgw.repository.js';

const TYPE = pgwManifest.type;
const LAMP = peerOf(pgwManifest, 'lamp');

/** A gateway's configuration as stored in its type properties (defaults until it is set). */
export const configOf = (props: Record<string, unknown>) => ({
  relayLevels: typeof props.relayLevels === 'number' ? props.relayLevels : PGW_CONFIG.relayLevels.default,
  searchInterval: typeof props.searchInterval === 'number' ? props.searchInterval : PGW_CONFIG.searchInterval.default,
  carrierBand: props.carrierBand === 'wide' ? ('wide' as const) : ('narrow' as const),
});

const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** The gateway's `runtime` reply as the console reads it: its clock (UNIX seconds at UTC+8) as an ISO time. */
export function presentRuntime(result: unknown, readAt: Date) {
  const r = (result && typeof result === 'object' ? result : {}) as Record<string, unknown>;
  const wire = num(r.deviceTime);
  const deviceMs = wire === null ? null : fromWireSeconds(wire);
  const band = CARRIER_BANDS.find((b) => b === r.carrierBand);
  return {
    deviceTime: deviceMs === null ? null : new Date(deviceMs).toISOString(),
    clockOffsetSeconds: deviceMs === null ? null : Math.round((deviceMs - readAt.getTime()) / 1000),
    uptimeSeconds: num(r.uptime),
    firmware: typeof r.firmware === 'string' ? r.firmware : null,
    lamps: num(r.lamps),
    reachable: num(r.reachable),
    ...(num(r.relayLevels) !== null ? { relayLevels: num(r.relayLevels)! } : {}),
    ...(num(r.searchInterval) !== null ? { searchInterval: num(r.searchInterval)! } : {}),
    ...(band ? { carrierBand: band } : {}),
    readAt: readAt.toISOString(),
  };
}

/**
 * Power-line gateways (spec 001 §3, §7 "pgw"): the list with lamp counts, a gateway's lamp controllers
 * with their carrier signal, registering and unregistering them (every id checked against the caller's
 * project by the references checker; a lamp of another project is refused as one that does not exist),
 * the runtime read from the gateway, and its configuration (type properties, sent to the gateway).
 */
export function createPgwService(ctx: FamilyContext) {
  const repo = ctx.repository(createPgwRepository);
  const refs = familyReferences(ctx);

  const gateway = familyDeviceGetter(ctx, TYPE);

  /** Tells a connected gateway; offline or silent gateways learn it when they reconnect (`delivered: false`). */
  const tell = (actor: Actor, device: FamilyDevice, command: string, args: Record<string, unknown>) =>
    tellDevice(ctx, actor, device, command, args);

  /** The named lamp controllers, each of the path's project, a lamp controller and on the power line. */
  async function lampsNamed(session: SessionContext, projectId: number, ids: number[]) {
    const ref = { field: 'childIds', key: 'pgw.lampNotFound' };
    await refs.devices(session, ids, projectId, ref);
    const rows = await repo.lampsInfo(ids);
    for (const row of rows) {
      if (row.type !== LAMP) throw new AppError(400, 'VALIDATION', ref.key, undefined, [ref]);
      if (row.model !== null && row.model !== POWER_LINE_MODEL)
        throw new AppError(400, 'VALIDATION', 'pgw.notPowerLine', { device: row.name }, [
          { field: 'childIds', key: 'pgw.notPowerLine' },
        ]);
    }
    return rows;
  }

  /**
   * A gateway that comes back (heard from again after being offline, or first heard since this server
   * started: `whenOnline`) is sent, once, its stored configuration, then `removechildren` for the
   * lamps it may hold that are not registered behind it (unregistered while it was away), then
   * `addchildren` with every lamp registered behind it (one it holds already changes nothing), then
   * `childpolicies` with their policies: it ends up holding exactly the server's list and what each runs. The round stops at the first undelivered command.
   */
  const resender = ctx.iot.resendWhenOnline(TYPE, async (change) => {
    const stored = await repo.resendOf(change.id);
    if (!stored) return null;
    const commands: [string, Record<string, unknown>, Record<string, unknown>?][] = [
      ['config', configOf(stored.target.props)],
    ];
    if (stored.stale.length) commands.push(['removechildren', { devices: stored.stale }]);
    if (stored.lamps.length) {
      commands.push(['addchildren', { devices: stored.lamps }]);
      const policies = await childPoliciesOf(ctx, stored.target, LAMP);
      commands.push([CHILD_POLICIES_COMMAND, policies, childPoliciesLogged(policies)]);
    }
    return { target: stored.target, commands, done: () => repo.deleteLinks(change.id, stored.stale) };
  });

  return {
    resender,

    async gateways(session: SessionContext, projectId: number, query: PageQuery & ProjectTreeQuery) {
      const reach = await ctx.devices.reach(session, projectId, query.includeChildren);
      const window = pageWindow(query, await ctx.settings.get('pageSize'));
      const { rows, total } = await repo.gatewaysPage(reach, query.keyword, window.limit, window.offset);
      return toPage(rows, total, window);
    },

    lamps: async (session: SessionContext, projectId: number, id: number) =>
      repo.lampsOf((await gateway(session, projectId, id)).id),

    async lampOptions(session: SessionContext, projectId: number, id: number) {
      await gateway(session, projectId, id);
      return repo.lampOptions(projectId);
    },

    /** Registers lamp controllers behind the gateway; one already behind another carrier is refused (409). */
    async addLamps(actor: Actor, projectId: number, id: number, childIds: number[]) {
      const gw = await gateway(actor.session, projectId, id);
      const rows = await lampsNamed(actor.session, projectId, childIds);
      const taken = rows.find((r) => r.parentId !== null && r.parentId !== gw.id);
      if (taken)
        throw new AppError(409, 'CONFLICT', 'pgw.lampTaken', { device: taken.name, gateway: taken.parentName ?? '' }, [
          { field: 'childIds', key: 'pgw.lampTaken' },
        ]);
      const added = rows.filter((r) => r.parentId !== gw.id);
      if (added.length > 0) {
        await repo.setParent(
          added.map((r) => r.id),
          gw.id,
        );
        for (const r of added) ctx.iot.directory.forget(r.id);
        ctx.iot.directory.forget(gw.id);
        await ctx.audit.manage(actor, {
          action: 'update',
          entity: 'device',
          entityId: gw.id,
          summary: `${gw.name} register lamps`,
          changes: { lamps: { from: null, to: added.map((r) => r.name).join(', ') } },
        });
      }
      const delivered = await tell(actor, gw, 'addchildren', {
        devices: added.map((r) => r.equipmentId).filter(Boolean),
      });
      return { changed: added.length, delivered };
    },

    /** Unregisters lamp controllers of the gateway; an id not behind it is refused and nothing changes. */
    async removeLamps(actor: Actor, projectId: number, id: number, childIds: number[]) {
      const gw = await gateway(actor.session, projectId, id);
      const rows = await lampsNamed(actor.session, projectId, childIds);
      if (rows.some((r) => r.parentId !== gw.id))
        throw new AppError(400, 'VALIDATION', 'pgw.notChild', undefined, [{ field: 'childIds', key: 'pgw.notChild' }]);
      await repo.setParent(
        rows.map((r) => r.id),
        null,
      );
      const equipmentIds = rows.map((r) => r.equipmentId).filter((e): e is string => !!e);
      for (const r of rows) ctx.iot.directory.forget(r.id);
      ctx.iot.directory.forget(gw.id);
      await ctx.audit.manage(actor, {
        action: 'update',
        entity: 'device',
        entityId: gw.id,
        summary: `${gw.name} unregister lamps`,
        changes: { lamps: { from: rows.map((r) => r.name).join(', '), to: null } },
      });
      const delivered = await tell(actor, gw, 'removechildren', { devices: equipmentIds });
      // Their links go once the gateway is told; until then they say what it still holds (`resender`).
      if (delivered) await repo.deleteLinks(gw.id, equipmentIds);
      return { changed: rows.length, delivered };
    },

    /** Asks the gateway (offline 409, silent 504, refused 502: the bus's and the kit's localised answers). */
    async runtime(actor: Actor, projectId: number, id: number) {
      const gw = await gateway(actor.session, projectId, id);
      const outcome = await ctx.iot.bus.send(actor, gw, 'runtime', {});
      if (!outcome.ok) throw deviceFailed(outcome.error ?? 'runtime');
      return presentRuntime(outcome.result, new Date());
    },

    config: async (session: SessionContext, projectId: number, id: number) =>
      configOf((await gateway(session, projectId, id)).props),

    /** Stores the configuration in the type properties, logs the change and sends it to a connected gateway. */
    async setConfig(actor: Actor, projectId: number, id: number, body: PgwConfigBody) {
      return saveDeviceSettings(ctx, actor, await gateway(actor.session, projectId, id), body, configOf);
    },

    /** What `correcttime` carries: the server's time as the gateway's clock keeps it. */
    correcttimeArgs: () => ({ time: toWireSeconds(Date.now()) }),
  };
}

export type PgwService = ReturnType<typeof createPgwService>;
