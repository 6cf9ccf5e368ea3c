import type { DeviceGroupView } from '@sc/contract';
import { count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { deviceAreas, deviceGroups, devices, projects } from '../../../db/schema/index.js';
import { createPlaceRepository, type PlaceRecord } from '../places/place.repository.js';

const deviceCount = sql<number>`(select count(*)::int from devices d where d.group_id = "device_groups"."id")`;

const viewColumns = {
  id: deviceGroups.id,
  name: deviceGroups.name,
  no: deviceGroups.no,
  projectId: deviceGroups.projectId,
  projectName: projects.name,
  areaId: deviceGroups.areaId,
  areaName: deviceAreas.name,
  description: deviceGroups.description,
  lng: deviceGroups.lng,
  lat: deviceGroups.lat,
  activeState: deviceGroups.activeState,
  activeForcedAt: deviceGroups.activeForcedAt,
  deviceCount,
  createdAt: deviceGroups.createdAt,
};

type Row = { createdAt: Date; activeForcedAt: Date | null } & Omit<DeviceGroupView, 'createdAt' | 'activeForcedAt'>;

const present = (row: Row): DeviceGroupView => ({
  ...row,
  activeForcedAt: row.activeForcedAt ? row.activeForcedAt.toISOString() : null,
  createdAt: row.createdAt.toISOString(),
});

export type GroupRecord = PlaceRecord<typeof deviceGroups>;

export interface GroupValues {
  name: string;
  no: string;
  projectId: number;
  areaId: number | null;
  description: string;
  lng: number | null;
  lat: number | null;
}

export interface GroupFilter {
  projectId?: number;
  areaId?: number;
}

export function createGroupsRepository(db: Db) {
  const place = createPlaceRepository(db, {
    table: deviceGroups,
    select: () =>
      db
        .select(viewColumns)
        .from(deviceGroups)
        .innerJoin(projects, eq(projects.id, deviceGroups.projectId))
        .leftJoin(deviceAreas, eq(deviceAreas.id, deviceGroups.areaId))
        .$dynamic(),
    present,
    filter: (f: GroupFilter) => [
      f.projectId ? eq(deviceGroups.projectId, f.projectId) : undefined,
      f.areaId ? eq(deviceGroups.areaId, f.areaId) : undefined,
    ],
  });

  return {
    ...place,
    insert: (values: GroupValues) => place.insert(values),
    update: (id: number, values: Partial<GroupValues> & { activeState?: number; activeForcedAt?: Date }) =>
      place.update(id, values),

    async deviceCount(id: number) {
      const [row] = await db.select({ n: count() }).from(devices).where(eq(devices.groupId, id));
      return row?.n ?? 0;
    },
  };
}

export type GroupsRepository = ReturnType<typeof createGroupsRepository>;
