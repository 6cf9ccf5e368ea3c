import { nscManifest, type TelemetryMessage } from '@sc/contract';
import { liveReportOf, vodReportOf } from '@sc/contract/families/nsc';
import type { BatchWriter } from '../../batch-writer.js';
import type { DirectoryEntry } from '../../device-directory.js';
import type { FamilyHandler } from '../family-handler.js';
import { stateBatchTable } from '../kit/readings.js';
import { nscRoutes } from './nsc.routes.js';
import { nscState } from './nsc.tables.js';

/** nsc_state: the last report of each speaker, replaced per batch. */
const STATE_TABLE = stateBatchTable(nscState);

const text = (v: unknown, max: number) => (typeof v === 'string' && v !== '' ? v.slice(0, max) : null);
const volumeOf = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= 100 ? v : null);

/**
 * A speaker's report (docs/device-protocol.md "Network speakers"): volume, status (idle or playing),
 * what it plays and its version, kept as its latest state and pushed to the consoles; while it plays a live
 * broadcast, its level and delay (`live`), and its on-demand task (`vod`) and position, pushed only.
 */
function telemetry(device: DirectoryEntry, message: TelemetryMessage, at: Date, writer: BatchWriter) {
  const v = message.values;
  const status = v.status === 'playing' ? 'playing' : v.status === 'idle' ? 'idle' : null;
  const values = {
    volume: volumeOf(v.volume),
    status,
    playing: status === 'playing' ? text(v.playing, 255) : null,
    version: text(v.version, 32),
  };
  writer.push(STATE_TABLE, [
    device.id,
    device.projectId,
    at,
    values.volume,
    values.status,
    values.playing,
    values.version,
  ]);
  // A live broadcast's level and delay, the on-demand task it plays or played last, and how far into
  // the media it is go to the consoles only (the server follows the on-demand task from the push).
  const live = liveReportOf(v);
  const vod = vodReportOf(v);
  const position = status === 'playing' && typeof v.position === 'number' ? Math.max(0, Math.floor(v.position)) : null;
  return {
    ...values,
    ...(live ? { live } : {}),
    ...(vod ? { vod } : {}),
    ...(position !== null ? { position } : {}),
  };
}

/** Network speakers (spec 001 §3 "NSC"): their reports as latest state, and their calls. */
export const nscFamily: FamilyHandler = { manifest: nscManifest, telemetry, routes: nscRoutes };
