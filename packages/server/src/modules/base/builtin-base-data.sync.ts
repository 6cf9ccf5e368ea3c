import { DEVICE_FACTORIES, DEVICE_MODELS, DEVICE_TYPES, I18N_RESOURCES } from '@sc/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { deviceFactories, deviceModels, deviceTypes } from '../../db/schema/index.js';
import type { SyncStep } from '../system/sync-steps.js';

/** The factory of built-in models made by neither Dahua nor HikVision. */
export const GENERIC_FACTORY = { no: 'generic', name: '通用厂商' };

const typeNames = I18N_RESOURCES.zh_CN.families.types;

/** Built-in models: the factory each belongs to by its code, and a readable name. */
function factoryOf(model: string): string {
  if (model.startsWith('dahua') || model.endsWith('dh')) return 'dahua';
  if (model.startsWith('hik') || model.endsWith('isc')) return 'hikvision';
  return GENERIC_FACTORY.no;
}

/** The 15 device types of spec 000 §3: added when missing, never renamed once an operator did. */
export const builtinDeviceTypes: SyncStep = {
  name: 'builtinDeviceTypes',
  async run(db) {
    const inserted = await db
      .insert(deviceTypes)
      .values(DEVICE_TYPES.map((no) => ({ no, name: typeNames[no], builtin: true })))
      .onConflictDoNothing()
      .returning({ id: deviceTypes.id });
    return inserted.length > 0;
  },
};

/** Dahua, HikVision (spec 000 §3) and the generic factory of the other built-in models. */
export const builtinFactories: SyncStep = {
  name: 'builtinFactories',
  async run(db) {
    const inserted = await db
      .insert(deviceFactories)
      .values([...DEVICE_FACTORIES, GENERIC_FACTORY].map((f) => ({ no: f.no, name: f.name, builtin: true })))
      .onConflictDoNothing()
      .returning({ id: deviceFactories.id });
    return inserted.length > 0;
  },
};

/** The 28 model codes of spec 000 §3, each with its type and factory. */
export const builtinModels: SyncStep = {
  name: 'builtinModels',
  async run(db) {
    const factories = new Map(
      (await db.select({ id: deviceFactories.id, no: deviceFactories.no }).from(deviceFactories)).map((f) => [
        f.no,
        f.id,
      ]),
    );
    const values = Object.entries(DEVICE_MODELS).flatMap(([no, typeNo]) => {
      const factoryId = factories.get(factoryOf(no));
      return factoryId ? [{ no, name: no.toUpperCase(), typeNo, factoryId, builtin: true }] : [];
    });
    const inserted = await db
      .insert(deviceModels)
      .values(values)
      .onConflictDoNothing()
      .returning({ id: deviceModels.id });
    return inserted.length > 0;
  },
};

export const BASE_DATA_SYNC_STEPS: readonly SyncStep[] = [builtinDeviceTypes, builtinFactories, builtinModels];

/** For tests: the id of a built-in model by its code. */
export async function builtinModelId(db: Db, no: string): Promise<number> {
  const [row] = await db.select({ id: deviceModels.id }).from(deviceModels).where(eq(deviceModels.no, no));
  if (!row) throw new Error(`no built-in model ${no}`);
  return row.id;
}
