import { LIGHTING_READINGS, lightingManifest, type TelemetryMessage } from '@sc/contract';
import type { BatchWriter } from '../../batch-writer.js';
import type { DirectoryEntry } from '../../device-directory.js';
import type { FamilyHandler } from '../family-handler.js';
import { readingsStore, stateBatchTable } from '../kit/readings.js';
import { lightingRoutes } from './lighting.routes.js';
import { lightingState, lightingTelemetry } from './lighting.tables.js';

const store = readingsStore(lightingTelemetry, LIGHTING_READINGS);
/** The batch table of lighting_readings (with its rollups). */
export const LIGHTING_TABLE = store.batch;

/** lighting_state: the last report of each lamp, replaced per batch. */
export const LIGHTING_STATE_TABLE = stateBatchTable(lightingState);

const RUN_STATUS: Record<string, number> = { normal: 0, alert: 1, error: 2 };

/**
 * A lamp's report as numbers: power status and run status may come as words (`true`, `'error'`); the
 * energy dimming saved is computed when the lamp does not send it (energy × (100 / level − 1)).
 */
export function lampValues(values: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...values };
  if (typeof out.on === 'boolean') out.on = out.on ? 1 : 0;
  if (typeof out.runStatus === 'string') out.runStatus = RUN_STATUS[out.runStatus] ?? null;
  const energy = out.energy;
  const level = out.level;
  if (out.energySaved === undefined && typeof energy === 'number' && typeof level === 'number')
    out.energySaved = level > 0 && level < 100 ? energy * (100 / level - 1) : 0;
  return out;
}

function telemetry(device: DirectoryEntry, message: TelemetryMessage, at: Date, writer: BatchWriter) {
  const values = lampValues(message.values as Record<string, unknown>);
  const clean = store.telemetry(device, { ...message, values } as TelemetryMessage, at, writer);
  const text = (v: unknown, max: number) => (typeof v === 'string' ? v.slice(0, max) : null);
  writer.push(LIGHTING_STATE_TABLE, [
    device.id,
    device.projectId,
    at,
    clean.on,
    clean.level,
    clean.runStatus,
    clean.voltage,
    clean.current,
    clean.activePower,
    clean.dailyEnergy,
    clean.energyTotal,
    text(values.deviceTime, 32),
    text(values.raw, 2000),
  ]);
  return { ...clean, deviceTime: text(values.deviceTime, 32) };
}

/** Lamp controllers (spec 001 §7 "lighting"). */
export const lightingFamily: FamilyHandler = {
  manifest: lightingManifest,
  telemetry,
  routes: lightingRoutes,
  telemetryTables: lightingTelemetry.partitioned,
};
