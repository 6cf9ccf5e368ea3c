import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { EChartOption } from '../../components/device/echart';
import { deviceSample, expectReading, pageOf } from '../../test/family-page';
import { renderWithApp } from '../../test/render';
import { deviceScreens } from '../kit/test-fixtures';
import { whm } from '.';
import type { WhmMeter } from './api';
import WhmListPage from './whm-list-page';
import WhmPage from './whm-page';

// jsdom has no canvas: the chart shows the option it was given.
vi.mock('../../components/device/echart', () => ({
  EChart: ({ option }: { option: EChartOption }) => <pre data-testid="chart-option">{JSON.stringify(option)}</pre>,
}));

const METERS: WhmMeter[] = [
  {
    id: 31,
    name: '东路电表',
    no: 'M-01',
    equipmentId: 'EQ-M1',
    activeState: 1,
    registered: true,
    lastActiveAt: '2026-05-01T08:00:00Z',
    parentName: '一号网关',
    peripheralIndex: 3,
    inUse: true,
    pickedAt: '2026-05-01T08:00:00Z',
    reading: 18234.5,
    power: 5.1,
  },
  {
    id: 32,
    name: '西路电表',
    no: 'M-02',
    equipmentId: 'EQ-M2',
    activeState: 0,
    registered: false,
    lastActiveAt: null,
    parentName: null,
    peripheralIndex: null,
    inUse: false,
    pickedAt: null,
    reading: null,
    power: null,
  },
];
const DEVICE = {
  ...deviceSample(31, '东路电表', 'M', {
    type: 'watthourmeter',
    modelName: 'whmrs485',
    props: { peripheralIndex: 3, pickInterval: 900 },
    parentId: 3,
    parentName: '一号网关',
  }),
  no: 'M-01',
  equipmentId: 'EQ-M1',
};
const READING = {
  at: '2026-05-01T08:00:00Z',
  reading: 18234.5,
  energy: 1.2,
  power: 5.1,
  voltage: 230,
  current: 23.4,
  powerFactor: 0.95,
};
const BASE = '/api/pjts/2/iot/whm';

function totals(url: URL) {
  const unit = url.searchParams.get('unit');
  const points =
    unit === 'month'
      ? [
          { at: '2026-03-31T16:00:00Z', energy: 1200.5 },
          { at: '2026-04-30T16:00:00Z', energy: 80 },
        ]
      : [
          { at: '2026-04-29T16:00:00Z', energy: 40 },
          { at: '2026-04-30T16:00:00Z', energy: 40.25 },
        ];
  const total = points.reduce((sum, p) => sum + p.energy, 0);
  return { unit, from: url.searchParams.get('from'), to: url.searchParams.get('to'), points, total: { energy: total } };
}

const family = deviceScreens(whm, {
  list: METERS,
  device: DEVICE,
  events: { path: 'events', list: [] },
  more: (call, pathname) => {
    if (pathname === `${BASE}/totals`) return { json: totals(call.url) };
    if (pathname === `${BASE}/31/config` && call.method === 'GET')
      return { json: { id: 31, peripheralIndex: 3, pickInterval: 900 } };
    if (pathname === `${BASE}/31/config` && call.method === 'PUT') {
      const interval = Number(call.body?.get('pickInterval'));
      if (interval < 60)
        return {
          status: 400,
          json: { statusCode: 400, code: 'VALIDATION', message: '允许的取值范围：60 - 3600。' },
        };
      return {
        json: {
          id: 31,
          peripheralIndex: Number(call.body?.get('peripheralIndex')),
          pickInterval: interval,
          delivered: true,
        },
      };
    }
    if (pathname === `${BASE}/31/inuse`) return { json: { id: 31, inUse: call.body?.get('inUse') === 'true' } };
    if (pathname === `${BASE}/31/realdata`)
      return {
        json: { command: 'realdata', ok: true, result: { values: READING }, durationMs: 120, attempts: 1 },
      };
    if (pathname === `${BASE}/31/reports.do`) return { json: pageOf([READING]) };
    if (pathname === `${BASE}/31/reports.do/series`)
      return {
        json: {
          resolution: 'raw',
          bucketSeconds: 173,
          points: [READING, { ...READING, at: '2026-05-01T09:00:00Z', energy: 2.3 }],
        },
      };
    return undefined;
  },
});

