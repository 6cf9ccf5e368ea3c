import { Empty, Flex, Spin, Tooltip, Typography } from 'antd';
import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { EChartOption } from '../device/echart';
import {
  clockOf,
  DAY_MINUTES,
  type DaySchedule,
  daySegments,
  dayTotals,
  minutesOf,
  type Segment,
  type YearDay,
} from './schedule';
import './schedule-preview.css';

// ECharts is loaded only by screens that draw a chart.
const EChart = lazy(() => import('../device/echart').then((m) => ({ default: m.EChart })));

const pct = (minutes: number) => `${(100 * minutes) / DAY_MINUTES}%`;

/**
 * A day of a schedule as a bar from 00:00 to 24:00: off dark, on bright, dimmed (eco) pale with its
 * level, the sun's times marked above; the lit hours and the full-power equivalent below.
 */
export function DayTimeline({ day }: { day: DaySchedule }) {
  const { t } = useTranslation();
  const segments = useMemo(() => daySegments(day.steps, day.startLevel), [day.steps, day.startLevel]);
  const totals = dayTotals(segments);
  const label = (s: Segment) =>
    s.action === 'off'
      ? t('widgets.schedule.off')
      : s.action === 'eco'
        ? t('widgets.schedule.ecoAt', { level: s.level })
        : t('widgets.schedule.onAt', { level: s.level });
  const sun = [
    { key: 'sunrise', minute: minutesOf(day.sunrise) },
    { key: 'sunset', minute: minutesOf(day.sunset) },
  ].filter((s): s is { key: string; minute: number } => s.minute !== null);
  return (
    <div data-testid="day-timeline">
      <div className="day-timeline">
        {sun.map((s) => (
          <span key={s.key} className="day-timeline-sun" style={{ left: pct(s.minute) }} data-testid={`sun-${s.key}`}>
            {t(`widgets.schedule.${s.key}`)} {clockOf(s.minute)}
          </span>
        ))}
        <div className="day-timeline-bar">
          {segments.map((s) => (
            <Tooltip key={s.from} title={`${clockOf(s.from)} – ${clockOf(s.to)} ${label(s)}`}>
              <span
                className={`day-timeline-${s.action}`}
                style={{ width: pct(s.to - s.from) }}
                data-action={s.action}
                data-from={clockOf(s.from)}
                data-to={clockOf(s.to)}
                data-level={s.level}
              >
                {s.to - s.from >= 90 ? label(s) : ''}
              </span>
            </Tooltip>
          ))}
        </div>
        <div className="day-timeline-ticks">
          {[0, 3, 6, 9, 12, 15, 18, 21, 24].map((h) => (
            <span key={h} style={{ left: pct(h * 60) }}>
              {`${String(h).padStart(2, '0')}:00`}
            </span>
          ))}
        </div>
      </div>
      <Flex gap={16} wrap>
        <Typography.Text type="secondary" data-testid="day-lit">
          {t('widgets.schedule.litHours', { hours: totals.litHours.toFixed(1) })}
        </Typography.Text>
        <Typography.Text type="secondary" data-testid="day-full">
          {t('widgets.schedule.fullPowerHours', { hours: totals.fullPowerHours.toFixed(1) })}
        </Typography.Text>
      </Flex>
    </div>
  );
}

const hoursOf = (time: string | null) => {
  const m = minutesOf(time);
  return m === null ? null : Number((m / 60).toFixed(3));
};

/** On and off times by date: two lines over the year, the clock on the y axis (gaps where there is none). */
export function yearChartOption(days: readonly YearDay[], labels: { on: string; off: string }): EChartOption {
  const clock = (v: number) => clockOf(Math.round(v * 60));
  return {
    color: ['#fa8c16', '#2f54eb'],
    tooltip: {
      trigger: 'axis',
      valueFormatter: (v: unknown) => (typeof v === 'number' ? clock(v) : '—'),
    },
    legend: { top: 0 },
    grid: { left: 56, right: 24, top: 36, bottom: 40 },
    xAxis: { type: 'time' },
    yAxis: {
      type: 'value',
      min: 0,
      max: 24,
      interval: 3,
      axisLabel: { formatter: (v: number) => (v >= 24 ? '24:00' : clock(v)) },
    },
    series: [
      {
        name: labels.on,
        type: 'line',
        showSymbol: false,
        connectNulls: false,
        data: days.map((d) => [d.date, hoursOf(d.on)]),
      },
      {
        name: labels.off,
        type: 'line',
        showSymbol: false,
        connectNulls: false,
        data: days.map((d) => [d.date, hoursOf(d.off)]),
      },
    ],
  };
}

/** The year chart of a schedule: when the lamps go on and off, date by date. */
export function YearChart({ days, height = 280 }: { days: readonly YearDay[] | undefined; height?: number }) {
  const { t } = useTranslation();
  const option = useMemo(
    () => yearChartOption(days ?? [], { on: t('widgets.schedule.onTime'), off: t('widgets.schedule.offTime') }),
    [days, t],
  );
  if (!days || days.length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('widgets.schedule.noYear')} />;
  return (
    <div data-testid="year-chart" data-days={days.length}>
      <Suspense fallback={<Spin />}>
        <EChart option={option} style={{ height }} />
      </Suspense>
    </div>
  );
}
