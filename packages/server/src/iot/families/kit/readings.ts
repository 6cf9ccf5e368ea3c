import type { FamilyManifest, FamilyReading, TelemetryMessage } from '@sc/contract';
import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
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

type BatchType = BatchTable['columns'][number]['type'];
const BATCH_TYPES: Record<string, BatchType> = {
  integer: 'int4',
  bigint: 'int8',
  real: 'float4',
  'double precision': 'float8',
  'timestamp with time zone': 'timestamptz',
  text: 'text',
  jsonb: 'jsonb',
  boolean: 'bool',
};

/**
 * The batch writer's view of a latest-state table (`lighting_state`-like, declared in the family's
 * `.tables.ts`): its columns in their order, typed as declared (a varchar is sent as text), replaced
 * per batch on its primary key. A row pushed to it lists the values in the columns' order.
 */
export function stateBatchTable(table: PgTable): BatchTable {
  const config = getTableConfig(table);
  const columns = config.columns.map((c) => {
    const sqlType = c.getSQLType();
    const type = sqlType.startsWith('varchar') ? 'text' : BATCH_TYPES[sqlType];
    if (!type) throw new Error(`${config.name}.${c.name}: no batch type for ${sqlType}`);
    return { name: c.name, type };
  });
  const key = config.primaryKeys[0]?.columns ?? config.columns.filter((c) => c.primary);
  // Every latest-state table has its report time `at`: an older row never replaces a newer one.
  const newerBy = columns.some((c) => c.name === 'at' && c.type === 'timestamptz') ? 'at' : undefined;
  return { name: config.name, columns, upsert: key.map((c) => c.name), ...(newerBy ? { newerBy } : {}) };
}
