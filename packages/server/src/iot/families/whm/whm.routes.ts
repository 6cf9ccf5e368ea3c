import { WHM_API, WHM_COMMANDS, whmManifest } from '@sc/contract/families/whm';
import type { FastifyInstance } from 'fastify';
import { mountTable } from '../../../platform/endpoints/mount.js';
import type { FamilyContext } from '../family-handler.js';
import { listHandler } from '../kit/device-list.js';
import { deviceHandlers, familyDeviceOf, readingsHandlers, totalsHandlers } from '../kit/traits.js';
import { createWhmService } from './whm.service.js';

/** Spec 001 §7 "whm: config, realdata, inuse, logs": the traits' calls plus the list, config and in-use flag. */
export function whmRoutes(app: FastifyInstance, ctx: FamilyContext): void {
  const whm = createWhmService(ctx);
  const meter = familyDeviceOf(ctx, whmManifest.type);
  mountTable(app, WHM_API, {
    ...deviceHandlers(ctx, whmManifest, WHM_COMMANDS),
    ...readingsHandlers(ctx, whmManifest, whm.readings, { csvName: 'readings' }),
    ...totalsHandlers(ctx, whmManifest, whm.readings),
    page: listHandler(ctx, (project, query, window) =>
      whm.page(project, { words: query.keyword, inUse: query.inUse }, window),
    ),
    config: async (call) => whm.config(await meter(call)),
    saveConfig: async (call) => whm.setConfig(call.actor, await meter(call), call.body),
    setInUse: async (call) => whm.setInUse(call.actor, await meter(call), call.body.inUse),
  });
}
