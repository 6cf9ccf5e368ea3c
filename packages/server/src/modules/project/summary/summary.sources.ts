import { envmonitorManifest, wifiManifest } from '@sc/contract';
import { createEnvRepository } from '../../../iot/families/envmonitor/env.repository.js';
import { envTelemetry } from '../../../iot/families/envmonitor/env.tables.js';
import type { FamilyContext } from '../../../iot/families/family-handler.js';
import { createLightingOverview } from '../../../iot/families/lighting/lighting.overview.js';
import { createLightingRepository } from '../../../iot/families/lighting/lighting.repository.js';
import { lightingTelemetry } from '../../../iot/families/lighting/lighting.tables.js';
import { createWifiRepository } from '../../../iot/families/wifi/wifi.repository.js';
import { wifiTelemetry } from '../../../iot/families/wifi/wifi.tables.js';
import { createMaintenanceRepository } from '../../maintenance/maintenance.repository.js';

/**
 * What the summary reads of the families that exist, through their own repositories and services (never
 * their tables): the lighting overview (lamps by state, lighting rate, energy), the lamps' and the
 * environment monitors' and the WiFi access points' latest readings, the work orders by state.
 */
export function summarySources(ctx: FamilyContext) {
  const lighting = ctx.repository(createLightingRepository);
  const env = ctx.repository(createEnvRepository);
  const wifi = ctx.repository(createWifiRepository);
  const maintenance = ctx.repository(createMaintenanceRepository);
  return {
    devices: ctx.devices,
    lightingOverview: createLightingOverview(ctx, lighting),
    lamps: { source: lightingTelemetry.name, readings: lighting.readings },
    monitors: {
      type: envmonitorManifest.type,
      source: envTelemetry.name,
      readings: env.readings,
    },
    wifi: { type: wifiManifest.type, source: wifiTelemetry.name, readings: wifi.readings },
    maintenance: { countsOfTree: maintenance.countsOfTree, counts: maintenance.counts },
  };
}

export type SummarySources = ReturnType<typeof summarySources>;
