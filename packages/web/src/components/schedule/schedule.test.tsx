import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { changeLang } from '../../i18n/i18n';
import { renderWithApp } from '../../test/render';
import { daySegments, dayTotals, minutesOf } from './schedule';
import { DayTimeline, YearChart, yearChartOption } from './schedule-preview';

const STEPS = [
  { at: '18:10', action: 'on' as const, level: 100 },
  { at: '23:00', action: 'eco' as const, level: 50 },
  { at: '05:40', action: 'off' as const, level: 0 },
];

beforeEach(async () => {
  await changeLang('zh_CN');
});

describe('schedule of a day', () => {
  it('splits the day into stretches, carrying the last step over midnight', () => {
    expect(daySegments(STEPS)).toEqual([
      { from: 0, to: 340, action: 'eco', level: 50 },
      { from: 340, to: 1090, action: 'off', level: 0 },
      { from: 1090, to: 1380, action: 'on', level: 100 },
      { from: 1380, to: 1440, action: 'eco', level: 50 },
    ]);
    expect(daySegments([])).toEqual([{ from: 0, to: 1440, action: 'off', level: 0 }]);
    // Carried in from the day before: on all night in polar night.
    expect(daySegments([], 100)).toEqual([{ from: 0, to: 1440, action: 'on', level: 100 }]);
    expect(daySegments(STEPS, 0)[0]).toEqual({ from: 0, to: 1090, action: 'off', level: 0 });
    expect(minutesOf('24:00')).toBe(1440);
    expect(minutesOf('x')).toBeNull();
  });

  it('counts lit hours and the full-power equivalent', () => {
    const totals = dayTotals(daySegments(STEPS));
    expect(totals.litHours).toBeCloseTo((340 + 290 + 60) / 60);
    expect(totals.fullPowerHours).toBeCloseTo((170 + 290 + 30) / 60);
  });

  it('draws the day with the sun’s times', () => {
    renderWithApp(<DayTimeline day={{ date: '2026-06-21', steps: STEPS, sunrise: '04:55', sunset: '19:10' }} />);
    const stretches = [...document.querySelectorAll<HTMLElement>('[data-action]')];
    expect(stretches.map((s) => `${s.dataset.action}@${s.dataset.from}-${s.dataset.to}`)).toEqual([
      'eco@00:00-05:40',
      'off@05:40-18:10',
      'on@18:10-23:00',
      'eco@23:00-00:00',
    ]);
    expect(stretches[2]!.textContent).toBe('开灯 100%');
    expect(screen.getByTestId('sun-sunset').textContent).toBe('日落 19:10');
    expect(screen.getByTestId('day-lit').textContent).toBe('亮灯 11.5 小时');
  });
});

describe('schedule of a year', () => {
  it('charts on and off times by date, leaving gaps on days without one', () => {
    const option = yearChartOption(
      [
        { date: '2026-01-01', on: '17:05', off: '07:00' },
        { date: '2026-06-21', on: null, off: null },
      ],
      { on: '开', off: '关' },
    ) as { series: { name: string; data: unknown[] }[] };
    expect(option.series.map((s) => s.name)).toEqual(['开', '关']);
    expect(option.series[0]!.data).toEqual([
      ['2026-01-01', 17.083],
      ['2026-06-21', null],
    ]);
    expect(option.series[1]!.data[0]).toEqual(['2026-01-01', 7]);
  });

  it('says when there is nothing to chart', () => {
    renderWithApp(<YearChart days={[]} />);
    expect(screen.getByText('全年无开关灯时间')).toBeTruthy();
  });
});
