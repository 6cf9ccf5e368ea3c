import type { ProductionItemView } from '@sc/contract';
import { and, count, desc, eq, inArray, like, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/client.js';
import { deviceModels, devices, productionItems, projects } from '../../../db/schema/index.js';
import { refreshStatistics } from '../../../db/statistics.js';
import { keywordWhere } from '../../../platform/paging.js';
import { isWholeTree } from '../../../platform/scope.js';

const occupiedProject = alias(projects, 'occupied_project');

const viewColumns = {
  id: productionItems.id,
  name: productionItems.name,
  no: productionItems.no,
  key1: productionItems.key1,
  modelId: productionItems.modelId,
  modelName: deviceModels.name,
  projectId: productionItems.projectId,
  projectName: projects.name,
  description: productionItems.description,
  status: productionItems.status,
  occupiedProjectId: productionItems.occupiedProjectId,
  occupiedProjectName: occupiedProject.name,
  occupiedDeviceId: productionItems.occupiedDeviceId,
  occupiedDeviceName: devices.name,
  occupiedAt: productionItems.occupiedAt,
  createdAt: productionItems.createdAt,
};

type Row = Omit<ProductionItemView, 'occupiedAt' | 'createdAt'> & { occupiedAt: Date | null; createdAt: Date };

const present = (row: Row): ProductionItemView => ({
  ...row,
  occupiedAt: row.occupiedAt ? new Date(row.occupiedAt).toISOString() : null,
  createdAt: new Date(row.createdAt).toISOString(),
});

export type ProductionRecord = typeof productionItems.$inferSelect;
export type ProductionValues = Pick<
  typeof productionItems.$inferInsert,
  'name' | 'no' | 'key1' | 'modelId' | 'projectId' | 'description'
>;

/** Rows per INSERT statement of an import. */
export const INSERT_BATCH = 1000;

export function createProductionRepository(db: Db) {
  /** The caller's subtree; the root's is every item: no condition (counting 100,000 items joined each to its project). */
  const inTree = (scopePath: string): SQL | undefined =>
    isWholeTree(scopePath)
      ? undefined
      : inArray(
          productionItems.projectId,
          sql`(select ${projects.id} from ${projects} where ${like(projects.path, `${scopePath}%`)})`,
        );
  const select = () =>
    db
      .select(viewColumns)
      .from(productionItems)
      .innerJoin(projects, eq(projects.id, productionItems.projectId))
      .innerJoin(deviceModels, eq(deviceModels.id, productionItems.modelId))
      .leftJoin(occupiedProject, eq(occupiedProject.id, productionItems.occupiedProjectId))
      .leftJoin(devices, eq(devices.id, productionItems.occupiedDeviceId));

  return {
    async page(
      scopePath: string,
      f: { status?: number; projectId?: number; modelId?: number },
      words: string[],
      window: { limit: number; offset: number },
      withKey = false,
    ) {
      const where = and(
        inTree(scopePath),
        f.status !== undefined ? eq(productionItems.status, f.status) : undefined,
        f.projectId !== undefined ? eq(productionItems.projectId, f.projectId) : undefined,
        f.modelId !== undefined ? eq(productionItems.modelId, f.modelId) : undefined,
        // Name and number by substring (trigram indexes); a key only whole, and only for callers who
        // edit the library: a key is a device's MQTT password, which view-level users never see.
        ...words.map((word) =>
          withKey
            ? or(keywordWhere([word], [productionItems.name, productionItems.no]), eq(productionItems.key1, word))
            : keywordWhere([word], [productionItems.name, productionItems.no]),
        ),
      );
      // With search words the matches come from the trigram indexes and are sorted (`id + 0`): walking
      // the primary key backwards until 25 matches turn up read 57,000 rows for a number fragment of
      // old items (79 ms on PostgreSQL after a 100,000-row import, docs/performance.md).
      const newestFirst = words.length ? sql`${productionItems.id} + 0 desc` : desc(productionItems.id);
      const [rows, [total]] = await Promise.all([
        select().where(where).orderBy(newestFirst).limit(window.limit).offset(window.offset),
        db.select({ n: count() }).from(productionItems).where(where),
      ]);
      return { list: rows.map((r) => present(r as Row)), total: total?.n ?? 0 };
    },

    async view(id: number) {
      const [row] = await select().where(eq(productionItems.id, id));
      return row ? present(row as Row) : null;
    },

    async find(id: number) {
      const [row] = await db
        .select({ item: productionItems, projectPath: projects.path })
        .from(productionItems)
        .innerJoin(projects, eq(projects.id, productionItems.projectId))
        .where(eq(productionItems.id, id));
      return row ?? null;
    },

    async findByNo(no: string) {
      const [row] = await db.select({ id: productionItems.id }).from(productionItems).where(eq(productionItems.no, no));
      return row ?? null;
    },

    /** Which of `nos` are already used: one array parameter per chunk, through the unique index. */
    async existingNos(nos: string[]) {
      const found: string[] = [];
      for (let i = 0; i < nos.length; i += 10000) {
        const chunk = nos.slice(i, i + 10000);
        const rows = await db
          .select({ no: productionItems.no })
          .from(productionItems)
          .where(sql`${productionItems.no} = any(${sql.param(chunk)}::text[])`);
        found.push(...rows.map((r) => r.no));
      }
      return found;
    },

    async insert(values: ProductionValues) {
      const [row] = await db.insert(productionItems).values(values).returning({ id: productionItems.id });
      return row!.id;
    },

    /**
     * Inserts every row in one transaction, INSERT_BATCH rows per statement: all or nothing. Each
     * statement sends one array per column (INSERT … SELECT FROM unnest), which PostgreSQL binds and
     * plans far faster than thousands of scalar parameters. Then the table's statistics are refreshed
     * (a bulk write: db/statistics.ts).
     */
    async insertAll(rows: ProductionValues[]) {
      const inserted = await db.transaction(async (tx) => {
        for (let i = 0; i < rows.length; i += INSERT_BATCH) {
          const batch = rows.slice(i, i + INSERT_BATCH);
          const column = <T>(pick: (r: ProductionValues) => T) => sql.param(batch.map(pick));
          await tx.execute(sql`
            insert into ${productionItems} (name, no, key1, model_id, project_id, description)
            select * from unnest(
              ${column((r) => r.name)}::varchar[], ${column((r) => r.no)}::varchar[],
              ${column((r) => r.key1)}::varchar[], ${column((r) => r.modelId)}::int[],
              ${column((r) => r.projectId)}::int[], ${column((r) => r.description ?? '')}::varchar[])`);
        }
        return rows.length;
      });
      await refreshStatistics(db, [productionItems]);
      return inserted;
    },

    update: (id: number, values: Partial<ProductionValues>) =>
      db.update(productionItems).set(values).where(eq(productionItems.id, id)),

    /** Deletes an item only while it is idle; answers whether it did. */
    async deleteIdle(id: number) {
      const rows = await db
        .delete(productionItems)
        .where(and(eq(productionItems.id, id), eq(productionItems.status, 0)))
        .returning({ id: productionItems.id });
      return rows.length > 0;
    },
  };
}

export type ProductionRepository = ReturnType<typeof createProductionRepository>;
