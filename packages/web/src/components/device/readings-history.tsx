import { DownloadOutlined, FileExcelOutlined } from '@ant-design/icons';
import { type ExportFormat, LOG_PAGE_SIZE, type Page } from '@sc/contract';
import { keepPreviousData, type QueryKey, useQuery } from '@tanstack/react-query';
import { Alert, Button, DatePicker, Flex, Segmented, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pageSizeOptions } from '../crud';
import { formatReading, titleWithUnit } from '../format';
import { formatTime, fromPickerValue, TIME_FORMAT, toPickerValue } from '../time';
import type { ReadingDef } from './readings-chart';

/**
 * What every family's readings history shares: a period (last day, week, month or picked) read in the
 * system timezone, the paged table of the readings with their units, and the picker. The family keeps
 * its own card: what it adds around (a device choice, a total, a chart view).
 */

export type HistoryPreset = 'day' | 'week' | 'month' | 'custom';
const PRESETS: readonly HistoryPreset[] = ['day', 'week', 'month', 'custom'];
const PRESET_HOURS: Record<Exclude<HistoryPreset, 'custom'>, number> = { day: 24, week: 24 * 7, month: 24 * 30 };

/** The period of a preset, ending now (the picker's wall clock in the system timezone). */
export function presetRange(
  preset: Exclude<HistoryPreset, 'custom'>,
  now: Dayjs = toPickerValue(new Date()),
): [Dayjs, Dayjs] {
  return [now.subtract(PRESET_HOURS[preset], 'hour'), now];
}

/** The period and the table's page: choosing another period goes back to the first page. */
export function useHistoryPeriod() {
  const [preset, setPreset] = useState<HistoryPreset>('day');
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => presetRange('day'));
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(LOG_PAGE_SIZE.default);
  const from = fromPickerValue(range[0]);
  const to = fromPickerValue(range[1]);
  const period = useMemo(() => ({ from, to }), [from, to]);
  return {
    preset,
    range,
    period,
    page,
    pageSize,
    setPage,
    choosePreset(next: HistoryPreset) {
      setPreset(next);
      if (next !== 'custom') setRange(presetRange(next));
      setPage(1);
    },
    chooseRange(next: [Dayjs, Dayjs]) {
      setRange(next);
      setPage(1);
    },
    choosePage(next: number, size: number) {
      setPage(size === pageSize ? next : 1);
      setPageSize(size);
    },
  };
}
export type HistoryPeriod = ReturnType<typeof useHistoryPeriod>;

/** The period's label, its presets and, for a picked one, the range picker; texts under `texts`.period/presets. */
export function HistoryPeriodPicker({ history, texts }: { history: HistoryPeriod; texts: string }) {
  const { t } = useTranslation();
  return (
    <Space wrap>
      <Typography.Text>{t(`${texts}.period`)}</Typography.Text>
      <Segmented<HistoryPreset>
        data-testid="history-preset"
        value={history.preset}
        onChange={history.choosePreset}
        options={PRESETS.map((p) => ({ value: p, label: t(`${texts}.presets.${p}`) }))}
      />
      {history.preset === 'custom' && (
        <DatePicker.RangePicker
          showTime
          format={TIME_FORMAT}
          value={history.range}
          allowClear={false}
          onChange={(values) => {
            if (values?.[0] && values[1]) history.chooseRange([values[0], values[1]]);
          }}
        />
      )}
    </Space>
  );
}

/**
 * The period's export beside the table, as CSV and as an Excel workbook (the same rows as the table,
 * titled in the reader's language): links to the download (`href` of the export call per format).
 */
export function HistoryExport({ href }: { href: ((format: ExportFormat) => string) | undefined }) {
  const { t } = useTranslation();
  return (
    <Space.Compact>
      <Button icon={<DownloadOutlined />} href={href?.('csv')} disabled={!href} data-testid="history-export">
        {t('common.exportCsv')}
      </Button>
      <Button icon={<FileExcelOutlined />} href={href?.('xlsx')} disabled={!href} data-testid="history-export-xlsx">
        {t('common.exportXlsx')}
      </Button>
    </Space.Compact>
  );
}

/**
 * A time or a value never breaks; a title breaks between its words only (Chinese ones stay whole). The
 * cells are a little tighter than antd's small table (5 px a side, not 8; titles at 13 px): a dozen
 * readings fit 1366 px in both languages.
 */
const CELL = { whiteSpace: 'nowrap', paddingInline: 5 } as const;
const TITLE = { wordBreak: 'keep-all', paddingInline: 5, fontSize: 13 } as const;

/** What a readings table asks for: the period and the page. */
export interface ReadingsQuery {
  from: string;
  to: string;
  page: number;
  pageSize: number;
}

/**
 * The period's readings, a page at a time (the page shown while the next loads): the pick time, then each
 * reading with its unit.
 */
export function ReadingsTable<T extends { at: string }>({
  history,
  readings,
  load,
  timeTitle,
}: {
  history: HistoryPeriod;
  readings: ReadingDef[];
  load: { key: (query: ReadingsQuery) => QueryKey; fn: (query: ReadingsQuery) => Promise<Page<T>> };
  timeTitle: string;
}) {
  const { t } = useTranslation();
  const query: ReadingsQuery = { ...history.period, page: history.page, pageSize: history.pageSize };
  const answer = useQuery({
    queryKey: load.key(query),
    queryFn: () => load.fn(query),
    placeholderData: keepPreviousData,
  });
  const columns: ColumnsType<T> = [
    {
      title: timeTitle,
      dataIndex: 'at',
      fixed: 'left',
      render: formatTime,
      onCell: () => ({ style: CELL }),
      onHeaderCell: () => ({ style: { ...TITLE, whiteSpace: 'nowrap' } }),
    },
    ...readings.map((r) => ({
      title: titleWithUnit(r.label, r.unit),
      dataIndex: r.key,
      align: 'right' as const,
      render: (v: number | null) => formatReading(v, r.decimals),
      onCell: () => ({ style: CELL }),
      onHeaderCell: () => ({ style: TITLE }),
    })),
  ];
  const table = (
    <Table<T>
      data-testid="history-table"
      rowKey="at"
      size="small"
      loading={answer.isFetching}
      columns={columns}
      dataSource={answer.data?.list ?? []}
      // As narrow as the content allows (a title breaks between its words, its unit below), at least the
      // card's width: a dozen readings fit 1366 px; narrower, the table scrolls in the card, the time fixed.
      tableLayout="auto"
      scroll={{ x: 'min-content' }}
      pagination={{
        current: history.page,
        pageSize: history.pageSize,
        total: answer.data?.total ?? 0,
        showSizeChanger: true,
        pageSizeOptions: pageSizeOptions('log'),
        showTotal: (count) => t('common.total', { total: count }),
        onChange: history.choosePage,
      }}
    />
  );
  if (!answer.isError) return table;
  return (
    <Flex vertical gap={12}>
      <Alert type="error" showIcon title={t('common.loadFailed')} />
      {table}
    </Flex>
  );
}
