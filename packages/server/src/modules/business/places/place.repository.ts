import { and, asc, count, eq, like, type SQL } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/client.js';
import { type deviceAreas, type deviceGroups, projects } from '../../../db/schema/index.js';
import { keywordWhere } from '../../../platform/paging.js';

/** The places a device sits in (spec 000 §3): device areas and device groups. */
export type PlaceTable = typeof deviceAreas | typeof deviceGroups;

/** A place as stored, with its project's path (for the caller's scope). */
export type PlaceRecord<T extends PlaceTable> = T['$inferSelect'] & { projectPath: string };

/**
 * What areas and groups share: named, numbered records of a project, listed within the caller's
 * subtree by project path then name, searched over name, no and description. Each kind gives its
 * view query (joined with its project and whatever its view shows), how a view row is presented and
 * the conditions of its list filter.
 */
export function createPlaceRepository<T extends PlaceTable, Q extends PgSelect, View, Filter>(
  db: Db,
  spec: {
    table: T;
    select: () => Q;
    present: (row: Awaited<Q>[number]) => View;
    filter: (filter: Filter) => (SQL | undefined)[];
  },
) {
  const table = spec.table as typeof deviceAreas;
  const within = (scopePath: string, filter: Filter) =>
    and(like(projects.path, `${scopePath}%`), ...spec.filter(filter));
  const order = [asc(projects.path), asc(table.name)];

  return {
    async list(scopePath: string, limit: number, filter: Filter): Promise<View[]> {
      const rows = await spec
        .select()
        .where(within(scopePath, filter))
        .orderBy(...order)
        .limit(limit);
      return (rows as Awaited<Q>).map(spec.present);
    },

    async page(scopePath: string, words: string[], window: { limit: number; offset: number }, filter: Filter) {
      const where = and(within(scopePath, filter), keywordWhere(words, [table.name, table.no, table.description]));
      const [rows, [total]] = await Promise.all([
        spec
          .select()
          .where(where)
          .orderBy(...order)
          .limit(window.limit)
          .offset(window.offset),
        db.select({ n: count() }).from(table).innerJoin(projects, eq(projects.id, table.projectId)).where(where),
      ]);
      return { list: (rows as Awaited<Q>).map(spec.present), total: total?.n ?? 0 };
    },

    async view(id: number): Promise<View | null> {
      const [row] = (await spec.select().where(eq(table.id, id))) as Awaited<Q>;
      return row ? spec.present(row) : null;
    },

    async find(id: number): Promise<PlaceRecord<T> | null> {
      const [row] = await db
        .select({ place: table, projectPath: projects.path })
        .from(table)
        .innerJoin(projects, eq(projects.id, table.projectId))
        .where(eq(table.id, id));
      return row ? ({ ...row.place, projectPath: row.projectPath } as PlaceRecord<T>) : null;
    },

    async findByNo(no: string) {
      const [row] = await db.select({ id: table.id }).from(table).where(eq(table.no, no));
      return row ?? null;
    },

    async insert(values: T['$inferInsert']) {
      const [row] = await db
        .insert(table)
        .values(values as typeof deviceAreas.$inferInsert)
        .returning({ id: table.id });
      return row!.id;
    },

    update: (id: number, values: Partial<T['$inferInsert']>) =>
      db
        .update(table)
        .set({ ...(values as Partial<typeof deviceAreas.$inferInsert>), updatedAt: new Date() })
        .where(eq(table.id, id)),

    delete: (id: number) => db.delete(table).where(eq(table.id, id)),
  };
}
