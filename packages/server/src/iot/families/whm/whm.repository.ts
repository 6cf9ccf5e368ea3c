import { whmManifest } from '@sc/contract/families/whm';
import { eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/client.js';
import { devices } from '../../../db/schema/index.js';
import { DEVICE_COLUMNS } from '../kit/device-columns.js';
import { type ListFilter, listedDevicesWhere, type PageWindow, pageDevices } from '../kit/device-list.js';
import { deviceProjectName, type ProjectReach } from '../kit/project-reach.js';
import { createReadingsRepository } from '../kit/readings.repository.js';
import { whmTelemetry } from './whm.tables.js';

const TYPE = whmManifest.type;
const parent = alias(devices, 'parent');
/** A meter without the flag is in use (the flag is only written when an operator takes one out). */
const inUse = sql<boolean>`coalesce((${devices.props}->>'inUse')::boolean, true)`;

/** What the meter list is searched and filtered by. */
export type WhmPageFilter = ListFilter & { inUse?: boolean };

/** The meters of a project (paged, searched) and their readings through the kit's repository. */
export function createWhmRepository(db: Db) {
  return {
    readings: createReadingsRepository(db, whmTelemetry),

    async page(projectId: number | ProjectReach, filter: WhmPageFilter, window: PageWindow) {
      const inUseIs = filter.inUse === undefined ? undefined : sql`${inUse} = ${filter.inUse}`;
      const list = db
        .select({
          ...DEVICE_COLUMNS,
          parentName: parent.name,
          projectName: deviceProjectName,
          props: devices.props,
          inUse,
        })
        .from(devices)
        .leftJoin(parent, eq(parent.id, devices.parentId))
        .$dynamic();
      return pageDevices(db, list, listedDevicesWhere(TYPE, projectId, filter, inUseIs), window);
    },
  };
}

export type WhmRepository = ReturnType<typeof createWhmRepository>;
