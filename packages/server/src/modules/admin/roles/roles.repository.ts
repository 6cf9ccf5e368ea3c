import type { RoleView } from '@sc/contract';
import { and, asc, count, eq, like, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { projects, roles, users } from '../../../db/schema/index.js';
import { keywordWhere } from '../../../platform/paging.js';

// Written out in full: inside a sub-select drizzle renders bare column names, which would be ambiguous.
const userCount = sql<number>`(select count(*)::int from "users" u where u."role_id" = "roles"."id")`;

const viewColumns = {
  id: roles.id,
  name: roles.name,
  no: roles.no,
  projectId: roles.projectId,
  projectName: projects.name,
  admin: roles.admin,
  status: roles.status,
  userCount,
  createdAt: roles.createdAt,
};

const present = (row: { createdAt: Date } & Omit<RoleView, 'createdAt'>): RoleView => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
});

export type RoleRecord = typeof roles.$inferSelect & { projectPath: string };

export function createRolesRepository(db: Db) {
  const select = () => db.select(viewColumns).from(roles).innerJoin(projects, eq(projects.id, roles.projectId));
  const inTree = (path: string) => like(projects.path, `${path}%`);

  return {
    async list(scopePath: string, limit: number, projectId?: number) {
      const rows = await select()
        .where(and(inTree(scopePath), projectId ? eq(roles.projectId, projectId) : undefined))
        .orderBy(asc(projects.path), asc(roles.name))
        .limit(limit);
      return rows.map(present);
    },

    async page(scopePath: string, words: string[], window: { limit: number; offset: number }, projectId?: number) {
      const where = and(
        inTree(scopePath),
        projectId ? eq(roles.projectId, projectId) : undefined,
        keywordWhere(words, [roles.name, roles.no, projects.name]),
      );
      const [rows, [total]] = await Promise.all([
        select().where(where).orderBy(asc(projects.path), asc(roles.name)).limit(window.limit).offset(window.offset),
        db.select({ n: count() }).from(roles).innerJoin(projects, eq(projects.id, roles.projectId)).where(where),
      ]);
      return { list: rows.map(present), total: total?.n ?? 0 };
    },

    async view(id: number) {
      const [row] = await select().where(eq(roles.id, id));
      return row ? present(row) : null;
    },

    async find(id: number): Promise<RoleRecord | null> {
      const [row] = await db
        .select({ role: roles, projectPath: projects.path })
        .from(roles)
        .innerJoin(projects, eq(projects.id, roles.projectId))
        .where(eq(roles.id, id));
      return row ? { ...row.role, projectPath: row.projectPath } : null;
    },

    async findByNo(no: string) {
      const [row] = await db.select({ id: roles.id }).from(roles).where(eq(roles.no, no));
      return row ?? null;
    },

    async insert(values: { name: string; no: string; projectId: number }) {
      const [row] = await db.insert(roles).values(values).returning({ id: roles.id });
      return row!.id;
    },

    update: (id: number, values: { name: string; no: string; projectId: number }) =>
      db
        .update(roles)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(roles.id, id)),

    async userCount(id: number) {
      const [row] = await db.select({ n: count() }).from(users).where(eq(users.roleId, id));
      return row?.n ?? 0;
    },

    delete: (id: number) => db.delete(roles).where(eq(roles.id, id)),
  };
}

export type RolesRepository = ReturnType<typeof createRolesRepository>;