family.listTests('meter list', { register: '西路电表', hidden: '东路电表' }, () => {
  it('shows each meter with its reading and pick time, and follows telemetry pushes', async () => {
    const { calls, row } = await family.openList('东路电表');
    expect(row.textContent).toContain('18234.5');
    expect(row.textContent).toContain('一号网关');
    expect(screen.getByRole('columnheader', { name: '读数 (kWh)' })).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: '采集时间' })).toBeTruthy();
    // Going live reads the list once more; the pushes then patch it without reading.
    const before = calls.length;
    await family.goLive();
    const loads = calls.length;
    expect(loads).toBe(before + 1);
    family.pushReport(31, 'watthourmeter', { reading: 18240.25, power: 4.5 }, '2026-05-01T08:15:00Z');
    await waitFor(async () => expect((await family.rowWith('东路电表')).textContent).toContain('18240.3'));
    expect(calls.length).toBe(loads);
  });

  it("shows the project's consumption by day, and by month with the resolution named", async () => {
    const { calls } = family.serve(1);
    const user = userEvent.setup();
    renderWithApp(<WhmListPage />, { path: family.LIST });
    const card = await screen.findByTestId('whm-project-energy', undefined, { timeout: 20_000 });
    expect(within(card).getByText('项目用电量')).toBeTruthy();
    await waitFor(() => expect(within(card).getByTestId('totals-total').textContent).toContain('80.3'));
    expect(within(card).getByTestId('totals-resolution').textContent).toBe('每个点为一天的用电量合计');
    await waitFor(() => expect(within(card).getByTestId('chart-option').textContent).toContain('用电量 (kWh)'));
    const days = calls.find((c) => c.url.pathname.endsWith('/totals'))!;
    expect(days.url.searchParams.get('unit')).toBe('day');
    const span = Date.parse(days.url.searchParams.get('to')!) - Date.parse(days.url.searchParams.get('from')!);
    expect(span / 86_400_000).toBe(30);

    await user.click(within(card).getByText('按月（最近 12 个月）'));
    // The total through the shared formatter: its unit after a no-break space.
    await waitFor(() => expect(within(card).getByTestId('totals-total').textContent).toBe('时段合计1280.5\u00a0kWh'));
    expect(within(card).getByTestId('totals-resolution').textContent).toBe('每个点为一个月的用电量合计');
    expect(
      calls
        .filter((c) => c.url.pathname.endsWith('/totals'))
        .at(-1)!
        .url.searchParams.get('unit'),
    ).toBe('month');
    // Nothing raw beside the chart: no reading key, no UTC.
    const chart = within(card).getByTestId('chart-option').textContent!;
    expect(card.textContent!.replace(chart, '')).not.toMatch(/energy|UTC/);
  });
});

describe('meter page', () => {
  family.pageTest(
    'shows the latest values, reads real-time data and the history with its consumption',
    async ({ calls, user }) => {
      const realtime = await expectReading('whm-realtime', 'reading', '读数18234.5\u00a0kWh');
      await user.click(screen.getByTestId('command-realdata'));
      expect((await screen.findByTestId('command-outcome')).textContent).toContain('读取实时数据成功');
      // The answer's values go to the panel, not raw under the buttons.
      expect(screen.getByTestId('command-outcome').textContent).not.toContain('{');
      expect(calls.some((c) => c.method === 'POST' && c.url.pathname.endsWith('/31/realdata'))).toBe(true);
      // Below the values: mounted once the top of the page is painted.
      const history = await screen.findByTestId('whm-history');
      await waitFor(() =>
        expect(within(history).getByTestId('history-consumption').textContent).toContain('3.5\u00a0kWh'),
      );
      // The power factor is a bare number to the hundredth, labelled, with no unit (never "cos φ").
      expect(realtime.querySelector('[data-reading="powerFactor"]')?.textContent).toBe('功率因数0.95');
      expect(await within(history).findByRole('columnheader', { name: '功率因数' })).toBeTruthy();
      expect(history.textContent).not.toContain('cos');
      expect(within(history).getByTestId('history-export').getAttribute('href')).toContain(
        '/api/pjts/2/iot/whm/31/reports.do/export?from=',
      );
      await user.click(within(history).getByText('最近 7 天'));
      await waitFor(() => {
        const series = calls.filter((c) => c.url.pathname.endsWith('/reports.do/series'));
        const last = series[series.length - 1]!;
        const hours =
          (Date.parse(last.url.searchParams.get('to')!) - Date.parse(last.url.searchParams.get('from')!)) / 3600_000;
        expect(Math.round(hours)).toBe(168);
      });
    },
  );

  it('saves the config, shows the server message for a bad one, and takes the meter out of use after asking', async () => {
    const { calls } = family.serve(5, '/pjt/pjtdevicewhm');
    const user = userEvent.setup();
    renderWithApp(<WhmPage />, { path: family.PAGE });
    const config = await screen.findByTestId('whm-config');
    const interval = within(config).getByLabelText('采集间隔 (秒)');
    await user.clear(interval);
    await user.type(interval, '30');
    await user.click(within(config).getByTestId('whm-config-save'));
    expect(await within(config).findByText('允许的取值范围：60 - 3600。')).toBeTruthy();
    await user.clear(interval);
    await user.type(interval, '300');
    await user.click(within(config).getByTestId('whm-config-save'));
    expect(await screen.findByText('配置已保存并下发到电能表')).toBeTruthy();
    const put = calls.find((c) => c.method === 'PUT' && c.url.pathname.endsWith('/31/config'))!;
    expect(put.body?.get('pickInterval')).toBe('300');

    await user.click(screen.getByTestId('whm-inuse'));
    await user.click(await screen.findByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(calls.some((c) => c.url.pathname.endsWith('/31/inuse'))).toBe(true));
    expect(calls.find((c) => c.url.pathname.endsWith('/31/inuse'))!.body?.get('inUse')).toBe('false');
    await waitFor(() => expect(screen.getByTestId('whm-inuse').getAttribute('aria-checked')).toBe('false'));
  }, 120_000);

  it('says so when the meter is not in the project', async () => {
    family.serve();
    renderWithApp(<WhmPage />, { path: '/pjt/pjtdevicewhm?id=99' });
    expect(await screen.findByText('电能表不存在或不在当前项目中')).toBeTruthy();
  });
});
