import type { UserView } from '@sc/contract';
import { and, asc, count, eq, like, ne } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { projects, roles, users } from '../../../db/schema/index.js';
import { keywordWhere } from '../../../platform/paging.js';

const viewColumns = {
  id: users.id,
  name: users.name,
  phoneNo: users.phoneNo,
  realName: users.realName,
  roleId: users.roleId,
  roleName: roles.name,
  projectId: roles.projectId,
  projectName: projects.name,
  status: users.status,
  lastLoginAt: users.lastLoginAt,
  createdAt: users.createdAt,
};

type Row = Omit<UserView, 'lastLoginTime' | 'createdAt'> & { lastLoginAt: Date | null; createdAt: Date };

/** Never carries the password hash: the view is all a caller can get. */
const present = ({ lastLoginAt, createdAt, ...rest }: Row): UserView => ({
  ...rest,
  lastLoginTime: lastLoginAt ? lastLoginAt.toISOString() : null,
  createdAt: createdAt.toISOString(),
});

export interface UserRecord {
  id: number;
  name: string;
  roleId: number;
  status: number;
  admin: boolean;
  /** The role's project. */
  projectId: number;
  projectPath: string;
}

export interface UserFilter {
  roleId?: number;
  projectId?: number;
}

export function createUsersRepository(db: Db) {
  const select = () =>
    db
      .select(viewColumns)
      .from(users)
      .innerJoin(roles, eq(roles.id, users.roleId))
      .innerJoin(projects, eq(projects.id, roles.projectId));
  const where = (scopePath: string, filter: UserFilter, words: string[] = []) =>
    and(
      like(projects.path, `${scopePath}%`),
      filter.roleId ? eq(users.roleId, filter.roleId) : undefined,
      filter.projectId ? eq(roles.projectId, filter.projectId) : undefined,
      keywordWhere(words, [users.name, users.realName, users.phoneNo]),
    );

  return {
    async list(scopePath: string, filter: UserFilter, limit: number) {
      return (await select().where(where(scopePath, filter)).orderBy(asc(users.name)).limit(limit)).map(present);
    },

    async page(scopePath: string, filter: UserFilter, words: string[], window: { limit: number; offset: number }) {
      const w = where(scopePath, filter, words);
      const [rows, [total]] = await Promise.all([
        select().where(w).orderBy(asc(users.name)).limit(window.limit).offset(window.offset),
        db
          .select({ n: count() })
          .from(users)
          .innerJoin(roles, eq(roles.id, users.roleId))
          .innerJoin(projects, eq(projects.id, roles.projectId))
          .where(w),
      ]);
      return { list: rows.map(present), total: total?.n ?? 0 };
    },

    async view(id: number) {
      const [row] = await select().where(eq(users.id, id));
      return row ? present(row) : null;
    },

    async find(id: number): Promise<UserRecord | null> {
      const [row] = await db
        .select({
          id: users.id,
          name: users.name,
          roleId: users.roleId,
          status: users.status,
          admin: roles.admin,
          projectId: roles.projectId,
          projectPath: projects.path,
        })
        .from(users)
        .innerJoin(roles, eq(roles.id, users.roleId))
        .innerJoin(projects, eq(projects.id, roles.projectId))
        .where(eq(users.id, id));
      return row ?? null;
    },

    async findByName(name: string) {
      const [row] = await db.select({ id: users.id }).from(users).where(eq(users.name, name));
      return row ?? null;
    },

    /** Active users of an administrator role other than `exceptId`. */
    async otherActiveAdmins(exceptId: number) {
      const [row] = await db
        .select({ n: count() })
        .from(users)
        .innerJoin(roles, eq(roles.id, users.roleId))
        .where(and(eq(roles.admin, true), eq(users.status, 1), ne(users.id, exceptId)));
      return row?.n ?? 0;
    },

    async insert(values: {
      name: string;
      passwordHash: string;
      phoneNo: string;
      realName: string;
      roleId: number;
      status: number;
    }) {
      const [row] = await db.insert(users).values(values).returning({ id: users.id });
      return row!.id;
    },

    update: (id: number, values: { name: string; phoneNo: string; realName: string; roleId: number; status: number }) =>
      db
        .update(users)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(users.id, id)),

    delete: (id: number) => db.delete(users).where(eq(users.id, id)),
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
