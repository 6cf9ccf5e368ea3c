import type { LayoutGrid, LayoutUnit, SummaryLayoutView } from '@sc/contract';
import { and, asc, count, eq, max, ne } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { summaryLayouts, users } from '../../../db/schema/index.js';
import { keywordWhere } from '../../../platform/paging.js';

export interface LayoutValues {
  name: string;
  no: string;
  grid: LayoutGrid;
  isDefault: boolean;
  priority: number;
  units: LayoutUnit[];
}

const columns = {
  id: summaryLayouts.id,
  projectId: summaryLayouts.projectId,
  name: summaryLayouts.name,
  no: summaryLayouts.no,
  grid: summaryLayouts.grid,
  isDefault: summaryLayouts.isDefault,
  priority: summaryLayouts.priority,
  units: summaryLayouts.units,
  creator: users.name,
  createdAt: summaryLayouts.createdAt,
  updatedAt: summaryLayouts.updatedAt,
};
type Row = { [K in keyof typeof columns]: unknown } & { createdAt: Date; updatedAt: Date };

const present = (r: Row): SummaryLayoutView => ({
  id: r.id as number,
  projectId: r.projectId as number,
  name: r.name as string,
  no: r.no as string,
  grid: r.grid as LayoutGrid,
  isDefault: r.isDefault as boolean,
  priority: r.priority as number,
  units: r.units as LayoutUnit[],
  creator: (r.creator as string | null) ?? null,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

/** The SQL of a project's summary layouts: listed by priority, at most one default per project. */
export function createSummaryLayoutsRepository(db: Db) {
  const select = () =>
    db.select(columns).from(summaryLayouts).leftJoin(users, eq(users.id, summaryLayouts.creatorId)).$dynamic();
  const order = [asc(summaryLayouts.priority), asc(summaryLayouts.id)];

  return {
    async page(projectId: number, words: string[], window: { limit: number; offset: number }) {
      const where = and(
        eq(summaryLayouts.projectId, projectId),
        keywordWhere(words, [summaryLayouts.name, summaryLayouts.no]),
      );
      const [rows, [total]] = await Promise.all([
        select()
          .where(where)
          .orderBy(...order)
          .limit(window.limit)
          .offset(window.offset),
        db.select({ n: count() }).from(summaryLayouts).where(where),
      ]);
      return { list: rows.map(present), total: total?.n ?? 0 };
    },

    async view(id: number) {
      const [row] = await select().where(eq(summaryLayouts.id, id));
      return row ? present(row) : null;
    },

    /** The layout the dashboard shows: the default, else the first by priority. */
    async inUse(projectId: number) {
      const [chosen] = await select()
        .where(and(eq(summaryLayouts.projectId, projectId), eq(summaryLayouts.isDefault, true)))
        .limit(1);
      if (chosen) return present(chosen);
      const [first] = await select()
        .where(eq(summaryLayouts.projectId, projectId))
        .orderBy(...order)
        .limit(1);
      return first ? present(first) : null;
    },

    async noHolder(projectId: number, no: string) {
      const [row] = await db
        .select({ id: summaryLayouts.id })
        .from(summaryLayouts)
        .where(and(eq(summaryLayouts.projectId, projectId), eq(summaryLayouts.no, no)));
      return row ?? null;
    },

    async nextPriority(projectId: number) {
      const [row] = await db
        .select({ p: max(summaryLayouts.priority) })
        .from(summaryLayouts)
        .where(eq(summaryLayouts.projectId, projectId));
      return Math.min((row?.p ?? 0) + 1, 9999);
    },

    /** Inserts a layout; a default one takes the flag from the project's other layouts, in one transaction. */
    insert(projectId: number, creatorId: number, values: LayoutValues) {
      return db.transaction(async (tx) => {
        if (values.isDefault)
          await tx
            .update(summaryLayouts)
            .set({ isDefault: false })
            .where(and(eq(summaryLayouts.projectId, projectId), eq(summaryLayouts.isDefault, true)));
        const [row] = await tx
          .insert(summaryLayouts)
          .values({ ...values, projectId, creatorId })
          .returning({ id: summaryLayouts.id });
        return row!.id;
      });
    },

    update(id: number, projectId: number, values: LayoutValues) {
      return db.transaction(async (tx) => {
        if (values.isDefault)
          await tx
            .update(summaryLayouts)
            .set({ isDefault: false })
            .where(
              and(
                eq(summaryLayouts.projectId, projectId),
                eq(summaryLayouts.isDefault, true),
                ne(summaryLayouts.id, id),
              ),
            );
        await tx
          .update(summaryLayouts)
          .set({ ...values, updatedAt: new Date() })
          .where(eq(summaryLayouts.id, id));
      });
    },

    setPriority: (id: number, priority: number) =>
      db.update(summaryLayouts).set({ priority, updatedAt: new Date() }).where(eq(summaryLayouts.id, id)),

    delete: (id: number) => db.delete(summaryLayouts).where(eq(summaryLayouts.id, id)),
  };
}

export type SummaryLayoutsRepository = ReturnType<typeof createSummaryLayoutsRepository>;
