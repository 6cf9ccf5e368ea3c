import { SCD_MAP_LIMIT, scdManifest } from '@sc/contract/families/scd';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { devices } from '../../../db/schema/index.js';
import { DEVICE_COLUMNS } from '../kit/device-columns.js';
import { type ListFilter, listedDevicesWhere, type PageWindow, pageDevices } from '../kit/device-list.js';
import { deviceProjectName, devicesOfProject, type ProjectReach } from '../kit/project-reach.js';
import { createReadingsRepository } from '../kit/readings.repository.js';
import { scdTelemetry } from './scd.tables.js';

const TYPE = scdManifest.type;
/** What the list shows of each bin besides its latest report (its thresholds are in `props`). */
const LISTED = { ...DEVICE_COLUMNS, props: devices.props };

/** What the bin list is searched and filtered by. */
export type ScdPageFilter = ListFilter;

/** The bins of a project (paged, searched, by online state) and their reports through the kit's repository. */
export function createScdRepository(db: Db) {
  return {
    readings: createReadingsRepository(db, scdTelemetry),

    async page(projectId: number | ProjectReach, filter: ScdPageFilter, window: PageWindow) {
      const where = listedDevicesWhere(TYPE, projectId, filter);
      const list = db
        .select({ ...LISTED, projectName: deviceProjectName })
        .from(devices)
        .$dynamic();
      return pageDevices(db, list, where, window);
    },

    /** The bins of a project that have coordinates, in the list's order, for the map. */
    async located(projectId: number | ProjectReach) {
      return db
        .select({ ...LISTED, projectName: deviceProjectName, lng: devices.lng, lat: devices.lat })
        .from(devices)
        .where(and(devicesOfProject(projectId), eq(devices.type, TYPE), isNotNull(devices.lng), isNotNull(devices.lat)))
        .orderBy(devices.name, devices.id)
        .limit(SCD_MAP_LIMIT);
    },
  };
}

export type ScdRepository = ReturnType<typeof createScdRepository>;
