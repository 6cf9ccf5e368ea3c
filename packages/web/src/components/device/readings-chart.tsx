import { Empty, Spin, Typography } from 'antd';
import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { EChartOption } from './echart';

// ECharts is loaded only by screens that draw a chart.
const EChart = lazy(() => import('./echart').then((m) => ({ default: m.EChart })));

/** A reading a family reports: its key, unit and translated label. */
export interface ReadingDef {
  key: string;
  unit: string;
  label: string;
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

const numeric = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** One line per reading, named with its unit; time on x over the whole period (gaps show), zoomable. */
export function readingsChartOption(
  points: ReadingPoint[],
  readings: ReadingDef[],
  period?: { from: string; to: string },
): EChartOption {
  return {
    color: COLORS,
    tooltip: { trigger: 'axis' },
    legend: { top: 0, type: 'scroll' },
    grid: { left: 56, right: 32, top: 40, bottom: 72 },
    xAxis: { type: 'time', min: period?.from, max: period?.to },
    yAxis: { type: 'value', scale: true },
    dataZoom: [{ type: 'inside' }, { type: 'slider', bottom: 16 }],
    series: readings.map((r) => ({
      name: `${r.label} (${r.unit})`,
      type: 'line',
      showSymbol: points.length < 60,
      connectNulls: false,
      data: points.map((p) => [p.at, numeric(p[r.key])]),
    })),
  };
}

/**
 * The readings of a period as a line chart; says when there is nothing to draw and what each point
 * averages when the server grouped the readings.
 */
export function ReadingsChart({
  points,
  readings,
  period,
  bucketSeconds,
  resolution = 'raw',
  loading,
  height,
}: {
  points: ReadingPoint[] | undefined;
  readings: ReadingDef[];
  period?: { from: string; to: string };
  bucketSeconds?: number;
  /** What the server drew the points from: the readings, or hourly / daily rollups for long periods. */
  resolution?: 'raw' | 'hour' | 'day';
  loading?: boolean;
  height?: number;
}) {
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
