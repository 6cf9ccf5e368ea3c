import { WIFI_API, WIFI_COMMANDS, wifiManifest } from '@sc/contract/families/wifi';
import type { FastifyInstance } from 'fastify';
import { mountTable } from '../../../platform/endpoints/mount.js';
import type { FamilyContext } from '../family-handler.js';
import { listHandler } from '../kit/device-list.js';
import { commandHandlers, eventHandlers, familyDeviceOf, registrationHandlers } from '../kit/traits.js';
import { createWifiService } from './wifi.service.js';

/** Spec 001 §7 "wifi: realdata, logs, control": the traits' calls plus the list, latest report and log. */
export function wifiRoutes(app: FastifyInstance, ctx: FamilyContext): void {
  const wifi = createWifiService(ctx);
  const ap = familyDeviceOf(ctx, wifiManifest.type);
  mountTable(app, WIFI_API, {
    ...registrationHandlers(ctx, wifiManifest),
    // realdata and control are sent on the command bus: offline 409, silent 504, operation log.
    ...commandHandlers(ctx, wifiManifest, WIFI_COMMANDS),
    // The AP's log is its events (info level), paged like any family's.
    logs: eventHandlers(ctx, wifiManifest).events,
    page: listHandler(ctx, (project, query, window) =>
      wifi.page(project, { words: query.keyword, activeState: query.activeState, linkType: query.linkType }, window),
    ),
    latest: async (call) => wifi.latest(await ap(call)),
  });
}
