import { randomInt } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { hashPassword } from '../platform/passwords.js';
import type { Db } from './client.js';
import { projects, roles, users } from './schema/index.js';

export const ROOT_PROJECT = { name: '智慧城市平台', no: 'ROOT' };
export const ADMIN_ROLE = { name: '系统管理员', no: 'admin' };
export const ADMIN_ACCOUNT = 'admin';

const PASSWORD_CHARS = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';
const generatePassword = () =>
  Array.from({ length: 14 }, () => PASSWORD_CHARS[randomInt(PASSWORD_CHARS.length)]).join('');

/**
 * First start: the root project, the administrator role and the administrator `admin`, whose password
 * comes from ADMIN_PASSWORD or is generated and returned so main.ts prints it once. Later starts find
 * the root project and change nothing. Serialised by an advisory lock for several instances.
 */
export async function bootstrap(
  db: Db,
  adminPassword: string | null,
): Promise<{ created: boolean; generatedPassword: string | null }> {
  const [any] = await db.select({ id: projects.id }).from(projects).limit(1);
  if (any) return { created: false, generatedPassword: null };
  const generated = adminPassword ? null : generatePassword();
  const hash = await hashPassword(adminPassword ?? generated!);
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(727002)`);
    const [existing] = await tx.select({ id: projects.id }).from(projects).limit(1);
    if (existing) return { created: false, generatedPassword: null };
    const [root] = await tx
      .insert(projects)
      .values({ ...ROOT_PROJECT, description: '' })
      .returning({ id: projects.id });
    await tx
      .update(projects)
      .set({ path: `/${root!.id}/` })
      .where(eq(projects.id, root!.id));
    const [role] = await tx
      .insert(roles)
      .values({ ...ADMIN_ROLE, projectId: root!.id, admin: true })
      .returning({ id: roles.id });
    await tx
      .insert(users)
      .values({ name: ADMIN_ACCOUNT, passwordHash: hash, realName: '系统管理员', roleId: role!.id });
    return { created: true, generatedPassword: generated };
  });
}
