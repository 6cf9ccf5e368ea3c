import type { TableColumnsType } from 'antd';

type ShouldCellUpdate = (record: object, prevRecord: object) => boolean;

/**
 * One check per render function: a cell is drawn again when its row is a new object, or when the
 * column's render function is new (a screen that rebuilds its columns, e.g. for another language, gets
 * every cell drawn once with the new function). Without it rc-table calls every cell's render on each
 * render of the table: a push on one shown row redrew every cell of the list.
 */
const checks = new WeakMap<object, ShouldCellUpdate>();

function checkFor(render: object | undefined): ShouldCellUpdate {
  if (!render) return (record, prevRecord) => record !== prevRecord;
  let check = checks.get(render);
  if (!check) {
    const drawn = new WeakSet<object>();
    check = (record, prevRecord) => {
      if (record === prevRecord && drawn.has(record)) return false;
      drawn.add(record);
      return true;
    };
    checks.set(render, check);
  }
  return check;
}

/**
 * Columns whose cells are drawn again only for a changed row (or a changed column), so that a live list
 * patched by pushes redraws the rows that changed. Holds only when a column's cells depend on nothing but
 * the row and its render function: a screen keeps its columns (and their renders) while nothing else they
 * read changes, and builds new ones when it does.
 */
export function withRecordCells<T>(columns: TableColumnsType<T>): TableColumnsType<T> {
  return columns.map((column) => {
    if (column.shouldCellUpdate) return column;
    if ('children' in column && column.children) return { ...column, children: withRecordCells(column.children) };
    const render = 'render' in column ? column.render : undefined;
    return { ...column, shouldCellUpdate: checkFor(render) as (record: T, prevRecord: T) => boolean };
  });
}
