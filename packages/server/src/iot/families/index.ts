import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import type { AuditService } from '../../modules/logs/audit.service.js';
import type { SettingsService } from '../../modules/system/settings.service.js';
import type { IotRuntime } from '../runtime.js';
import { cameraFamily } from './camera/camera.handler.js';
import { dvrFamily } from './dvr/dvr.handler.js';
import { eceFamily } from './ece/ece.handler.js';
import { envMonitorFamily } from './envmonitor/env.handler.js';
import type { FamilyHandler } from './family-handler.js';
import { gatewayFamily } from './gateway/gateway.handler.js';
import { illumFamily } from './illum/illum.handler.js';
import { createFamilyContext } from './kit/context.js';
import { liveVideoRoutes } from './kit/live-video.js';
import { ledFamily } from './led/led.handler.js';
import { lightingFamily } from './lighting/lighting.handler.js';
import { mtcFamily } from './mtc/mtc.handler.js';
import { nscFamily } from './nsc/nsc.handler.js';
import { pgwFamily } from './pgw/pgw.handler.js';
import { scdFamily } from './scd/scd.handler.js';
import { whmFamily } from './whm/whm.handler.js';
import { wifiFamily } from './wifi/wifi.handler.js';

/** The device families the server knows beyond the generic protocol; one entry per folder. */
export const FAMILY_HANDLERS: readonly FamilyHandler[] = [
  gatewayFamily,
  envMonitorFamily,
  lightingFamily,
  whmFamily,
  illumFamily,
  mtcFamily,
  pgwFamily,
  scdFamily,
  wifiFamily,
  ledFamily,
  nscFamily,
  cameraFamily,
  dvrFamily,
  eceFamily,
];

/** Registers every family's calls, each with the family context (services, never the raw database). */
export function registerFamilyRoutes(
  app: FastifyInstance,
  families: readonly FamilyHandler[],
  deps: Parameters<typeof createFamilyContext>[0],
): void {
  const ctx = createFamilyContext(deps);
  for (const family of families) family.routes?.(app, ctx);
  // The kit's own calls, answered with what the families provided.
  liveVideoRoutes(app, ctx);
}
