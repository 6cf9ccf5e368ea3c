import type { ExportFormat, Page } from '@sc/contract';
import { type QueryKey, useQuery } from '@tanstack/react-query';
import { Alert, Flex, Space } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type HistoryView, HistoryViews, ReadingsPicker } from './history-views';
import { type ReadingDef, type ReadingPoint, ReadingsChart } from './readings-chart';
import {
  HistoryExport,
  type HistoryPeriod,
  HistoryPeriodPicker,
  type ReadingsQuery,
  ReadingsTable,
} from './readings-history';

type Period = HistoryPeriod['period'];
type Series = { points: ReadingPoint[]; bucketSeconds?: number; resolution?: 'raw' | 'hour' | 'day' };

/**
 * One device's readings over a chosen period, as every family shows them: the period, the views (table,
 * chart, both), the readings the chart draws, the export of the same period, and what the family adds
 * above (`before`: a device picker) or below the toolbar (`summary` of the series: a meter's consumption).
 * Texts: `<texts>.history.period|presets|readings`, `<texts>.views.<view>`, `<texts>.readings.at`.
 */
export function ReadingsHistory<T extends { at: string }, K extends string>(props: {
  history: HistoryPeriod;
  texts: string;
  readings: readonly ReadingDef[];
  /** The readings the chart draws at first. */
  charted: K[];
  views: readonly HistoryView[];
  view?: HistoryView;
  calls: {
    series: { key: (period: Period) => QueryKey; fn: (period: Period) => Promise<Series> };
    page: { key: (query: ReadingsQuery) => QueryKey; fn: (query: ReadingsQuery) => Promise<Page<T>> };
    exportHref?: (format: ExportFormat, period: Period) => string;
  };
  /** No device chosen yet: nothing loads. */
  disabled?: boolean;
  before?: ReactNode;
  summary?: (series: Series | undefined) => ReactNode;
  pickerWidth?: { min: number; max: number };
}) {
  const { t } = useTranslation();
  const { history, texts, calls, disabled = false } = props;
  const { period } = history;
  const [view, setView] = useState<HistoryView>(props.view ?? props.views[0]!);
  const [charted, setCharted] = useState<K[]>(props.charted);
  const series = useQuery({
    queryKey: calls.series.key(period),
    queryFn: () => calls.series.fn(period),
    // A summary reads the series whatever the view.
    enabled: !disabled && (view !== 'table' || props.summary !== undefined),
  });
  const chartedDefs = props.readings.filter((r) => charted.includes(r.key as K));
  const exportHref = calls.exportHref;

  return (
    <Flex vertical gap={12}>
      <Flex wrap gap={12} align="center" justify="space-between">
        <Space wrap size={12}>
          {props.before}
          <HistoryPeriodPicker history={history} texts={`${texts}.history`} />
        </Space>
        <Space wrap>
          <HistoryViews views={props.views} value={view} onChange={setView} texts={`${texts}.views`} />
          <HistoryExport href={exportHref && !disabled ? (format) => exportHref(format, period) : undefined} />
        </Space>
      </Flex>
      {props.summary?.(series.data)}
      {series.isError && <Alert type="error" showIcon title={t('common.loadFailed')} />}
      {view !== 'table' && (
        <>
          <ReadingsPicker<K>
            label={t(`${texts}.history.readings`)}
            readings={props.readings}
            value={charted}
            onChange={setCharted}
            width={props.pickerWidth ?? { min: 320, max: 640 }}
          />
          <ReadingsChart series={series} readings={chartedDefs} period={period} />
        </>
      )}
      {view !== 'chart' && !disabled && (
        <ReadingsTable<T>
          history={history}
          readings={[...props.readings]}
          load={calls.page}
          timeTitle={t(`${texts}.readings.at`)}
        />
      )}
    </Flex>
  );
}
