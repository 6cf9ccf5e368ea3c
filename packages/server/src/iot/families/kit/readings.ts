import type { FamilyManifest, FamilyReading, TelemetryMessage } from '@sc/contract';
import type { BatchTable, BatchWriter } from '../../batch-writer.js';
import type { DirectoryEntry } from '../../device-directory.js';
import { rollupTarget } from '../../telemetry/rollups.js';
import { columnName, type TimePartitioned } from '../../telemetry/tables.js';
import type { FamilyHandler } from '../family-handler.js';

/** A reading outside its plausible range is a sensor fault, not weather: it is kept out (null). */
export function cleanReadings(
  readings: readonly FamilyReading[],
  values: Record<string, unknown>,
): Record<string, number | null> {
  const out: Record<string, number | null> = {};
  for (const r of readings) {
    const v = values[r.key];
    out[r.key] = typeof v === 'number' && Number.isFinite(v) && v >= r.min && v <= r.max ? v : null;
  }
  return out;
}

/**
 * The telemetry handler of a family whose readings go to its readings table: the batch table (column
 * order of the manifest's readings) and the store step, written once for every family.
 */
export function readingsStore(tables: { name: string }, readings: readonly FamilyReading[]) {
  // The same statement keeps the latest values and marks the hours stored; the rollup job folds them
  // into the hourly and daily rollups (`<name>_hourly`, `<name>_daily`) and the project's daily totals.
  const keys = readings.map((r) => r.key);
  // A register is sent at double precision all the way (single would round 1,234,567.89 to 1,234,568).
  const batch: BatchTable = {
    name: tables.name,
    columns: [
      { name: 'device_id', type: 'int4' },
      { name: 'project_id', type: 'int4' },
      { name: 'at', type: 'timestamptz' },
      ...readings.map((r) => ({
        name: columnName(r.key),
        type: r.register ? ('float8' as const) : ('float4' as const),
      })),
    ],
    rollups: rollupTarget({ name: tables.name, readings }),
  };
  return {
    batch,
    telemetry(device: DirectoryEntry, message: TelemetryMessage, at: Date, writer: BatchWriter) {
      const values = cleanReadings(readings, message.values);
      writer.push(batch, [device.id, device.projectId, at, ...keys.map((k) => values[k])]);
      return values;
    },
  };
}

/**
 * A family whose telemetry is its readings (`readingsStore`): its manifest, its readings tables
 * (partitions, retention and rollups kept for them) and its calls.
 */
export function readingsFamily(
  manifest: FamilyManifest,
  tables: { name: string; partitioned: readonly TimePartitioned[] },
  routes: FamilyHandler['routes'],
): FamilyHandler {
  const store = readingsStore(tables, manifest.readings);
  return { manifest, telemetry: store.telemetry, routes, telemetryTables: tables.partitioned };
}
