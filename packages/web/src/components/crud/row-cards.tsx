import {
  Card,
  Checkbox,
  Descriptions,
  Empty,
  Flex,
  List,
  Table,
  type TableColumnsType,
  type TablePaginationConfig,
  type TableProps,
} from 'antd';
import type { Key, ReactNode } from 'react';
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
 * foot; the same columns, renders, paging and selection as the table.
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
  return (
    <List
      data-testid="row-cards"
      dataSource={[...props.rows]}
      loading={props.loading}
      locale={{ emptyText: props.empty }}
      pagination={
        props.pagination === false
          ? false
          : {
              current: props.pagination.current,
              pageSize: props.pagination.pageSize,
              defaultPageSize: props.pagination.defaultPageSize,
              hideOnSinglePage: props.pagination.hideOnSinglePage,
              total: props.pagination.total,
              showSizeChanger: props.pagination.showSizeChanger,
              pageSizeOptions: props.pagination.pageSizeOptions,
              showTotal: props.pagination.showTotal,
              onChange: props.pagination.onChange,
              size: 'small',
              align: 'center',
            }
      }
      rowKey="id"
      renderItem={(row: T, index: number) => (
        <List.Item style={{ padding: '6px 0', borderBlockEnd: 'none' }}>
          <Card
            size="small"
            style={{ width: '100%' }}
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
        </List.Item>
      )}
    />
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
