import type { Db } from '../../../db/client.js';
import type { AuditService } from '../../../modules/logs/audit.service.js';
import type { SettingsService } from '../../../modules/system/settings.service.js';
import type { IotRuntime } from '../../runtime.js';
import type { FamilyContext } from '../family-handler.js';
import { createDeviceSchedules } from './device-schedules.js';
import { createFamilyDevices } from './devices.repository.js';
import { createEventsRepository, type HandledWorkLookup } from './events.repository.js';
import { createLiveVideos } from './live-video.js';

/** The context every family's routes get: services and repositories over the one database. */
export function createFamilyContext(deps: {
  db: Db;
  iot: IotRuntime;
  audit: AuditService;
  settings: SettingsService;
  handledWork: HandledWorkLookup;
  batchLeaseMs?: number;
  instanceKey: (length: number) => string;
  instanceId: string;
}): FamilyContext {
  const { db, iot, audit, settings } = deps;
  return {
    iot,
    audit,
    settings,
    devices: createFamilyDevices(db),
    events: createEventsRepository(db, deps.handledWork),
    schedules: createDeviceSchedules(),
    liveVideo: createLiveVideos(),
    repository: (create) => create(db),
    batchLeaseMs: deps.batchLeaseMs,
    instanceKey: deps.instanceKey,
    instanceId: deps.instanceId,
  };
}
