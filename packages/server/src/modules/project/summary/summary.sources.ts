import { envmonitorManifest } from '@sc/contract';
import { createEnvRepository } from '../../../iot/families/envmonitor/env.repository.js';
import { envTelemetry } from '../../../iot/families/envmonitor/env.tables.js';
import type { FamilyContext } from '../../../iot/families/family-handler.js';
import { createLightingOverview } from '../../../iot/families/lighting/lighting.overview.js';
import { createLightingRepository } from '../../../iot/families/lighting/lighting.repository.js';
import { lightingTelemetry } from '../../../iot/families/lighting/lighting.tables.js';
import { createMaintenanceRepository } from '../../maintenance/maintenance.repository.js';

/**
 * What the summary reads of the families that exist, through their own repositories and services (never
 * their tables): the lighting overview (lamps by state, lighting rate, energy), the lamps' and the
 * environment monitors' latest readings, the monitors of a project, the work orders by state.
 */
export function summarySources(ctx: FamilyContext) {
  const lighting = ctx.repository(createLightingRepository);
  const env = ctx.repository(createEnvRepository);
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
    maintenance: { countsOfTree: maintenance.countsOfTree, counts: maintenance.counts },
  };
}

export type SummarySources = ReturnType<typeof summarySources>;
