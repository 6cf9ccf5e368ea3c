import { MODULES } from '@sc/contract';
import { and, eq, isNull } from 'drizzle-orm';
import { ADMIN_ROLE } from '../../db/bootstrap.js';
import type { Db } from '../../db/client.js';
import { projectModules, projects, roles } from '../../db/schema/index.js';
import { BASE_DATA_SYNC_STEPS } from '../base/builtin-base-data.sync.js';

/**
 * One idempotent re-application of built-in data (PATCH /api/syncsysdata.do). A step adds or repairs
 * what the product ships and never removes or rewrites what users made; it answers whether it changed
 * anything. Later modules append their steps (device types, factories, models) to SYNC_STEPS.
 */
export interface SyncStep {
  name: string;
  run(db: Db): Promise<boolean>;
}

const rootProject = async (db: Db) => {
  const [root] = await db.select({ id: projects.id }).from(projects).where(isNull(projects.parentId)).limit(1);
  return root ?? null;
};

/** The root project has every module (the access rules already treat it so; its rows catch up). */
const rootProjectModules: SyncStep = {
  name: 'rootProjectModules',
  async run(db) {
    const root = await rootProject(db);
    if (!root) return false;
    const inserted = await db
      .insert(projectModules)
      .values(MODULES.map((module) => ({ projectId: root.id, module })))
      .onConflictDoNothing()
      .returning({ module: projectModules.module });
    return inserted.length > 0;
  },
};

/** The root project has an administrator role: the built-in one is marked admin again, or made anew. */
const rootAdminRole: SyncStep = {
  name: 'rootAdminRole',
  async run(db) {
    const root = await rootProject(db);
    if (!root) return false;
    const [admin] = await db
      .select({ id: roles.id })
      .from(roles)
      .where(and(eq(roles.projectId, root.id), eq(roles.admin, true)))
      .limit(1);
    if (admin) return false;
    const [builtin] = await db
      .select({ id: roles.id, projectId: roles.projectId })
      .from(roles)
      .where(eq(roles.no, ADMIN_ROLE.no));
    if (builtin?.projectId === root.id) {
      await db.update(roles).set({ admin: true, updatedAt: new Date() }).where(eq(roles.id, builtin.id));
      return true;
    }
    // The built-in number is taken by a role elsewhere: the new role gets a free variant of it.
    const no = builtin ? `${ADMIN_ROLE.no}_${root.id}_${Date.now().toString(36)}` : ADMIN_ROLE.no;
    await db.insert(roles).values({ name: ADMIN_ROLE.name, no: no.slice(0, 32), projectId: root.id, admin: true });
    return true;
  },
};

export const SYNC_STEPS: SyncStep[] = [rootProjectModules, rootAdminRole, ...BASE_DATA_SYNC_STEPS];

/** Every start applies the built-in data too, so a new version's types and models appear by themselves. */
export async function applyBuiltinData(db: Db): Promise<void> {
  for (const step of SYNC_STEPS) await step.run(db);
}
