import type { DeviceAreaView } from '@sc/contract';
import { and, asc, count, eq, like, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { deviceAreas, deviceGroups, devices, projects } from '../../../db/schema/index.js';
import { keywordWhere } from '../../../platform/paging.js';

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

export type AreaRecord = typeof deviceAreas.$inferSelect & { projectPath: string };

export interface AreaValues {
  name: string;
  no: string;
  projectId: number;
  description: string;
  lng: number | null;
  lat: number | null;
}

export function createAreasRepository(db: Db) {
  const select = () =>
    db.select(viewColumns).from(deviceAreas).innerJoin(projects, eq(projects.id, deviceAreas.projectId));
  const inTree = (path: string) => like(projects.path, `${path}%`);
  const order = [asc(projects.path), asc(deviceAreas.name)];

  return {
    async list(scopePath: string, limit: number, projectId?: number) {
      const rows = await select()
        .where(and(inTree(scopePath), projectId ? eq(deviceAreas.projectId, projectId) : undefined))
        .orderBy(...order)
        .limit(limit);
      return rows.map(present);
    },

    async page(scopePath: string, words: string[], window: { limit: number; offset: number }, projectId?: number) {
      const where = and(
        inTree(scopePath),
        projectId ? eq(deviceAreas.projectId, projectId) : undefined,
        keywordWhere(words, [deviceAreas.name, deviceAreas.no, deviceAreas.description]),
      );
      const [rows, [total]] = await Promise.all([
        select()
          .where(where)
          .orderBy(...order)
          .limit(window.limit)
          .offset(window.offset),
        db
          .select({ n: count() })
          .from(deviceAreas)
          .innerJoin(projects, eq(projects.id, deviceAreas.projectId))
          .where(where),
      ]);
      return { list: rows.map(present), total: total?.n ?? 0 };
    },

    async view(id: number) {
      const [row] = await select().where(eq(deviceAreas.id, id));
      return row ? present(row) : null;
    },

    async find(id: number): Promise<AreaRecord | null> {
      const [row] = await db
        .select({ area: deviceAreas, projectPath: projects.path })
        .from(deviceAreas)
        .innerJoin(projects, eq(projects.id, deviceAreas.projectId))
        .where(eq(deviceAreas.id, id));
      return row ? { ...row.area, projectPath: row.projectPath } : null;
    },

    async findByNo(no: string) {
      const [row] = await db.select({ id: deviceAreas.id }).from(deviceAreas).where(eq(deviceAreas.no, no));
      return row ?? null;
    },

    async insert(values: AreaValues) {
      const [row] = await db.insert(deviceAreas).values(values).returning({ id: deviceAreas.id });
      return row!.id;
    },

    update: (id: number, values: AreaValues) =>
      db
        .update(deviceAreas)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(deviceAreas.id, id)),

    async dependents(id: number) {
      const [[g], [d]] = await Promise.all([
        db.select({ n: count() }).from(deviceGroups).where(eq(deviceGroups.areaId, id)),
        db.select({ n: count() }).from(devices).where(eq(devices.areaId, id)),
      ]);
      return { groups: g?.n ?? 0, devices: d?.n ?? 0 };
    },

    delete: (id: number) => db.delete(deviceAreas).where(eq(deviceAreas.id, id)),
  };
}

export type AreasRepository = ReturnType<typeof createAreasRepository>;
