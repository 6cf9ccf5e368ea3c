import { envTelemetry } from '../../../db/schema/index.js';
import type { FamilyHandler } from '../family-handler.js';
import { envRoutes } from './env.routes.js';
import { cleanReadings, ENV_KEYS, ENV_TABLE } from './env-readings.js';

/** Environment monitors (spec 001 §3 "Environment data"): readings into env_readings. */
export const envMonitorFamily: FamilyHandler = {
  type: 'envmonitor',
  telemetry(device, message, at, writer) {
    const values = cleanReadings(message.values);
    writer.push(ENV_TABLE, [device.id, device.projectId, at, ...ENV_KEYS.map((k) => values[k])]);
    return values;
  },
  routes: envRoutes,
  telemetryTables: envTelemetry.partitioned,
};
