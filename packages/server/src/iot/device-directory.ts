import { and, eq, isNotNull } from 'drizzle-orm';
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

/**
 * Equipment id → device, cached for `ttlMs` so that authentication and every uplink message do not
 * each cost a query; `forget` drops an entry when the registry changes it (register, edit, delete).
 */
export function createDeviceDirectory(db: Db, ttlMs = 30_000) {
  const cache = new Map<string, { at: number; entry: DirectoryEntry | null }>();
  const byId = new Map<number, string>();

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

  const remember = (equipmentId: string, entry: DirectoryEntry | null) => {
    cache.set(equipmentId, { at: Date.now(), entry });
    if (entry) byId.set(entry.id, equipmentId);
    return entry;
  };

  return {
    async get(equipmentId: string): Promise<DirectoryEntry | null> {
      const hit = cache.get(equipmentId);
      if (hit && Date.now() - hit.at < ttlMs) return hit.entry;
      const [row] = await select().where(eq(devices.equipmentId, equipmentId)).limit(1);
      return remember(equipmentId, row ? ({ ...row, equipmentId } as DirectoryEntry) : null);
    },

    async byDeviceId(id: number): Promise<DirectoryEntry | null> {
      const known = byId.get(id);
      if (known) return this.get(known);
      const [row] = await select().where(eq(devices.id, id)).limit(1);
      if (!row?.equipmentId) return null;
      return remember(row.equipmentId, row as DirectoryEntry);
    },

    /** Equipment ids of a gateway's children (who it may speak for). */
    async childrenOf(parentId: number): Promise<string[]> {
      const rows = await db
        .select({ equipmentId: devices.equipmentId })
        .from(devices)
        .where(and(eq(devices.parentId, parentId), isNotNull(devices.equipmentId)));
      return rows.map((r) => r.equipmentId!);
    },

    forget(deviceId: number) {
      const equipmentId = byId.get(deviceId);
      if (equipmentId) cache.delete(equipmentId);
      byId.delete(deviceId);
    },

    clear: () => {
      cache.clear();
      byId.clear();
    },
  };
}

export type DeviceDirectory = ReturnType<typeof createDeviceDirectory>;
