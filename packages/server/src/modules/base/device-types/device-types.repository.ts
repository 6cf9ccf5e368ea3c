import type { DeviceTypeView } from '@sc/contract';
import { asc, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { deviceModels, devices, deviceTypes } from '../../../db/schema/index.js';
import { keywordWhere } from '../../../platform/paging.js';

const deviceCount = sql<number>`(select count(*)::int from devices d where d.type = "device_types"."no")`;

const viewColumns = {
  id: deviceTypes.id,
  name: deviceTypes.name,
  no: deviceTypes.no,
  builtin: deviceTypes.builtin,
  hasIcon: sql<boolean>`(${deviceTypes.icon} is not null)`,
  iconVersion: deviceTypes.iconVersion,
  deviceCount,
  createdAt: deviceTypes.createdAt,
};

type Row = { hasIcon: boolean; iconVersion: number; createdAt: Date } & Omit<DeviceTypeView, 'icon' | 'createdAt'>;

/** The icon URL carries the version so browsers may cache it for long. */
const present = ({ hasIcon, iconVersion, createdAt, ...row }: Row): DeviceTypeView => ({
  ...row,
  icon: hasIcon ? `/api/bas/devicetypes.do/${row.id}/icon?v=${iconVersion}` : null,
  createdAt: createdAt.toISOString(),
});

export type DeviceTypeRecord = Omit<typeof deviceTypes.$inferSelect, 'icon'>;

export function createDeviceTypesRepository(db: Db) {
  const select = () => db.select(viewColumns).from(deviceTypes);

  return {
    async list(limit: number) {
      return (await select().orderBy(asc(deviceTypes.id)).limit(limit)).map(present);
    },

    async page(words: string[], window: { limit: number; offset: number }) {
      const where = keywordWhere(words, [deviceTypes.name, deviceTypes.no]);
      const [rows, [total]] = await Promise.all([
        select().where(where).orderBy(asc(deviceTypes.id)).limit(window.limit).offset(window.offset),
        db.select({ n: count() }).from(deviceTypes).where(where),
      ]);
      return { list: rows.map(present), total: total?.n ?? 0 };
    },

    async view(id: number) {
      const [row] = await select().where(eq(deviceTypes.id, id));
      return row ? present(row) : null;
    },

    async find(id: number): Promise<DeviceTypeRecord | null> {
      const [row] = await db
        .select({
          id: deviceTypes.id,
          name: deviceTypes.name,
          no: deviceTypes.no,
          builtin: deviceTypes.builtin,
          iconMime: deviceTypes.iconMime,
          iconVersion: deviceTypes.iconVersion,
          createdAt: deviceTypes.createdAt,
          updatedAt: deviceTypes.updatedAt,
        })
        .from(deviceTypes)
        .where(eq(deviceTypes.id, id));
      return row ?? null;
    },

    async findByNo(no: string) {
      const [row] = await db.select({ id: deviceTypes.id }).from(deviceTypes).where(eq(deviceTypes.no, no));
      return row ?? null;
    },

    async insert(values: { name: string; no: string }) {
      const [row] = await db.insert(deviceTypes).values(values).returning({ id: deviceTypes.id });
      return row!.id;
    },

    update: (id: number, values: { name: string; no: string }) =>
      db
        .update(deviceTypes)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(deviceTypes.id, id)),

    setIcon: (id: number, icon: Buffer, mime: string) =>
      db
        .update(deviceTypes)
        .set({ icon, iconMime: mime, iconVersion: sql`${deviceTypes.iconVersion} + 1`, updatedAt: new Date() })
        .where(eq(deviceTypes.id, id)),

    async icon(id: number) {
      const [row] = await db
        .select({ icon: deviceTypes.icon, mime: deviceTypes.iconMime })
        .from(deviceTypes)
        .where(eq(deviceTypes.id, id));
      return row?.icon && row.mime ? { bytes: row.icon, mime: row.mime } : null;
    },

    async dependents(no: string) {
      const [[d], [m]] = await Promise.all([
        db.select({ n: count() }).from(devices).where(eq(devices.type, no)),
        db.select({ n: count() }).from(deviceModels).where(eq(deviceModels.typeNo, no)),
      ]);
      return { devices: d?.n ?? 0, models: m?.n ?? 0 };
    },

    delete: (id: number) => db.delete(deviceTypes).where(eq(deviceTypes.id, id)),
  };
}

export type DeviceTypesRepository = ReturnType<typeof createDeviceTypesRepository>;
