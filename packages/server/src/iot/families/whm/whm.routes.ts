import { WHM_API, WHM_COMMANDS, whmManifest } from '@sc/contract/families/whm';
import type { FastifyInstance } from 'fastify';
import { mountTable } from '../../../platform/endpoints/mount.js';
import type { FamilyContext } from '../family-handler.js';
import { listHandler } from '../kit/device-list.js';
import {
  commandHandlers,
  deviceOf,
  eventHandlers,
  readingsHandlers,
  registrationHandlers,
  totalsHandlers,
} from '../kit/traits.js';
import { createWhmService } from './whm.service.js';

const manifest = whmManifest;

/** Spec 001 §7 "whm: config, realdata, inuse, logs": the traits' calls plus the list, config and in-use flag. */
export function whmRoutes(app: FastifyInstance, ctx: FamilyContext): void {
  const whm = createWhmService(ctx);
  const meter = (call: Parameters<typeof deviceOf>[2]) => deviceOf(ctx, manifest.type, call);
  mountTable(app, WHM_API, {
    ...registrationHandlers(ctx, manifest),
    ...commandHandlers(ctx, manifest, WHM_COMMANDS),
    ...eventHandlers(ctx, manifest),
    ...readingsHandlers(ctx, manifest, whm.readings, { csvName: 'readings' }),
    ...totalsHandlers(ctx, manifest, whm.readings),
    page: listHandler(ctx, (project, query, window) =>
      whm.page(project, { words: query.keyword, inUse: query.inUse }, window),
    ),
    config: async (call) => whm.config(await meter(call)),
    saveConfig: async (call) => whm.setConfig(call.actor, await meter(call), call.body),
    setInUse: async (call) => whm.setInUse(call.actor, await meter(call), call.body.inUse),
  });
}
