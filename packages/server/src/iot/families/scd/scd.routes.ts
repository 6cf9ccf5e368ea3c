import { SCD_API, SCD_COMMANDS, scdManifest } from '@sc/contract/families/scd';
import type { FastifyInstance } from 'fastify';
import { mountTable } from '../../../platform/endpoints/mount.js';
import type { FamilyContext } from '../family-handler.js';
import { deviceListHandler } from '../kit/device-list.js';
import { deviceHandlers, familyDeviceOf } from '../kit/traits.js';
import { createScdService } from './scd.service.js';

/** Spec 001 §7 "scd: realdata, last 24-hour events, paged events": the traits' calls plus list, latest and thresholds. */
export function scdRoutes(app: FastifyInstance, ctx: FamilyContext): void {
  const scd = createScdService(ctx);
  const bin = familyDeviceOf(ctx, scdManifest.type);
  mountTable(app, SCD_API, {
    ...deviceHandlers(ctx, scdManifest, SCD_COMMANDS),
    page: deviceListHandler(ctx, scd.page),
    map: async ({ session, params, query }) =>
      scd.map(await ctx.devices.reach(session, params.projectId, query.includeChildren)),
    latest: async (call) => scd.latest(await bin(call)),
    recentEvents: async (call) => scd.recentEvents(await bin(call)),
    config: async (call) => scd.config(await bin(call)),
    saveConfig: async (call) => scd.setConfig(call.actor, await bin(call), call.body),
  });
}
