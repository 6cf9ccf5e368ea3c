import type { DeviceModelView } from '@sc/contract';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import {
  deviceFactories,
  deviceModels,
  devices,
  deviceTypes,
  productionItems,
  projects,
} from '../../../db/schema/index.js';
import { keywordWhere } from '../../../platform/paging.js';
import { type FactoryVisibility, factoryVisible } from '../device-factories/device-factories.repository.js';

const deviceCount = sql<number>`(select count(*)::int from devices d where d.model_id = "device_models"."id")`;

const viewColumns = {
  id: deviceModels.id,
  name: deviceModels.name,
  no: deviceModels.no,
  factoryId: deviceModels.factoryId,
  factoryName: deviceFactories.name,
  typeNo: deviceModels.typeNo,
  typeName: deviceTypes.name,
  description: deviceModels.description,
  builtin: deviceModels.builtin,
  deviceCount,
  createdAt: deviceModels.createdAt,
};

const present = (row: { createdAt: Date } & Omit<DeviceModelView, 'createdAt'>): DeviceModelView => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
});

export interface ModelFilter {
  factoryId?: number;
  typeNo?: string;
}

export interface ModelValues {
  name: string;
  no: string;
  factoryId: number;
  typeNo: string;
  description: string;
}

export type DeviceModelRecord = typeof deviceModels.$inferSelect;

/** A model is visible when its factory is (see `factoryVisible`). */
export function createDeviceModelsRepository(db: Db) {
  const select = () =>
    db
      .select(viewColumns)
      .from(deviceModels)
      .innerJoin(deviceFactories, eq(deviceFactories.id, deviceModels.factoryId))
      .innerJoin(deviceTypes, eq(deviceTypes.no, deviceModels.typeNo))
      .leftJoin(projects, eq(projects.id, deviceFactories.projectId));
  const filterWhere = (v: FactoryVisibility, f: ModelFilter) =>
    and(
      factoryVisible(v),
      f.factoryId ? eq(deviceModels.factoryId, f.factoryId) : undefined,
      f.typeNo ? eq(deviceModels.typeNo, f.typeNo) : undefined,
    );

  return {
    async list(v: FactoryVisibility, filter: ModelFilter, limit: number) {
      const rows = await select().where(filterWhere(v, filter)).orderBy(asc(deviceModels.id)).limit(limit);
      return rows.map(present);
    },

    async page(v: FactoryVisibility, filter: ModelFilter, words: string[], window: { limit: number; offset: number }) {
      const where = and(
        filterWhere(v, filter),
        keywordWhere(words, [deviceModels.name, deviceModels.no, deviceModels.description, deviceFactories.name]),
      );
      const [rows, [total]] = await Promise.all([
        select().where(where).orderBy(asc(deviceModels.id)).limit(window.limit).offset(window.offset),
        db
          .select({ n: count() })
          .from(deviceModels)
          .innerJoin(deviceFactories, eq(deviceFactories.id, deviceModels.factoryId))
          .innerJoin(deviceTypes, eq(deviceTypes.no, deviceModels.typeNo))
          .leftJoin(projects, eq(projects.id, deviceFactories.projectId))
          .where(where),
      ]);
      return { list: rows.map(present), total: total?.n ?? 0 };
    },

    async view(id: number) {
      const [row] = await select().where(eq(deviceModels.id, id));
      return row ? present(row) : null;
    },

    async find(id: number): Promise<DeviceModelRecord | null> {
      const [row] = await db.select().from(deviceModels).where(eq(deviceModels.id, id));
      return row ?? null;
    },

    async findByNo(no: string) {
      const [row] = await db.select({ id: deviceModels.id }).from(deviceModels).where(eq(deviceModels.no, no));
      return row ?? null;
    },

    async typeExists(no: string) {
      const [row] = await db.select({ id: deviceTypes.id }).from(deviceTypes).where(eq(deviceTypes.no, no));
      return Boolean(row);
    },

    async insert(values: ModelValues) {
      const [row] = await db.insert(deviceModels).values(values).returning({ id: deviceModels.id });
      return row!.id;
    },

    update: (id: number, values: ModelValues) =>
      db
        .update(deviceModels)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(deviceModels.id, id)),

    async dependents(id: number) {
      const [[d], [p]] = await Promise.all([
        db.select({ n: count() }).from(devices).where(eq(devices.modelId, id)),
        db.select({ n: count() }).from(productionItems).where(eq(productionItems.modelId, id)),
      ]);
      return { devices: d?.n ?? 0, items: p?.n ?? 0 };
    },

    delete: (id: number) => db.delete(deviceModels).where(eq(deviceModels.id, id)),
  };
}

export type DeviceModelsRepository = ReturnType<typeof createDeviceModelsRepository>;
