import { ReloadOutlined } from '@ant-design/icons';
import { Button, Empty, Flex, Result, type TableColumnsType, type TableProps } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useColumnSettings } from './column-settings';
import { FilterBar, type FilterSpec } from './filters';
import { withRecordCells } from './record-cells';
import { ResponsiveTable } from './row-cards';
import { Toolbar, type ToolbarAction } from './toolbar';
import type { PagedList } from './use-paged-list';

export interface ListScreenProps<T extends { id: number }, F> {
  list: PagedList<T, F>;
  columns: TableColumnsType<T>;
  /** Declared filters, left of the toolbar; with any besides the keyword the toolbar offers Reset. */
  filters?: FilterSpec<F>[];
  /** Replaces the filters (e.g. a heading while a tree node is chosen). */
  left?: ReactNode;
  actions?: (ToolbarAction | false | undefined)[];
  /** Replaces the list's own refresh (e.g. to refresh counts shown elsewhere too). */
  onRefresh?: () => unknown;
  /** Rows can be selected for batch actions. */
  selectable?: boolean;
  /** A row that cannot be selected (e.g. may not be deleted). */
  selectDisabled?: (row: T) => boolean;
  /** Overrides of the table (rows, expandable, pagination of an unpaged view, ...). */
  table?: Partial<TableProps<T>>;
  /** Names the list's column setting (kept per user); by default the screen's path. */
  columnsKey?: string;
  /** Columns hidden until the user shows them in the column setting. */
  hiddenByDefault?: readonly string[];
}

/** The empty state every list shares. */
export function EmptyList() {
  const { t } = useTranslation();
  return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('common.empty')} />;
}

/** A load that failed with nothing to show: say so and offer a retry. */
export function LoadFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Result
      status="error"
      title={t('common.loadFailed')}
      extra={
        <Button type="primary" icon={<ReloadOutlined />} onClick={onRetry}>
          {t('common.retry')}
        </Button>
      }
    />
  );
}

/**
 * A list screen's body from a declaration: filters and toolbar above, the paged table (or a retry
 * when loading failed) below, selection for batch actions.
 */
export function ListScreen<T extends { id: number }, F>(props: ListScreenProps<T, F>) {
  const { list, columns, filters, left, actions, onRefresh, selectable, selectDisabled, table } = props;
  const { pathname } = useLocation();
  const settings = useColumnSettings(props.columnsKey ?? pathname, columns, props.hiddenByDefault);
  // The filter bar keeps what is typed until applied: a new key empties it on reset.
  const [resets, setResets] = useState(0);
  const resettable = Boolean(filters?.some((f) => f.kind !== 'keyword'));
  const reset = () => {
    setResets((n) => n + 1);
    list.resetFilters();
  };
  // The table spins for what the user waits on (first load, another page or filter, the refresh button),
  // not for the reloads that live pushes start behind a list that is already shown.
  const [refreshing, setRefreshing] = useState(false);
  const refresh = () => {
    setRefreshing(true);
    void Promise.resolve(onRefresh ? onRefresh() : list.refresh()).finally(() => setRefreshing(false));
  };
  const loading = list.query.isPending || list.query.isPlaceholderData || (refreshing && list.query.isFetching);

  return (
    <Flex vertical gap={12}>
      <Flex justify="space-between" gap={12} wrap>
        {left ??
          (filters ? (
            <FilterBar
              key={resets}
              specs={filters}
              filters={list.filters}
              apply={list.setFilters}
              searchWordLimit={list.searchWordLimit}
            />
          ) : (
            <span />
          ))}
        <Toolbar
          actions={actions}
          selected={list.selected}
          onRefresh={refresh}
          onReset={resettable ? reset : undefined}
          extra={settings.button}
        />
      </Flex>
      {list.query.isError && !list.query.data && !table?.dataSource ? (
        <LoadFailed onRetry={() => void list.query.refetch()} />
      ) : (
        <ResponsiveTable<T>
          rowKey="id"
          size="middle"
          columns={withRecordCells(settings.shown)}
          dataSource={list.rows}
          scroll={{ x: 'max-content' }}
          loading={loading}
          locale={{ emptyText: <EmptyList /> }}
          rowSelection={
            selectable
              ? {
                  selectedRowKeys: list.selected,
                  onChange: (keys) => list.setSelected(keys.map(Number)),
                  getCheckboxProps: selectDisabled ? (row) => ({ disabled: selectDisabled(row) }) : undefined,
                }
              : undefined
          }
          pagination={list.pagination}
          {...table}
        />
      )}
    </Flex>
  );
}
