import { whmManifest } from '@sc/contract/families/whm';
import { and, count, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/client.js';
import { devices } from '../../../db/schema/index.js';
import { keywordWhere } from '../../../platform/paging.js';
import { DEVICE_COLUMNS } from '../kit/device-columns.js';
import { deviceProjectName, devicesOfProject, type ProjectReach } from '../kit/project-reach.js';
import { createReadingsRepository } from '../kit/readings.repository.js';
import { whmTelemetry } from './whm.tables.js';

const TYPE = whmManifest.type;
const parent = alias(devices, 'parent');
/** A meter without the flag is in use (the flag is only written when an operator takes one out). */
const inUse = sql<boolean>`coalesce((${devices.props}->>'inUse')::boolean, true)`;

/** The meters of a project (paged, searched) and their readings through the kit's repository. */
export function createWhmRepository(db: Db) {
  return {
    readings: createReadingsRepository(db, whmTelemetry),

    async page(
      projectId: number | ProjectReach,
      filter: { words: string[]; inUse?: boolean },
      window: { limit: number; offset: number },
    ) {
      const where = and(
        devicesOfProject(projectId),
        eq(devices.type, TYPE),
        keywordWhere(filter.words, [devices.name, devices.no, devices.equipmentId]),
        filter.inUse === undefined ? undefined : sql`${inUse} = ${filter.inUse}`,
      );
      const [rows, [total]] = await Promise.all([
        db
          .select({
            ...DEVICE_COLUMNS,
            parentName: parent.name,
            projectName: deviceProjectName,
            props: devices.props,
            inUse,
          })
          .from(devices)
          .leftJoin(parent, eq(parent.id, devices.parentId))
          .where(where)
          .orderBy(devices.name, devices.id)
          .limit(window.limit)
          .offset(window.offset),
        db.select({ n: count() }).from(devices).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },
  };
}

export type WhmRepository = ReturnType<typeof createWhmRepository>;
