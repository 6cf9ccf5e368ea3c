import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { devices, productionItems } from '../db/schema/index.js';

/** What the device gateway needs to know of a device, by its equipment id. */
export interface DirectoryEntry {
  id: number;
  equipmentId: string;
  projectId: number;
  type: string;
  parentId: number | null;
  protocolVersion: number;
  registered: boolean;
  /** key1 of the production library item the device occupies; null: the device cannot connect. */
  key1: string | null;
  name: string;
}

/** The device directory's statements: devices with the key of the production item each occupies. */
export function createDeviceDirectoryRepository(db: Db) {
  const columns = {
    id: devices.id,
    equipmentId: devices.equipmentId,
    projectId: devices.projectId,
    type: devices.type,
    parentId: devices.parentId,
    protocolVersion: devices.protocolVersion,
    registered: devices.registered,
    key1: productionItems.key1,
    name: devices.name,
  };
  const select = () =>
    db.select(columns).from(devices).leftJoin(productionItems, eq(productionItems.occupiedDeviceId, devices.id));

  return {
    /** The devices of these equipment ids, in one statement with one parameter whatever their number. */
    async byEquipmentIds(equipmentIds: readonly string[]): Promise<DirectoryEntry[]> {
      if (equipmentIds.length === 0) return [];
      const rows = await select().where(sql`${devices.equipmentId} = ANY(${sql.param(equipmentIds)}::text[])`);
      return rows as DirectoryEntry[];
    },

    /** Equipment ids of a gateway's children (who it may speak for). */
    async childrenOf(parentId: number): Promise<string[]> {
      const rows = await db
        .select({ equipmentId: devices.equipmentId })
        .from(devices)
        .where(and(eq(devices.parentId, parentId), isNotNull(devices.equipmentId)));
      return rows.map((r) => r.equipmentId!);
    },
  };
}

export type DeviceDirectoryRepository = ReturnType<typeof createDeviceDirectoryRepository>;
