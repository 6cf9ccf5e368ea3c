import type { DeviceFactoryView } from '@sc/contract';
import { and, asc, count, eq, isNull, like, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { deviceFactories, deviceModels, devices, projects } from '../../../db/schema/index.js';
import { keywordWhere } from '../../../platform/paging.js';

const modelCount = sql<number>`(select count(*)::int from device_models m where m.factory_id = "device_factories"."id")`;

const viewColumns = {
  id: deviceFactories.id,
  name: deviceFactories.name,
  no: deviceFactories.no,
  description: deviceFactories.description,
  projectId: deviceFactories.projectId,
  projectName: projects.name,
  builtin: deviceFactories.builtin,
  modelCount,
  createdAt: deviceFactories.createdAt,
};

const present = (row: { createdAt: Date } & Omit<DeviceFactoryView, 'createdAt'>): DeviceFactoryView => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
});

/**
 * Which factories a caller sees: the global ones (no project) and those of projects in their
 * subtree; for a project-scoped list, only the ones that project may use (its own and its
 * ancestors' inside the caller's subtree).
 */
export interface FactoryVisibility {
  scopePath: string;
  forProjectPath?: string;
}

/** The visibility condition; needs `projects` joined on the factory's project. */
export function factoryVisible(v: FactoryVisibility): SQL {
  const own = and(
    like(projects.path, `${v.scopePath}%`),
    v.forProjectPath ? sql`${v.forProjectPath} like ${projects.path} || '%'` : undefined,
  );
  return or(isNull(deviceFactories.projectId), own)!;
}

export type DeviceFactoryRecord = typeof deviceFactories.$inferSelect & { projectPath: string | null };

export interface FactoryValues {
  name: string;
  no: string;
  description: string;
  projectId: number | null;
}

export function createDeviceFactoriesRepository(db: Db) {
  const select = () =>
    db.select(viewColumns).from(deviceFactories).leftJoin(projects, eq(projects.id, deviceFactories.projectId));

  return {
    async list(v: FactoryVisibility, limit: number) {
      const rows = await select().where(factoryVisible(v)).orderBy(asc(deviceFactories.id)).limit(limit);
      return rows.map(present);
    },

    async page(v: FactoryVisibility, words: string[], window: { limit: number; offset: number }) {
      const where = and(
        factoryVisible(v),
        keywordWhere(words, [deviceFactories.name, deviceFactories.no, deviceFactories.description]),
      );
      const [rows, [total]] = await Promise.all([
        select().where(where).orderBy(asc(deviceFactories.id)).limit(window.limit).offset(window.offset),
        db
          .select({ n: count() })
          .from(deviceFactories)
          .leftJoin(projects, eq(projects.id, deviceFactories.projectId))
          .where(where),
      ]);
      return { list: rows.map(present), total: total?.n ?? 0 };
    },

    async view(id: number) {
      const [row] = await select().where(eq(deviceFactories.id, id));
      return row ? present(row) : null;
    },

    async find(id: number): Promise<DeviceFactoryRecord | null> {
      const [row] = await db
        .select({ factory: deviceFactories, projectPath: projects.path })
        .from(deviceFactories)
        .leftJoin(projects, eq(projects.id, deviceFactories.projectId))
        .where(eq(deviceFactories.id, id));
      return row ? { ...row.factory, projectPath: row.projectPath } : null;
    },

    async findByNo(no: string) {
      const [row] = await db.select({ id: deviceFactories.id }).from(deviceFactories).where(eq(deviceFactories.no, no));
      return row ?? null;
    },

    async insert(values: FactoryValues) {
      const [row] = await db.insert(deviceFactories).values(values).returning({ id: deviceFactories.id });
      return row!.id;
    },

    update: (id: number, values: FactoryValues) =>
      db
        .update(deviceFactories)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(deviceFactories.id, id)),

    async dependents(id: number) {
      const [[m], [d]] = await Promise.all([
        db.select({ n: count() }).from(deviceModels).where(eq(deviceModels.factoryId, id)),
        db.select({ n: count() }).from(devices).where(eq(devices.factoryId, id)),
      ]);
      return { models: m?.n ?? 0, devices: d?.n ?? 0 };
    },

    delete: (id: number) => db.delete(deviceFactories).where(eq(deviceFactories.id, id)),
  };
}

export type DeviceFactoriesRepository = ReturnType<typeof createDeviceFactoriesRepository>;
