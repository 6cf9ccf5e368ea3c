import type { MapCluster } from '@sc/contract';
import { and, asc, eq, gt, gte, inArray, isNotNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { deviceAreas, deviceGroups, deviceModels, devices, deviceTypes, projects } from '../../../db/schema/index.js';
import { inProjectTree } from '../devices/devices.repository.js';

export interface MapFilter {
  west: number;
  south: number;
  east: number;
  north: number;
  projectId?: number;
  type?: string;
  activeState?: number;
}

type Num = number | string | null;
const num = (v: Num) => Number(v ?? 0);

/** Devices with coordinates inside the box, in scope: a range on devices_location_idx (lng, lat). */
function boxWhere(scopePath: string, f: MapFilter): SQL | undefined {
  // A box across the antimeridian (west > east) is two ranges of longitude.
  const lng =
    f.west <= f.east
      ? and(gte(devices.lng, f.west), lte(devices.lng, f.east))
      : or(gte(devices.lng, f.west), lte(devices.lng, f.east));
  return and(
    lng,
    gte(devices.lat, f.south),
    lte(devices.lat, f.north),
    inProjectTree(scopePath),
    f.projectId !== undefined ? eq(devices.projectId, f.projectId) : undefined,
    f.type !== undefined ? eq(devices.type, f.type) : undefined,
    f.activeState !== undefined ? eq(devices.activeState, f.activeState) : undefined,
  );
}

export function createMapRepository(db: Db) {
  const located = (where: SQL) =>
    db
      .select({
        id: devices.id,
        name: devices.name,
        type: devices.type,
        lng: sql<number>`${devices.lng}`,
        lat: sql<number>`${devices.lat}`,
        activeState: devices.activeState,
        projectId: devices.projectId,
        projectPath: projects.path,
        // Only a group of the device's own project makes a pole of it.
        groupId: deviceGroups.id,
      })
      .from(devices)
      .innerJoin(projects, eq(projects.id, devices.projectId))
      .leftJoin(deviceGroups, and(eq(deviceGroups.id, devices.groupId), eq(deviceGroups.projectId, devices.projectId)))
      .where(and(where, isNotNull(devices.lng), isNotNull(devices.lat)));
  return {
    /** How many devices the box holds, counting no further than `cap`. */
    async countUpTo(scopePath: string, f: MapFilter, cap: number) {
      const inner = db.select({ one: sql`1` }).from(devices).where(boxWhere(scopePath, f)).limit(cap).as('inner');
      const [row] = await db.select({ n: sql<Num>`count(*)` }).from(inner);
      return num(row?.n ?? 0);
    },

    /** Every device in the box, compactly: [id, lat, lng, type, active state]. */
    async points(scopePath: string, f: MapFilter): Promise<[number, number, number, string, number][]> {
      const rows = await db
        .select({
          id: devices.id,
          lat: devices.lat,
          lng: devices.lng,
          type: devices.type,
          activeState: devices.activeState,
        })
        .from(devices)
        .where(boxWhere(scopePath, f));
      return rows.map((d) => [d.id, d.lat!, d.lng!, d.type, d.activeState]);
    },

    /** Every single device in the box. */
    async singles(scopePath: string, f: MapFilter): Promise<MapCluster[]> {
      const rows = await db
        .select({
          id: devices.id,
          name: devices.name,
          type: devices.type,
          lng: devices.lng,
          lat: devices.lat,
          activeState: devices.activeState,
        })
        .from(devices)
        .where(boxWhere(scopePath, f));
      return rows.map((d) => ({
        id: d.id,
        name: d.name,
        type: d.type,
        lng: d.lng!,
        lat: d.lat!,
        count: 1,
        states: {
          error: d.activeState === -1 ? 1 : 0,
          unknown: d.activeState === 0 ? 1 : 0,
          active: d.activeState === 1 ? 1 : 0,
        },
      }));
    },

    /** Located devices with their project's path (for the in-memory clusters, map-snapshot.ts), by id. */
    page: (afterId: number, limit: number) => located(gt(devices.id, afterId)).orderBy(asc(devices.id)).limit(limit),

    /** The located devices among `ids`. */
    byIds: (ids: number[]) => located(inArray(devices.id, ids)),

    /** A project's path (the project map with its child projects); undefined when there is none. */
    async projectPath(id: number) {
      const [row] = await db.select({ path: projects.path }).from(projects).where(eq(projects.id, id));
      return row?.path;
    },

    /** A pole's popup: the group with its project's path, and the devices of its own project on it. */
    async poleSummary(groupId: number) {
      const [group] = await db
        .select({
          id: deviceGroups.id,
          name: deviceGroups.name,
          no: deviceGroups.no,
          projectId: deviceGroups.projectId,
          projectName: projects.name,
          projectPath: projects.path,
        })
        .from(deviceGroups)
        .innerJoin(projects, eq(projects.id, deviceGroups.projectId))
        .where(eq(deviceGroups.id, groupId));
      if (!group) return null;
      const list = await db
        .select({ id: devices.id, name: devices.name, type: devices.type, activeState: devices.activeState })
        .from(devices)
        .where(and(eq(devices.groupId, groupId), eq(devices.projectId, group.projectId)))
        .orderBy(asc(devices.type), asc(devices.name), asc(devices.id));
      return { ...group, devices: list };
    },

    async summary(id: number) {
      const [row] = await db
        .select({
          id: devices.id,
          name: devices.name,
          no: devices.no,
          type: devices.type,
          typeName: deviceTypes.name,
          modelName: deviceModels.name,
          activeState: devices.activeState,
          lastActiveAt: devices.lastActiveAt,
          lng: devices.lng,
          lat: devices.lat,
          projectId: devices.projectId,
          projectName: projects.name,
          projectPath: projects.path,
          areaName: deviceAreas.name,
          groupName: deviceGroups.name,
        })
        .from(devices)
        .innerJoin(projects, eq(projects.id, devices.projectId))
        .leftJoin(deviceTypes, eq(deviceTypes.no, devices.type))
        .leftJoin(deviceModels, eq(deviceModels.id, devices.modelId))
        .leftJoin(deviceAreas, eq(deviceAreas.id, devices.areaId))
        .leftJoin(deviceGroups, eq(deviceGroups.id, devices.groupId))
        .where(eq(devices.id, id));
      return row ?? null;
    },
  };
}

export type MapRepository = ReturnType<typeof createMapRepository>;
