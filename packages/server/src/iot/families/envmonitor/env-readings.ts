import { ENV_READINGS } from '@sc/contract';
import { envTelemetry } from '../../../db/schema/index.js';
import type { BatchTable } from '../../batch-writer.js';
import { rollupTarget } from '../../telemetry/rollups.js';

/** Reading keys in column order, with their table column names. */
export const ENV_KEYS = ENV_READINGS.map((r) => r.key);
const column = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

export const ENV_TABLE: BatchTable = {
  name: 'env_readings',
  columns: [
    { name: 'device_id', type: 'int4' },
    { name: 'project_id', type: 'int4' },
    { name: 'at', type: 'timestamptz' },
    ...ENV_KEYS.map((key) => ({ name: column(key), type: 'float4' as const })),
  ],
  rollups: rollupTarget(envTelemetry),
};

/** A reading outside its plausible range is a sensor fault, not weather: it is kept out (null). */
export function cleanReadings(values: Record<string, unknown>): Record<string, number | null> {
  const out: Record<string, number | null> = {};
  for (const r of ENV_READINGS) {
    const v = values[r.key];
    out[r.key] = typeof v === 'number' && Number.isFinite(v) && v >= r.min && v <= r.max ? v : null;
  }
  return out;
}
