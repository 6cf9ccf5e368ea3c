import type { ProductionItemView } from '@sc/contract';
import { and, count, desc, eq, inArray, isNull, like, lt, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/client.js';
import {
  deviceModels,
  devices,
  productionImports,
  productionItems,
  projects,
  publishedItem,
} from '../../../db/schema/index.js';
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

/**
 * Rows per statement of a bulk write: each is its own short transaction (about 60 ms on PGlite with the
 * machine loaded at 4, 170 ms at 19; issue 11 allows no request to hold the embedded database for a second).
 */
export const INSERT_BATCH = 250;
/**
 * An unpublished import untouched this long was cut short (a crash, a kill): its rows are swept. Each
 * chunk touches it, and no chunk takes anywhere near a minute.
 */
export const ABANDONED_AFTER_SECONDS = 60;
/** Rows deleted per statement when an import's rows are discarded. */
const DISCARD_BATCH = 2000;

export interface BulkWriteHooks {
  /** Called after each committed chunk with the rows written so far (tests: a failure, a kill). */
  afterChunk?: (written: number) => void | Promise<void>;
}

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

  const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

  /** Deletes an unpublished import's rows, a short statement at a time, then the import itself. */
  async function discard(importId: number) {
    for (;;) {
      const gone = rowsOf<{ id: number }>(
        await db.execute(sql`
          delete from ${productionItems} where ${productionItems.id} in (
            select ${productionItems.id} from ${productionItems}
            where ${productionItems.importId} = ${importId} limit ${DISCARD_BATCH})
          and exists (select 1 from ${productionImports} where ${productionImports.id} = ${importId} and ${productionImports.publishedAt} is null)
          returning ${productionItems.id}`),
      );
      if (gone.length < DISCARD_BATCH) break;
    }
    await db
      .delete(productionImports)
      .where(and(eq(productionImports.id, importId), isNull(productionImports.publishedAt)));
  }

  return {
    /**
     * Removes what imports cut short left behind (a crash or a kill between two chunks): their rows were
     * never visible. On PostgreSQL another instance may be importing right now: only imports untouched
     * for ABANDONED_AFTER_SECONDS are swept. Answers how many imports were swept.
     */
    async sweepAbandonedImports(olderThanSeconds = ABANDONED_AFTER_SECONDS) {
      const stale = await db
        .select({ id: productionImports.id })
        .from(productionImports)
        .where(
          and(
            isNull(productionImports.publishedAt),
            lt(productionImports.touchedAt, sql`now() - make_interval(secs => ${olderThanSeconds})`),
          ),
        );
      for (const { id } of stale) await discard(id);
      return stale.length;
    },

    async page(
      scopePath: string,
      f: { status?: number; projectId?: number; modelId?: number },
      words: string[],
      window: { limit: number; offset: number },
      withKey = false,
    ) {
      const where = and(
        publishedItem,
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
      const [row] = await select().where(and(eq(productionItems.id, id), publishedItem));
      return row ? present(row as Row) : null;
    },

    async find(id: number) {
      const [row] = await db
        .select({ item: productionItems, projectPath: projects.path })
        .from(productionItems)
        .innerJoin(projects, eq(projects.id, productionItems.projectId))
        .where(and(eq(productionItems.id, id), publishedItem));
      return row ?? null;
    },

    async findByNo(no: string) {
      const [row] = await db.select({ id: productionItems.id }).from(productionItems).where(eq(productionItems.no, no));
      return row ?? null;
    },

    /** Which of `nos` are already used (by an import still being written too): one array parameter per chunk, through the unique index. */
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
     * Writes a bulk of items all or nothing, without holding the database: the rows go in as chunks of
     * INSERT_BATCH, each its own short transaction, marked with a new unpublished import and so seen by
     * no one; then one short statement publishes them all at once, provided every row is there. Other
     * calls are served between chunks. If anything fails the rows are deleted again; if the process dies
     * they stay invisible until swept (sweepAbandonedImports). Each statement sends one array per column
     * (INSERT … SELECT FROM unnest), which PostgreSQL binds and plans far faster than thousands of scalar
     * parameters. Then the table's statistics are refreshed (a bulk write: db/statistics.ts).
     */
    async insertAll(rows: ProductionValues[], hooks: BulkWriteHooks = {}) {
      await this.sweepAbandonedImports();
      const [created] = await db
        .insert(productionImports)
        .values({ rows: rows.length })
        .returning({ id: productionImports.id });
      const importId = created!.id;
      try {
        for (let i = 0; i < rows.length; i += INSERT_BATCH) {
          const batch = rows.slice(i, i + INSERT_BATCH);
          const column = <T>(pick: (r: ProductionValues) => T) => sql.param(batch.map(pick));
          // One statement: the rows and the import's heartbeat. In a transaction of its own, so that on
          // PGlite it never runs inside another call's open one (whose rollback would take it along).
          await db.transaction(async (tx) => {
            await tx.execute(sql`
              with touched as (
                update ${productionImports} set touched_at = now() where ${productionImports.id} = ${importId})
              insert into ${productionItems} (name, no, key1, model_id, project_id, description, import_id)
              select *, ${importId}::int from unnest(
                ${column((r) => r.name)}::varchar[], ${column((r) => r.no)}::varchar[],
                ${column((r) => r.key1)}::varchar[], ${column((r) => r.modelId)}::int[],
                ${column((r) => r.projectId)}::int[], ${column((r) => r.description ?? '')}::varchar[])`);
          });
          await hooks.afterChunk?.(i + batch.length);
        }
        // Published in one statement, and only whole: should a chunk have been lost on the way, the
        // count differs and the import is discarded instead.
        const published = rowsOf<{ id: number }>(
          await db.execute(sql`
            update ${productionImports} set published_at = now()
            where ${productionImports.id} = ${importId} and ${productionImports.publishedAt} is null
              and (select count(*) from ${productionItems} where ${productionItems.importId} = ${importId}) = ${rows.length}
            returning ${productionImports.id}`),
        );
        if (!published.length) throw new Error(`Import ${importId}: not every row was written; nothing was published`);
      } catch (error) {
        await discard(importId).catch(() => undefined);
        throw error;
      }
      await refreshStatistics(db, [productionItems]);
      return rows.length;
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
