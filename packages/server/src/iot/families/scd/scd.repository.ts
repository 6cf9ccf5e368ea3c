import { SCD_MAP_LIMIT, scdManifest } from '@sc/contract/families/scd';
import { and, count, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { devices } from '../../../db/schema/index.js';
import { keywordWhere } from '../../../platform/paging.js';
import { DEVICE_COLUMNS } from '../kit/device-columns.js';
import { deviceProjectName, devicesOfProject, type ProjectReach } from '../kit/project-reach.js';
import { createReadingsRepository } from '../kit/readings.repository.js';
import { scdTelemetry } from './scd.tables.js';

const TYPE = scdManifest.type;
/** What the list shows of each bin besides its latest report (its thresholds are in `props`). */
const LISTED = { ...DEVICE_COLUMNS, props: devices.props };

/** The bins of a project (paged, searched, by online state) and their reports through the kit's repository. */
export function createScdRepository(db: Db) {
  return {
    readings: createReadingsRepository(db, scdTelemetry),

    async page(
      projectId: number | ProjectReach,
      filter: { words: string[]; activeState?: number },
      window: { limit: number; offset: number },
    ) {
      const where = and(
        devicesOfProject(projectId),
        eq(devices.type, TYPE),
        keywordWhere(filter.words, [devices.name, devices.no, devices.equipmentId]),
        filter.activeState === undefined ? undefined : eq(devices.activeState, filter.activeState),
      );
      const [rows, [total]] = await Promise.all([
        db
          .select({ ...LISTED, projectName: deviceProjectName })
          .from(devices)
          .where(where)
          .orderBy(devices.name, devices.id)
          .limit(window.limit)
          .offset(window.offset),
        db.select({ n: count() }).from(devices).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
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
