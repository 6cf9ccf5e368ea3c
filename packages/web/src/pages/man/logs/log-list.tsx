import { DeleteOutlined } from '@ant-design/icons';
import { AUTH_LEVEL, type AuthLevel, type Page } from '@sc/contract';
import { Button, Card, type TableColumnsType, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { api } from '../../../api/client';
import {
  batchDeleteAction,
  ListScreen,
  rangeQuery,
  type TimeRange,
  useAuthLevel,
  useDeleteRows,
  usePagedList,
} from '../../../components/crud';
import './texts';

export type LogKind = 'manage' | 'operate' | 'visit';

/** API base of each log (spec 000 §7 "Logs"; the operation log's path is the product's choice). */
export const LOG_BASES: Record<LogKind, string> = {
  manage: '/api/managehistories.do',
  operate: '/api/operatehistories.do',
  visit: '/api/visithistories.do',
};

/** Deleting log rows needs the check level (the catalogue grants DELETE at 10). */
export const canDeleteLogs = (level: AuthLevel) => level >= AUTH_LEVEL.check;

interface Filters {
  keyword: string;
  account: string;
  range: TimeRange;
}

export interface LogListProps<T extends { id: number }> {
  kind: LogKind;
  columns: TableColumnsType<T>;
  expandable?: TableProps<T>['expandable'];
  /** The caller's level; by default the current screen's. */
  level?: AuthLevel;
  /** Columns hidden until the user shows them (so that the list fits 1366 px). */
  hiddenByDefault?: readonly string[];
}

/**
 * One log list (management, operation or visit): time range, account and keyword filters, 25-200 rows
 * a page (the running parameter logPageSize by default), single and batch delete at the check level.
 */
export function LogList<T extends { id: number }>({
  kind,
  columns,
  expandable,
  level,
  hiddenByDefault,
}: LogListProps<T>) {
  const { t } = useTranslation();
  const screenLevel = useAuthLevel();
  const deletable = canDeleteLogs(level ?? screenLevel);
  const base = LOG_BASES[kind];

  const list = usePagedList<T, Filters>({
    key: ['logs', kind],
    rule: 'log',
    waitForParams: true,
    initialFilters: { keyword: '', account: '', range: null },
    load: ({ page, pageSize, filters }) =>
      api.get<Page<T>>(`${base}/pages`, {
        page,
        pageSize,
        keyword: filters.keyword || undefined,
        account: filters.account || undefined,
        ...rangeQuery(filters.range),
      }),
  });
  const askDelete = useDeleteRows(base, () => {
    list.setSelected([]);
    return list.refresh();
  });

  const tableColumns: TableColumnsType<T> = [...columns];
  if (deletable) {
    tableColumns.push({
      key: 'actions',
      title: t('common.actions'),
      width: 90,
      fixed: 'end',
      render: (_value, row) => (
        <Button size="small" type="link" danger icon={<DeleteOutlined />} onClick={() => askDelete([row.id])}>
          {t('common.delete')}
        </Button>
      ),
    });
  }

  return (
    <Card variant="borderless" data-testid={`log-list-${kind}`}>
      <ListScreen<T, Filters>
        list={list}
        columns={tableColumns}
        filters={[
          {
            kind: 'range',
            name: 'range',
            label: t('logs.range'),
            placeholder: [t('logs.rangeStart'), t('logs.rangeEnd')],
            testId: 'log-range',
          },
          {
            kind: 'text',
            name: 'account',
            label: t('logs.account'),
            placeholder: t('logs.accountPlaceholder'),
            testId: 'log-account',
          },
          { kind: 'keyword', name: 'keyword' },
        ]}
        selectable={deletable}
        actions={[deletable && batchDeleteAction(t('common.batchDelete'), askDelete)]}
        hiddenByDefault={hiddenByDefault}
        table={{ expandable, scroll: { x: 'max-content' } }}
      />
    </Card>
  );
}
