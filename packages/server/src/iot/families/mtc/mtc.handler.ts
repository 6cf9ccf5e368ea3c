import {
  fromMtcTime,
  MTC_CIRCUIT_MASKS,
  MTC_EVENT_CODES,
  MTC_MODES,
  MTC_READINGS,
  MTC_VERSION_PATTERN,
  mtcManifest,
  type TelemetryMessage,
} from '@sc/contract';
import type { BatchWriter } from '../../batch-writer.js';
import type { DirectoryEntry } from '../../device-directory.js';
import type { FamilyHandler } from '../family-handler.js';
import { readingsStore, stateBatchTable } from '../kit/readings.js';
import { alarmsOf, circuitsOf } from './mtc.repository.js';
import { mtcRoutes } from './mtc.routes.js';
import { eventIntervalDefault, eventIntervals } from './mtc.service.js';
import { mtcState, mtcTelemetry } from './mtc.tables.js';

const store = readingsStore(mtcTelemetry, MTC_READINGS);
/** The batch table of mtc_readings (with its rollups). */
export const MTC_TABLE = store.batch;

/** mtc_state: the last report of each cabinet, replaced per batch. */
export const MTC_STATE_TABLE = stateBatchTable(mtcState);

const MASK_MAX = 2 ** 32 - 1;
const maskOf = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= MASK_MAX ? v : null);

/** `peripherals` arrives as JSON text (telemetry values are flat): an array of at most 64 objects. */
function peripheralsOf(v: unknown): unknown[] | null {
  if (typeof v !== 'string' || v.length > 16_000) return null;
  try {
    const parsed = JSON.parse(v) as unknown;
    return Array.isArray(parsed) ? parsed.slice(0, 64) : null;
  } catch {
    return null;
  }
}

/**
 * A cabinet's report (docs/device-protocol.md "Centralized controllers"): the readings go to
 * mtc_readings (with rollups), the masks, mode, clock, version and peripherals to mtc_state; the
 * consoles get the readings with the circuits and alarms spelled out.
 */
function telemetry(device: DirectoryEntry, message: TelemetryMessage, at: Date, writer: BatchWriter) {
  const values = message.values as Record<string, unknown>;
  const clean = store.telemetry(device, message, at, writer);
  const count =
    typeof values.circuitCount === 'number' && values.circuitCount >= 1 && values.circuitCount <= 32
      ? Math.floor(values.circuitCount)
      : null;
  const masks = MTC_CIRCUIT_MASKS.map((k) => maskOf(values[k]));
  const alarmStatus = maskOf(values.alarmStatus);
  const mode = (MTC_MODES as readonly unknown[]).includes(values.mode) ? (values.mode as string) : null;
  const deviceTime =
    typeof values.deviceTime === 'number' && Number.isFinite(values.deviceTime) ? fromMtcTime(values.deviceTime) : null;
  const version =
    typeof values.version === 'string' && MTC_VERSION_PATTERN.test(values.version) ? values.version : null;
  const peripherals = peripheralsOf(values.peripherals);
  writer.push(MTC_STATE_TABLE, [
    device.id,
    device.projectId,
    at,
    mode,
    count,
    ...masks,
    alarmStatus,
    clean,
    peripherals,
    deviceTime && !Number.isNaN(deviceTime.getTime()) ? deviceTime : null,
    version,
  ]);
  const row = Object.fromEntries(
    ['circuit_enable', 'circuit_setting', 'circuit_actual', 'circuit_active', 'circuit_cable_theft'].map((c, i) => [
      c,
      masks[i],
    ]),
  );
  return {
    ...clean,
    mode,
    version,
    deviceTime: deviceTime?.toISOString() ?? null,
    circuitCount: count,
    circuits: count ? circuitsOf(row, count) : [],
    alarms: alarmsOf(alarmStatus),
    peripherals,
  };
}

/**
 * The same-event minimum interval of a cabinet (its alarm config, else the system setting): a repeat of
 * an event (code and type) within it is neither stored nor sent on.
 */
const lastEvent = new Map<string, number>();
function acceptEvent(device: DirectoryEntry, code: string, type: string, at: Date): boolean {
  if (!(MTC_EVENT_CODES as readonly string[]).includes(code) || type === 'info') return true;
  const key = `${device.id}:${code}:${type}`;
  const seconds = eventIntervals.get(device.id) ?? eventIntervalDefault.seconds;
  const last = lastEvent.get(key);
  if (last !== undefined && at.getTime() - last < seconds * 1000 && at.getTime() >= last) return false;
  if (lastEvent.size > 100_000) lastEvent.clear();
  lastEvent.set(key, at.getTime());
  return true;
}

/** Centralized controllers (spec 001 §7 "mtc"). */
export const mtcFamily: FamilyHandler = {
  manifest: mtcManifest,
  telemetry,
  acceptEvent,
  routes: mtcRoutes,
  telemetryTables: mtcTelemetry.partitioned,
};
