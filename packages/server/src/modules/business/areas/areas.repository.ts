import type { DeviceAreaView } from '@sc/contract';
import { count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { deviceAreas, deviceGroups, devices, projects } from '../../../db/schema/index.js';
import { createPlaceRepository, type PlaceRecord } from '../places/place.repository.js';

const groupCount = sql<number>`(select count(*)::int from device_groups g where g.area_id = "device_areas"."id")`;
const deviceCount = sql<number>`(select count(*)::int from devices d where d.area_id = "device_areas"."id")`;

const viewColumns = {
  id: deviceAreas.id,
  name: deviceAreas.name,
  no: deviceAreas.no,
  projectId: deviceAreas.projectId,
  projectName: projects.name,
  description: deviceAreas.description,
  lng: deviceAreas.lng,
  lat: deviceAreas.lat,
  groupCount,
  deviceCount,
  createdAt: deviceAreas.createdAt,
};

const present = (row: { createdAt: Date } & Omit<DeviceAreaView, 'createdAt'>): DeviceAreaView => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
});

export type AreaRecord = PlaceRecord<typeof deviceAreas>;

export interface AreaValues {
  name: string;
  no: string;
  projectId: number;
  description: string;
  lng: number | null;
  lat: number | null;
}

export function createAreasRepository(db: Db) {
  const place = createPlaceRepository(db, {
    table: deviceAreas,
    select: () =>
      db.select(viewColumns).from(deviceAreas).innerJoin(projects, eq(projects.id, deviceAreas.projectId)).$dynamic(),
    present,
    filter: (projectId: number | undefined) => [projectId ? eq(deviceAreas.projectId, projectId) : undefined],
  });

  return {
    ...place,
    list: (scopePath: string, limit: number, projectId?: number) => place.list(scopePath, limit, projectId),
    page: (scopePath: string, words: string[], window: { limit: number; offset: number }, projectId?: number) =>
      place.page(scopePath, words, window, projectId),
    insert: (values: AreaValues) => place.insert(values),
    update: (id: number, values: AreaValues) => place.update(id, values),

    async dependents(id: number) {
      const [[g], [d]] = await Promise.all([
        db.select({ n: count() }).from(deviceGroups).where(eq(deviceGroups.areaId, id)),
        db.select({ n: count() }).from(devices).where(eq(devices.areaId, id)),
      ]);
      return { groups: g?.n ?? 0, devices: d?.n ?? 0 };
    },
  };
}

export type AreasRepository = ReturnType<typeof createAreasRepository>;
