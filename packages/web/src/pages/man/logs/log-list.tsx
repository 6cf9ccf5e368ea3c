import { DeleteOutlined, ReloadOutlined, UndoOutlined } from '@ant-design/icons';
import { AUTH_LEVEL, type AuthLevel, LOG_PAGE_SIZE, type Page } from '@sc/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Button,
  Card,
  DatePicker,
  Empty,
  Flex,
  Input,
  Result,
  Space,
  Table,
  type TableColumnsType,
  type TableProps,
} from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../api/client';
import { useRunningParams } from '../../../api/session-api';
import { useFeedback } from '../../../app/feedback';
import { SearchBar, useAuthLevel } from '../../../components/crud';
import { useLang } from '../../../i18n/i18n';
import { TIME_INPUT_FORMAT } from './log-format';

export type LogKind = 'manage' | 'operate' | 'visit';

/** API base of each log (spec 000 §7 "Logs"; the operation log's path is the product's choice). */
export const LOG_BASES: Record<LogKind, string> = {
  manage: '/api/managehistories.do',
  operate: '/api/operatehistories.do',
  visit: '/api/visithistories.do',
};

export const clampLogPageSize = (size: number | undefined) =>
  Math.min(LOG_PAGE_SIZE.max, Math.max(LOG_PAGE_SIZE.min, size ?? LOG_PAGE_SIZE.default));

export const LOG_PAGE_SIZES = [25, 50, 100, 200];

/** Deleting log rows needs the check level (the catalogue grants DELETE at 10). */
export const canDeleteLogs = (level: AuthLevel) => level >= AUTH_LEVEL.check;

interface Filters {
  keyword: string;
  account: string;
  range: [Dayjs, Dayjs] | null;
}

const NO_FILTERS: Filters = { keyword: '', account: '', range: null };

export interface LogListProps<T extends { id: number }> {
  kind: LogKind;
  columns: TableColumnsType<T>;
  expandable?: TableProps<T>['expandable'];
  /** The caller's level; by default the current screen's. */
  level?: AuthLevel;
}

/**
 * One log list (management, operation or visit): time range, account and keyword filters, 25-200 rows
 * a page (the running parameter logPageSize by default), single and batch delete at the check level.
 */
export function LogList<T extends { id: number }>({ kind, columns, expandable, level }: LogListProps<T>) {
  const { t } = useTranslation();
  const lang = useLang();
  const { message, confirm } = useFeedback();
  const queryClient = useQueryClient();
  const screenLevel = useAuthLevel();
  const deletable = canDeleteLogs(level ?? screenLevel);
  const params = useRunningParams();
  const base = LOG_BASES[kind];

  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number | null>(null);
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [accountDraft, setAccountDraft] = useState('');
  const [selected, setSelected] = useState<number[]>([]);
  // SearchBar keeps its own text: a new key empties it on reset.
  const [searchKey, setSearchKey] = useState(0);
  const size = pageSize ?? clampLogPageSize(params.data?.logPageSize);

  const apply = (next: Partial<Filters>) => {
    setFilters((current) => ({ ...current, ...next }));
    setPage(1);
    setSelected([]);
  };

  const listKey = ['logs', kind];
  const list = useQuery({
    queryKey: [...listKey, { page, size, filters, lang }],
    queryFn: () =>
      api.get<Page<T>>(`${base}/pages`, {
        page,
        pageSize: size,
        keyword: filters.keyword || undefined,
        account: filters.account || undefined,
        from: filters.range?.[0].toISOString(),
        to: filters.range?.[1].toISOString(),
      }),
    placeholderData: (previous) => previous,
    enabled: params.isFetched,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: listKey });

  const remove = useMutation({
    mutationFn: (ids: number[]) =>
      ids.length === 1 ? api.delete(`${base}/${ids[0]}`) : api.delete(base, { ids: ids.join(',') }),
    onSuccess: () => {
      message.success(t('common.deleted'));
      setSelected([]);
      return refresh();
    },
  });
  const askDelete = (ids: number[]) =>
    confirm({
      title: ids.length === 1 ? t('crud.deleteOne') : t('common.confirmDelete', { count: ids.length }),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      okButtonProps: { danger: true },
      onOk: () => remove.mutateAsync(ids).catch(() => undefined),
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

  const reset = () => {
    setAccountDraft('');
    setSearchKey((k) => k + 1);
    apply(NO_FILTERS);
  };

  return (
    <Card variant="borderless" data-testid={`log-list-${kind}`}>
      <Flex vertical gap={12}>
        <Flex justify="space-between" gap={12} wrap>
          <Flex gap={8} wrap align="center" style={{ flex: 'auto' }}>
            <DatePicker.RangePicker
              showTime
              allowEmpty={[true, true]}
              format={TIME_INPUT_FORMAT}
              aria-label={t('logs.range')}
              placeholder={[t('logs.rangeStart'), t('logs.rangeEnd')]}
              value={filters.range}
              onChange={(dates) => apply({ range: dates?.[0] && dates[1] ? [dates[0], dates[1]] : null })}
              data-testid="log-range"
            />
            <Input
              allowClear
              aria-label={t('logs.account')}
              placeholder={t('logs.accountPlaceholder')}
              style={{ width: 180 }}
              value={accountDraft}
              onChange={(event) => {
                setAccountDraft(event.target.value);
                if (!event.target.value && filters.account) apply({ account: '' });
              }}
              onPressEnter={() => apply({ account: accountDraft.trim() })}
              data-testid="log-account"
            />
            <SearchBar
              key={searchKey}
              limit={params.data?.searchWordLimit}
              onSearch={(words) => apply({ keyword: words, account: accountDraft.trim() })}
            />
          </Flex>
          <Space wrap>
            <Button icon={<UndoOutlined />} onClick={reset}>
              {t('common.reset')}
            </Button>
            <Button icon={<ReloadOutlined />} onClick={refresh}>
              {t('common.refresh')}
            </Button>
            {deletable && (
              <Button
                danger
                icon={<DeleteOutlined />}
                disabled={selected.length === 0}
                onClick={() => askDelete(selected)}
              >
                {t('common.batchDelete')}
              </Button>
            )}
          </Space>
        </Flex>
        {list.isError && !list.data ? (
          <Result
            status="error"
            title={t('common.loadFailed')}
            extra={
              <Button type="primary" icon={<ReloadOutlined />} onClick={() => list.refetch()}>
                {t('common.retry')}
              </Button>
            }
          />
        ) : (
          <Table<T>
            rowKey="id"
            size="middle"
            columns={tableColumns}
            dataSource={list.data?.list ?? []}
            loading={list.isFetching}
            expandable={expandable}
            scroll={{ x: 'max-content' }}
            locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('common.empty')} /> }}
            rowSelection={
              deletable ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(Number)) } : undefined
            }
            pagination={{
              current: page,
              pageSize: size,
              total: list.data?.total ?? 0,
              showSizeChanger: true,
              pageSizeOptions: LOG_PAGE_SIZES,
              showTotal: (total) => t('common.total', { total }),
              onChange: (nextPage, nextSize) => {
                setPage(nextSize === size ? nextPage : 1);
                setPageSize(nextSize);
              },
            }}
          />
        )}
      </Flex>
    </Card>
  );
}
