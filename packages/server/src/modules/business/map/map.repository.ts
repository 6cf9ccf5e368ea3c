import type { MapCluster } from '@sc/contract';
import { and, eq, gte, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { deviceAreas, deviceGroups, devices, deviceTypes, projects } from '../../../db/schema/index.js';
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

const states = {
  error: sql<Num>`count(*) filter (where ${devices.activeState} = -1)`,
  unknown: sql<Num>`count(*) filter (where ${devices.activeState} = 0)`,
  active: sql<Num>`count(*) filter (where ${devices.activeState} = 1)`,
};

export function createMapRepository(db: Db) {
  return {
    /** How many devices the box holds, counting no further than `cap`. */
    async countUpTo(scopePath: string, f: MapFilter, cap: number) {
      const inner = db.select({ one: sql`1` }).from(devices).where(boxWhere(scopePath, f)).limit(cap).as('inner');
      const [row] = await db.select({ n: sql<Num>`count(*)` }).from(inner);
      return num(row?.n ?? 0);
    },

    /** Single devices in the box (at most `limit`). */
    async singles(scopePath: string, f: MapFilter, limit: number): Promise<MapCluster[]> {
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
        .where(boxWhere(scopePath, f))
        .limit(limit);
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

    /** Grid clusters of `cell` degrees, computed in SQL; a cell of one device answers that device. */
    async clusters(scopePath: string, f: MapFilter, cell: number): Promise<MapCluster[]> {
      const gx = sql`floor(${devices.lng} / ${cell}::float8)`;
      const gy = sql`floor(${devices.lat} / ${cell}::float8)`;
      const rows = await db
        .select({
          n: sql<Num>`count(*)`,
          lng: sql<Num>`avg(${devices.lng})`,
          lat: sql<Num>`avg(${devices.lat})`,
          id: sql<Num>`min(${devices.id})`,
          name: sql<string>`min(${devices.name})`,
          type: sql<string>`min(${devices.type})`,
          ...states,
        })
        .from(devices)
        .where(boxWhere(scopePath, f))
        .groupBy(gx, gy);
      return rows.map((r) => {
        const count = num(r.n);
        const states = { error: num(r.error), unknown: num(r.unknown), active: num(r.active) };
        const base = { lng: num(r.lng), lat: num(r.lat), count, states };
        return count === 1 ? { ...base, id: num(r.id), name: r.name, type: r.type } : base;
      });
    },

    async summary(id: number) {
      const [row] = await db
        .select({
          id: devices.id,
          name: devices.name,
          no: devices.no,
          type: devices.type,
          typeName: deviceTypes.name,
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
        .leftJoin(deviceAreas, eq(deviceAreas.id, devices.areaId))
        .leftJoin(deviceGroups, eq(deviceGroups.id, devices.groupId))
        .where(eq(devices.id, id));
      return row ?? null;
    },
  };
}

export type MapRepository = ReturnType<typeof createMapRepository>;
