import type { TelemetryMessage } from '@sc/contract';
import { LED_READINGS, ledManifest } from '@sc/contract/families/led';
import type { BatchWriter } from '../../batch-writer.js';
import type { DirectoryEntry } from '../../device-directory.js';
import type { FamilyHandler } from '../family-handler.js';
import { cleanReadings, stateBatchTable } from '../kit/readings.js';
import { ledRoutes } from './led.routes.js';
import { ledState } from './led.tables.js';

/** led_state: the last report of each screen, replaced per batch. */
const LED_STATE_TABLE = stateBatchTable(ledState);

/**
 * A screen's report: brightness, volume and power (true/false or 1/0) within their ranges, and what it
 * plays (`playing`, at most 128 characters); kept as its latest state and pushed to the consoles.
 */
export function screenValues(values: Record<string, unknown>) {
  const power = typeof values.power === 'boolean' ? Number(values.power) : values.power;
  const clean = cleanReadings(LED_READINGS, { ...values, power });
  const playing = typeof values.playing === 'string' ? values.playing.slice(0, 128) : null;
  return { brightness: clean.brightness ?? null, volume: clean.volume ?? null, power: clean.power ?? null, playing };
}

function telemetry(device: DirectoryEntry, message: TelemetryMessage, at: Date, writer: BatchWriter) {
  const v = screenValues(message.values);
  writer.push(LED_STATE_TABLE, [device.id, device.projectId, at, v.brightness, v.volume, v.power, v.playing]);
  return v;
}

/** LED screens (spec 001 §3 "LED"): their runtime reports, control and media resources. */
export const ledFamily: FamilyHandler = { manifest: ledManifest, telemetry, routes: ledRoutes };
