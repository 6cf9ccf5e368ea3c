import { WIFI_API, WIFI_COMMANDS, wifiManifest } from '@sc/contract/families/wifi';
import type { FastifyInstance } from 'fastify';
import { mountTable } from '../../../platform/endpoints/mount.js';
import { pageWindow, toPage } from '../../../platform/paging.js';
import type { FamilyContext } from '../family-handler.js';
import { commandHandlers, deviceOf, eventHandlers, registrationHandlers } from '../kit/traits.js';
import { createWifiService } from './wifi.service.js';

const manifest = wifiManifest;

/** Spec 001 §7 "wifi: realdata, logs, control": the traits' calls plus the list, latest report and log. */
export function wifiRoutes(app: FastifyInstance, ctx: FamilyContext): void {
  const wifi = createWifiService(ctx);
  const ap = (call: Parameters<typeof deviceOf>[2]) => deviceOf(ctx, manifest.type, call);
  mountTable(app, WIFI_API, {
    ...registrationHandlers(ctx, manifest),
    // realdata and control are sent on the command bus: offline 409, silent 504, operation log.
    ...commandHandlers(ctx, manifest, WIFI_COMMANDS),
    // The AP's log is its events (info level), paged like any family's.
    logs: eventHandlers(ctx, manifest).events,
    page: async ({ session, params, query }) => {
      const project = await ctx.devices.reach(session, params.projectId, query.includeChildren);
      const window = pageWindow(query, await ctx.settings.get('pageSize'));
      const filter = { words: query.keyword, activeState: query.activeState, linkType: query.linkType };
      const { rows, total } = await wifi.page(project, filter, window);
      return toPage(rows, total, window);
    },
    latest: async (call) => wifi.latest(await ap(call)),
  });
}
