import { Empty, Spin, Typography } from 'antd';
import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatReading } from '../format';
import { formatTime, systemShiftMs } from '../time';
import type { EChartOption } from './echart';

// ECharts is loaded only by screens that draw a chart.
const EChart = lazy(() => import('./echart').then((m) => ({ default: m.EChart })));

/** A reading a family reports: its key, unit and translated label. */
export interface ReadingDef {
  key: string;
  unit: string;
  label: string;
  /** Decimals shown (one when omitted; the contract's reading says). */
  decimals?: number;
}

/** One point of a series: its time and a value per reading key (null where nothing was measured). */
export type ReadingPoint = { at: string } & Record<string, unknown>;

const COLORS = [
  '#fa8c16',
  '#1677ff',
  '#52c41a',
  '#eb2f96',
  '#722ed1',
  '#13c2c2',
  '#faad14',
  '#2f54eb',
  '#a0d911',
  '#f5222d',
  '#8c8c8c',
];

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

const numeric = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/**
 * One line per reading, named with its unit, on an axis of its unit (°C, %RH and μg/m³ never share
 * one); time on x in the system timezone over the whole period (gaps show), zoomable.
 */
export function readingsChartOption(
  points: ReadingPoint[],
  readings: ReadingDef[],
  period?: { from: string; to: string },
): EChartOption {
  // ECharts reads times in the browser's timezone unless told UTC: shift each instant so that a UTC
  // clock shows the system timezone's time, and label the tooltip with the same formatter as the lists.
  // A date without a time ('2026-11-27', a day's or a month's total) is that day's midnight in the
  // system timezone, not UTC midnight (which a UTC+8 clock showed at 08:00).
  const shift = systemShiftMs();
  const at = (value: string) =>
    DATE_ONLY.test(value) ? Date.parse(`${value}T00:00:00Z`) : new Date(value).getTime() + shift;
  const units = [...new Set(readings.map((r) => r.unit))];
  const left = units.filter((_u, i) => i % 2 === 0).length;
  const right = units.length - left;
  const AXIS_GAP = 60;
  return {
    useUTC: true,
    color: COLORS,
    tooltip: {
      trigger: 'axis',
      formatter: (items: { axisValue: number; marker: string; seriesName: string; value: [number, unknown] }[]) => {
        if (!items.length) return '';
        const lines = items.map((i) => `${i.marker}${i.seriesName}: ${formatReading(numeric(i.value[1]))}`);
        return [formatTime(items[0].axisValue - shift), ...lines].join('<br/>');
      },
    },
    legend: { top: 0, type: 'scroll' },
    grid: { left: 24 + left * AXIS_GAP, right: 24 + Math.max(1, right) * AXIS_GAP, top: 56, bottom: 72 },
    xAxis: {
      type: 'time',
      min: period ? at(period.from) : undefined,
      max: period ? at(period.to) : undefined,
      axisLabel: { hideOverlap: true },
    },
    yAxis: units.map((unit, i) => ({
      type: 'value',
      scale: true,
      name: unit,
      position: i % 2 === 0 ? 'left' : 'right',
      offset: Math.floor(i / 2) * AXIS_GAP,
      alignTicks: i > 0,
      axisLine: { show: true },
      splitLine: { show: i === 0 },
    })),
    dataZoom: [{ type: 'inside' }, { type: 'slider', bottom: 16 }],
    series: readings.map((r) => ({
      name: `${r.label} (${r.unit})`,
      type: 'line',
      yAxisIndex: units.indexOf(r.unit),
      showSymbol: points.length < 60,
      connectNulls: false,
      data: points.map((p) => [at(p.at), numeric(p[r.key])]),
    })),
  };
}

type Resolution = 'raw' | 'hour' | 'day';

/**
 * The readings of a period as a line chart; says when there is nothing to draw and what each point
 * averages when the server grouped the readings.
 */
export function ReadingsChart(props: {
  points?: ReadingPoint[] | undefined;
  readings: ReadingDef[];
  period?: { from: string; to: string };
  bucketSeconds?: number;
  /** What the server drew the points from: the readings, or hourly / daily rollups for long periods. */
  resolution?: Resolution;
  loading?: boolean;
  /** The query of a series: its points, bucket, resolution and loading state, instead of each of them. */
  series?: { data?: { points: ReadingPoint[]; bucketSeconds?: number; resolution?: Resolution }; isFetching: boolean };
  height?: number;
}) {
  const { readings, period, height, series } = props;
  const { points, bucketSeconds, resolution = 'raw' } = series ? (series.data ?? {}) : props;
  const loading = series ? series.isFetching : props.loading;
  const { t } = useTranslation();
  const option = useMemo(() => readingsChartOption(points ?? [], readings, period), [points, readings, period]);
  return (
    <div data-testid="history-chart">
      {points && points.length === 0 ? (
        <Empty description={t('envmonitors.history.noData')} style={{ padding: 48 }} />
      ) : (
        <Suspense fallback={<Spin />}>
          <Spin spinning={Boolean(loading)}>
            <EChart option={option} style={height ? { height } : undefined} />
          </Spin>
        </Suspense>
      )}
      {bucketSeconds !== undefined && (bucketSeconds > 60 || resolution !== 'raw') && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="history-resolution">
          {resolution === 'hour' || resolution === 'day'
            ? t(`envmonitors.history.resolution.${resolution}`)
            : t('envmonitors.history.bucket', { minutes: Math.round(bucketSeconds / 60) })}
        </Typography.Text>
      )}
    </div>
  );
}
