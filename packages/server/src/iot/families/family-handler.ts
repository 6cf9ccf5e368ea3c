import type { FamilyManifest, TelemetryMessage } from '@sc/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import type { AuditService } from '../../modules/logs/audit.service.js';
import type { SettingsService } from '../../modules/system/settings.service.js';
import type { BatchWriter } from '../batch-writer.js';
import type { DirectoryEntry } from '../device-directory.js';
import type { IotRuntime } from '../runtime.js';
import type { TimePartitioned } from '../telemetry/tables.js';
import type { DeviceSchedules } from './kit/device-schedules.js';
import type { FamilyDevices } from './kit/devices.repository.js';
import type { EventsRepository } from './kit/events.repository.js';
import type { LiveVideos } from './kit/live-video.js';

/**
 * What a family may take from the platform besides its context: who acts (for the operation and
 * management logs) and the signed-in caller's session. Families import these from here, never from
 * modules/ (the guard in table.guard.test.ts).
 */
export { type Actor, actorOf, changedFields } from '../../modules/logs/audit.service.js';
export type { SessionContext } from '../../modules/session/session-context.js';

/**
 * What a family's routes and services may use: the platform's services and repositories, never the
 * raw database (a family's own SQL lives in its repository, built with `repository`).
 */
export interface FamilyContext {
  iot: IotRuntime;
  devices: FamilyDevices;
  events: EventsRepository;
  audit: AuditService;
  settings: SettingsService;
  /** Devices' own schedules by type: one family provides them, a carrier's family hands them over. */
  schedules: DeviceSchedules;
  /** Devices' live video by type: the family that streams provides it, any family's screen plays it. */
  liveVideo: LiveVideos;
  /** Builds one of the family's repositories (the only code that holds the database). */
  repository<T>(create: (db: Db) => T): T;
  /** How long an instance holds a batch before renewing (config BATCH_LEASE_S); the kit's default when absent. */
  batchLeaseMs?: number;
  /**
   * A key of something only this instance holds (a live stream's files, a call's audio), `length`
   * url-safe characters starting with the instance's id: a request for it at a path made
   * `app.fastPaths.instanceBound` reaches this instance from any other.
   */
  instanceKey(length: number): string;
  /** This instance's id, which such a key starts with (`HELD_ID` characters), for keys a family names itself. */
  instanceId: string;
}

/**
 * The server side of one device family: what to do with its telemetry and which calls it adds
 * (spec 001 §7 `/api/pjts/{projectId}/iot/{slug}/…`). A new family is a folder with one of these,
 * listed in families/index.ts.
 */
export interface FamilyHandler {
  manifest: FamilyManifest;
  /** Stores a telemetry message of one device; answers the values to push to consoles. */
  telemetry?(device: DirectoryEntry, message: TelemetryMessage, at: Date, writer: BatchWriter): Record<string, unknown>;
  /**
   * Whether to keep an event (code, occur/restore/info) of one of its devices: false drops it before it
   * is stored, pushed or notified (e.g. a repeat within the same-event minimum interval).
   */
  acceptEvent?(device: DirectoryEntry, code: string, type: string, at: Date): boolean;
  routes?(app: FastifyInstance, ctx: FamilyContext): void;
  /** Its time-partitioned tables (`readingsTables(…).partitioned`): partitions, retention and rollups kept for it. */
  telemetryTables?: readonly TimePartitioned[];
}
