import { WIFI_API, WIFI_COMMANDS, wifiManifest } from '@sc/contract/families/wifi';
import type { FastifyInstance } from 'fastify';
import { mountTable } from '../../../platform/endpoints/mount.js';
import type { FamilyContext } from '../family-handler.js';
import { deviceListHandler } from '../kit/device-list.js';
import { deviceHandlers, eventHandlers, familyDeviceOf } from '../kit/traits.js';
import { createWifiService } from './wifi.service.js';

/** Spec 001 §7 "wifi: realdata, logs, control": the traits' calls plus the list, latest report and log. */
export function wifiRoutes(app: FastifyInstance, ctx: FamilyContext): void {
  const wifi = createWifiService(ctx);
  const ap = familyDeviceOf(ctx, wifiManifest.type);
  mountTable(app, WIFI_API, {
    // realdata and control are sent on the command bus: offline 409, silent 504, operation log.
    ...deviceHandlers(ctx, wifiManifest, WIFI_COMMANDS, { events: false }),
    // The AP's log is its events (info level), paged like any family's.
    logs: eventHandlers(ctx, wifiManifest).events,
    page: deviceListHandler(ctx, wifi.page, (query) => ({ linkType: query.linkType })),
    latest: async (call) => wifi.latest(await ap(call)),
  });
}
