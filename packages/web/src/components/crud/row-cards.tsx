import {
  Card,
  Checkbox,
  Descriptions,
  Empty,
  Flex,
  Pagination,
  Spin,
  Table,
  type TableColumnsType,
  type TablePaginationConfig,
  type TableProps,
} from 'antd';
import { type Key, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePhone } from '../use-phone';

/** What a card reads of a table column. */
interface Column<T> {
  key?: Key;
  title?: unknown;
  dataIndex?: unknown;
  render?: (value: unknown, row: T, index: number) => unknown;
  children?: unknown;
}

/** A cell as the table would draw it: the column's `render` of its `dataIndex` value, or the value. */
function cellOf<T>(column: Column<T>, row: T, index: number): ReactNode {
  const path = column.dataIndex;
  const keys: unknown[] = path === undefined ? [] : Array.isArray(path) ? path : [path];
  const value = keys.reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k as string], row);
  const drawn = column.render ? column.render(value, row, index) : value;
  // A render may answer a cell with props (`{ children, props }`): its content is what shows.
  if (drawn && typeof drawn === 'object' && 'props' in drawn && 'children' in drawn && !('$$typeof' in drawn))
    return (drawn as { children: ReactNode }).children;
  return (drawn as ReactNode) ?? '';
}

const titleOf = (column: Column<never>): ReactNode =>
  typeof column.title === 'function' ? null : (column.title as ReactNode);

/**
 * A list's rows as cards on a phone, where a table of many columns would scroll sideways: the first
 * column (the name) heads each card, the others follow as label and value, the actions column at the
 * foot; the same columns, renders, paging and selection as the table, one card under another.
 */
export function RowCards<T extends { id: Key }>(props: {
  rows: readonly T[];
  columns: TableColumnsType<T>;
  loading: boolean;
  empty: ReactNode;
  pagination: TablePaginationConfig | false;
  selection?: { selected: readonly Key[]; onChange: (keys: Key[]) => void; disabled?: (row: T) => boolean };
}) {
  const columns = props.columns as unknown as Column<T>[];
  const [head, ...rest] = columns.filter((c) => !c.children);
  const actions = rest.find((c) => c.key === 'actions');
  const fields = rest.filter((c) => c !== actions);
  const { selection } = props;
  const paging = props.pagination === false ? null : props.pagination;
  // Paged as the table (and antd's List before it) pages: a page of the rows when they are all here,
  // the rows as they are when the server sent one page of `total`.
  const [own, setOwn] = useState({ current: paging?.defaultCurrent ?? 1, pageSize: paging?.defaultPageSize ?? 10 });
  const pageSize = paging?.pageSize ?? own.pageSize;
  const total = paging?.total ?? props.rows.length;
  const current = Math.max(1, Math.min(paging?.current ?? own.current, Math.ceil(total / pageSize)));
  const from = (current - 1) * pageSize;
  const rows = paging && props.rows.length > from ? props.rows.slice(from, from + pageSize) : props.rows;
  return (
    <Spin spinning={props.loading}>
      <Flex vertical gap={12} data-testid="row-cards">
        {rows.length === 0 && !props.loading ? (
          <Flex justify="center" style={{ padding: 16 }}>
            {props.empty}
          </Flex>
        ) : (
          rows.map((row, index) => (
            <Card
              key={row.id}
              size="small"
              data-row-key={row.id}
              title={
                <Flex gap={8} align="center" style={{ minWidth: 0 }}>
                  {selection && (
                    <Checkbox
                      checked={selection.selected.includes(row.id)}
                      disabled={selection.disabled?.(row)}
                      onChange={(e) =>
                        selection.onChange(
                          e.target.checked
                            ? [...selection.selected, row.id]
                            : selection.selected.filter((id) => id !== row.id),
                        )
                      }
                    />
                  )}
                  {head && cellOf(head, row, index)}
                </Flex>
              }
            >
              <Descriptions
                size="small"
                column={1}
                items={fields.map((c, i) => ({
                  key: String(c.key ?? c.dataIndex ?? i),
                  label: titleOf(c as Column<never>),
                  children: cellOf(c, row, index),
                }))}
              />
              {actions && <Flex justify="flex-end">{cellOf(actions, row, index)}</Flex>}
            </Card>
          ))
        )}
        {paging && (
          <Pagination
            size="small"
            align="center"
            current={current}
            pageSize={pageSize}
            total={total}
            hideOnSinglePage={paging.hideOnSinglePage}
            showSizeChanger={paging.showSizeChanger}
            pageSizeOptions={paging.pageSizeOptions}
            showTotal={paging.showTotal}
            onChange={(page, size) => {
              setOwn({ current: page, pageSize: size });
              paging.onChange?.(page, size);
            }}
          />
        )}
      </Flex>
    </Spin>
  );
}

/**
 * A table that shows its rows as cards on a phone (RowCards: same columns, paging and selection) and is
 * antd's table elsewhere; a table with expandable rows stays a table.
 */
export function ResponsiveTable<T extends { id: Key }>(props: TableProps<T>) {
  const phone = usePhone();
  const { t } = useTranslation();
  if (!phone || props.expandable) return <Table<T> {...props} />;
  const rows = props.dataSource ?? [];
  const selection = props.rowSelection;
  return (
    <RowCards<T>
      rows={rows}
      columns={props.columns ?? []}
      loading={Boolean(typeof props.loading === 'object' ? props.loading.spinning : props.loading)}
      empty={
        (props.locale?.emptyText as ReactNode) ?? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('common.empty')} />
        )
      }
      pagination={props.pagination ?? {}}
      selection={
        selection
          ? {
              selected: selection.selectedRowKeys ?? [],
              onChange: (keys) =>
                selection.onChange?.(
                  keys,
                  rows.filter((r) => keys.includes(r.id)),
                  { type: 'multiple' },
                ),
              disabled: (row) => Boolean(selection.getCheckboxProps?.(row)?.disabled),
            }
          : undefined
      }
    />
  );
}
