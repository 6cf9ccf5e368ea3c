import type { ProjectView } from '@sc/contract';
import { and, asc, count, eq, like, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/client.js';
import { devices, projectModules, projects, roles, users } from '../../../db/schema/index.js';
import { keywordWhere } from '../../../platform/paging.js';

const parent = alias(projects, 'parent');

const viewColumns = {
  id: projects.id,
  parentId: projects.parentId,
  parentName: parent.name,
  name: projects.name,
  no: projects.no,
  description: projects.description,
  lng: projects.lng,
  lat: projects.lat,
  status: projects.status,
  createdAt: projects.createdAt,
  updatedAt: projects.updatedAt,
};

type Row = { [K in keyof typeof viewColumns]: unknown } & { createdAt: Date; updatedAt: Date };

export const presentProject = (row: Row): ProjectView => ({
  ...(row as unknown as ProjectView),
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

export type ProjectRecord = typeof projects.$inferSelect;
export type ProjectValues = Pick<ProjectRecord, 'name' | 'no' | 'description' | 'lng' | 'lat'>;

export function createProjectsRepository(db: Db) {
  const inTree = (path: string) => like(projects.path, `${path}%`);
  const select = () => db.select(viewColumns).from(projects).leftJoin(parent, eq(parent.id, projects.parentId));

  return {
    async list(scopePath: string, limit: number) {
      return (await select().where(inTree(scopePath)).orderBy(asc(projects.path)).limit(limit)).map(presentProject);
    },

    async page(scopePath: string, words: string[], window: { limit: number; offset: number }) {
      const where = and(inTree(scopePath), keywordWhere(words, [projects.name, projects.no, projects.description]));
      const [rows, [total]] = await Promise.all([
        select().where(where).orderBy(asc(projects.path)).limit(window.limit).offset(window.offset),
        db.select({ n: count() }).from(projects).where(where),
      ]);
      return { list: rows.map(presentProject), total: total?.n ?? 0 };
    },

    async view(id: number) {
      const [row] = await select().where(eq(projects.id, id));
      return row ? presentProject(row) : null;
    },

    async find(id: number): Promise<ProjectRecord | null> {
      const [row] = await db.select().from(projects).where(eq(projects.id, id));
      return row ?? null;
    },

    async findByNo(no: string) {
      const [row] = await db.select({ id: projects.id }).from(projects).where(eq(projects.no, no));
      return row ?? null;
    },

    async children(id: number) {
      return (await select().where(eq(projects.parentId, id)).orderBy(asc(projects.name))).map(presentProject);
    },

    /** Inserts under `parentPath`, with the same modules as the parent (root: `modules`). */
    insert: (values: ProjectValues & { parentId: number }, parentPath: string, modules: string[]) =>
      db.transaction(async (tx) => {
        const [row] = await tx.insert(projects).values(values).returning({ id: projects.id });
        const id = row!.id;
        await tx
          .update(projects)
          .set({ path: `${parentPath}${id}/` })
          .where(eq(projects.id, id));
        if (modules.length)
          await tx.insert(projectModules).values(modules.map((module) => ({ projectId: id, module })));
        return id;
      }),

    /** Updates a project; when it moves, rewrites the paths of its whole subtree in the same transaction. */
    update: (id: number, values: Partial<ProjectValues> & { parentId?: number }, move?: { from: string; to: string }) =>
      db.transaction(async (tx) => {
        await tx
          .update(projects)
          .set({ ...values, updatedAt: new Date() })
          .where(eq(projects.id, id));
        if (move) {
          await tx
            .update(projects)
            .set({ path: sql`${move.to} || substr(${projects.path}, ${move.from.length + 1})` })
            .where(like(projects.path, `${move.from}%`));
        }
      }),

    setLocation: (id: number, lng: number, lat: number) =>
      db.update(projects).set({ lng, lat, updatedAt: new Date() }).where(eq(projects.id, id)),

    async dependents(id: number) {
      const [[c], [r], [u], [d]] = await Promise.all([
        db.select({ n: count() }).from(projects).where(eq(projects.parentId, id)),
        db.select({ n: count() }).from(roles).where(eq(roles.projectId, id)),
        db
          .select({ n: count() })
          .from(users)
          .innerJoin(roles, eq(roles.id, users.roleId))
          .where(eq(roles.projectId, id)),
        db.select({ n: count() }).from(devices).where(eq(devices.projectId, id)),
      ]);
      return { children: c?.n ?? 0, roles: r?.n ?? 0, users: u?.n ?? 0, devices: d?.n ?? 0 };
    },

    delete: (id: number) => db.delete(projects).where(eq(projects.id, id)),

    modules: async (id: number) =>
      (
        await db.select({ module: projectModules.module }).from(projectModules).where(eq(projectModules.projectId, id))
      ).map((r) => r.module),
  };
}

export type ProjectsRepository = ReturnType<typeof createProjectsRepository>;
