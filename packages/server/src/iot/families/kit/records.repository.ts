import { and, count, eq, ne, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgSelect, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/client.js';

/** The rows of a page a list asks for. */
export type PageWindow = { limit: number; offset: number };

/**
 * A page of `list` (a `db.select(…).from(table)…$dynamic()` with its columns and joins) where `where`
 * holds, in `order`, and how many rows of `table` match.
 */
export async function pageRows<T extends PgSelect>(
  db: Db,
  list: T,
  table: PgTable,
  where: SQL | undefined,
  order: (AnyPgColumn | SQL)[],
  window: PageWindow,
) {
  const [rows, [total]] = await Promise.all([
    list
      .where(where)
      .orderBy(...order)
      .limit(window.limit)
      .offset(window.offset),
    db.select({ n: count() }).from(table).where(where),
  ]);
  return { rows: rows as T['_']['result'], total: total?.n ?? 0 };
}

/** A table of a project's own records (groups, media): their id and project. */
type ProjectRecords = PgTable & { id: AnyPgColumn; projectId: AnyPgColumn };

/**
 * Whether another record of the project than `exceptId` holds `value` in `column` (its number, its
 * name): what a create or a change checks before it writes.
 */
export async function takenInProject<T extends ProjectRecords>(
  db: Db,
  table: T,
  column: AnyPgColumn,
  value: string | number,
  projectId: number,
  exceptId?: number,
) {
  const rows = await db
    .select({ id: table.id })
    .from(table as PgTable)
    .where(and(eq(table.projectId, projectId), eq(column, value), exceptId ? ne(table.id, exceptId) : undefined))
    .limit(1);
  return rows.length > 0;
}
