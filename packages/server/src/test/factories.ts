import { eq, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { projectModules, projects, rolePermissions, roles, users } from '../db/schema/index.js';
import { hashPassword } from '../platform/passwords.js';

let seq = 0;
const next = () => `${Date.now().toString(36)}${(++seq).toString(36)}`.slice(-10);

/** Test data written straight to the database, for suites that run before the admin API exists. */
export async function createProject(db: Db, parentId: number | null, modules?: string[]) {
  const [parent] = parentId ? await db.select().from(projects).where(eq(projects.id, parentId)) : [null];
  const [row] = await db
    .insert(projects)
    .values({ name: `项目${next()}`, no: `P${next()}`, parentId })
    .returning();
  const path = `${parent?.path ?? '/'}${row!.id}/`;
  await db.update(projects).set({ path }).where(eq(projects.id, row!.id));
  if (modules) await db.insert(projectModules).values(modules.map((module) => ({ projectId: row!.id, module })));
  return { ...row!, path };
}

export async function createRole(db: Db, projectId: number, permissions: Record<string, number> = {}) {
  const [role] = await db
    .insert(roles)
    .values({ name: `角色${next()}`, no: `R${next()}`, projectId })
    .returning();
  const grants = Object.entries(permissions).map(([functionKey, level]) => ({ roleId: role!.id, functionKey, level }));
  if (grants.length) await db.insert(rolePermissions).values(grants);
  return role!;
}

export async function createUser(db: Db, roleId: number, password = 'Secret123') {
  const name = `u${next()}`.slice(0, 16);
  const [user] = await db
    .insert(users)
    .values({ name, passwordHash: await hashPassword(password), roleId, realName: '测试用户' })
    .returning();
  return { ...user!, password };
}

/** Raw rows of a query; both drivers answer `{ rows }`. */
export async function queryRows<T = Record<string, unknown>>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** A device that can connect over MQTT: an equipment id and the production item holding its key1. */
export async function createIotDevice(
  db: Db,
  values: {
    type: string;
    modelNo: string;
    projectId?: number;
    parentId?: number;
    registered?: boolean;
    activeState?: number;
    props?: Record<string, unknown>;
  },
) {
  const { deviceModels, devices, productionItems } = await import('../db/schema/index.js');
  const [model] = await db.select().from(deviceModels).where(eq(deviceModels.no, values.modelNo));
  const equipmentId = `EQ${next()}`.toUpperCase();
  const key1 = `key-${next()}`;
  const [device] = await db
    .insert(devices)
    .values({
      projectId: values.projectId ?? 1,
      name: `设备${next()}`,
      no: `D${next()}`,
      type: values.type,
      modelId: model!.id,
      factoryId: model!.factoryId,
      parentId: values.parentId ?? null,
      equipmentId,
      registered: values.registered ?? true,
      activeState: values.activeState ?? 0,
      props: values.props ?? {},
    })
    .returning();
  await db.insert(productionItems).values({
    name: `终端${next()}`,
    no: equipmentId,
    key1,
    modelId: model!.id,
    projectId: values.projectId ?? 1,
    status: 1,
    occupiedDeviceId: device!.id,
    occupiedProjectId: device!.projectId,
    occupiedAt: new Date(),
  });
  return { ...device!, equipmentId, key1 };
}
