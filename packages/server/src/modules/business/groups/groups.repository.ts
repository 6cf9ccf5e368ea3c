import type { DeviceGroupView } from '@sc/contract';
import { and, asc, count, eq, like, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { deviceAreas, deviceGroups, devices, projects } from '../../../db/schema/index.js';
import { keywordWhere } from '../../../platform/paging.js';

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

export type GroupRecord = typeof deviceGroups.$inferSelect & { projectPath: string };

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
  const select = () =>
    db
      .select(viewColumns)
      .from(deviceGroups)
      .innerJoin(projects, eq(projects.id, deviceGroups.projectId))
      .leftJoin(deviceAreas, eq(deviceAreas.id, deviceGroups.areaId));
  const filterWhere = (scopePath: string, f: GroupFilter) =>
    and(
      like(projects.path, `${scopePath}%`),
      f.projectId ? eq(deviceGroups.projectId, f.projectId) : undefined,
      f.areaId ? eq(deviceGroups.areaId, f.areaId) : undefined,
    );
  const order = [asc(projects.path), asc(deviceGroups.name)];

  return {
    async list(scopePath: string, limit: number, filter: GroupFilter) {
      const rows = await select()
        .where(filterWhere(scopePath, filter))
        .orderBy(...order)
        .limit(limit);
      return rows.map(present);
    },

    async page(scopePath: string, words: string[], window: { limit: number; offset: number }, filter: GroupFilter) {
      const where = and(
        filterWhere(scopePath, filter),
        keywordWhere(words, [deviceGroups.name, deviceGroups.no, deviceGroups.description]),
      );
      const [rows, [total]] = await Promise.all([
        select()
          .where(where)
          .orderBy(...order)
          .limit(window.limit)
          .offset(window.offset),
        db
          .select({ n: count() })
          .from(deviceGroups)
          .innerJoin(projects, eq(projects.id, deviceGroups.projectId))
          .where(where),
      ]);
      return { list: rows.map(present), total: total?.n ?? 0 };
    },

    async view(id: number) {
      const [row] = await select().where(eq(deviceGroups.id, id));
      return row ? present(row) : null;
    },

    async find(id: number): Promise<GroupRecord | null> {
      const [row] = await db
        .select({ group: deviceGroups, projectPath: projects.path })
        .from(deviceGroups)
        .innerJoin(projects, eq(projects.id, deviceGroups.projectId))
        .where(eq(deviceGroups.id, id));
      return row ? { ...row.group, projectPath: row.projectPath } : null;
    },

    async findByNo(no: string) {
      const [row] = await db.select({ id: deviceGroups.id }).from(deviceGroups).where(eq(deviceGroups.no, no));
      return row ?? null;
    },

    async insert(values: GroupValues) {
      const [row] = await db.insert(deviceGroups).values(values).returning({ id: deviceGroups.id });
      return row!.id;
    },

    update: (id: number, values: Partial<GroupValues> & { activeState?: number; activeForcedAt?: Date }) =>
      db
        .update(deviceGroups)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(deviceGroups.id, id)),

    async deviceCount(id: number) {
      const [row] = await db.select({ n: count() }).from(devices).where(eq(devices.groupId, id));
      return row?.n ?? 0;
    },

    delete: (id: number) => db.delete(deviceGroups).where(eq(deviceGroups.id, id)),
  };
}

export type GroupsRepository = ReturnType<typeof createGroupsRepository>;
