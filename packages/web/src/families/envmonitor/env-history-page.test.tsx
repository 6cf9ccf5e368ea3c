import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { EChartOption } from '../../components/device/echart';
import { systemShiftMs } from '../../components/time';
import { familyServer, familyTestSetup, pageOf } from '../../test/family-page';
import { renderWithApp } from '../../test/render';
import PjtDeviceEnvDataHistoryPage from './env-history-page';
import { ENTRIES } from './test-fixtures';

// jsdom has no canvas: the chart shows the option it was given.
vi.mock('../../components/device/echart', () => ({
  EChart: ({ option }: { option: EChartOption }) => <pre data-testid="chart-option">{JSON.stringify(option)}</pre>,
}));

const PATH = '/pjt/pjtdeviceenvdatahistory';
const POINTS = [
  { at: '2026-05-01T08:00:00Z', temperature: 20, humidity: 40, pm25: 10, noise: 50 },
  { at: '2026-05-01T08:10:00Z', temperature: 21, humidity: 42, pm25: null, noise: 52 },
];

const BASE = '/api/pjts/2/iot/envmonitor';
const serve = familyServer({
  screen: PATH,
  base: BASE,
  more: (call, pathname) => {
    if (pathname === `${BASE}/reports.do/family/attempts/last/1`) return { json: ENTRIES };
    if (/^\/api\/pjts\/2\/iot\/envmonitor\/\d+\/reports\.do\/series$/.test(pathname)) {
      const days = hours(call.url.searchParams.get('from')!, call.url.searchParams.get('to')!) / 24;
      // The server answers a long period from its hourly rollups and says so.
      return { json: { resolution: days > 7 ? 'hour' : 'raw', bucketSeconds: days > 7 ? 3600 : 300, points: POINTS } };
    }
    if (/^\/api\/pjts\/2\/iot\/envmonitor\/\d+\/reports\.do$/.test(pathname))
      return { json: pageOf([...POINTS].reverse()) };
    return undefined;
  },
});

familyTestSetup();

const hours = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 3_600_000;

describe('environment history', () => {
  it('asks for the series of the chosen monitor over the preset period and draws one line per reading', async () => {
    const { calls } = serve();
    const user = userEvent.setup();
    renderWithApp(<PjtDeviceEnvDataHistoryPage />, { path: `${PATH}?id=12` });
    const option = await screen.findByTestId('chart-option', {}, { timeout: 10_000 });
    const series = () => calls.filter((c) => c.url.pathname.endsWith('/reports.do/series'));
    expect(series()[0]!.url.pathname).toBe('/api/pjts/2/iot/envmonitor/12/reports.do/series');
    const first = series()[0]!.url.searchParams;
    expect(hours(first.get('from')!, first.get('to')!)).toBe(24);
    expect(first.get('token')).toBe('tok');

    const parsed = JSON.parse(option.textContent!) as {
      series: { name: string; data: unknown[]; yAxisIndex: number }[];
      dataZoom: unknown[];
      yAxis: { name: string }[];
      useUTC: boolean;
    };
    expect(parsed.series.map((s) => s.name)).toEqual(['温度 (°C)', '湿度 (%RH)', 'PM2.5 (μg/m³)']);
    // Times on a UTC clock shifted to the system timezone; one axis per unit.
    const shift = systemShiftMs();
    expect(parsed.useUTC).toBe(true);
    expect(parsed.series[2]!.data).toEqual([
      [Date.parse('2026-05-01T08:00:00Z') + shift, 10],
      [Date.parse('2026-05-01T08:10:00Z') + shift, null],
    ]);
    expect(parsed.yAxis.map((a) => a.name)).toEqual(['°C', '%RH', 'μg/m³']);
    expect(parsed.series.map((s) => s.yAxisIndex)).toEqual([0, 1, 2]);
    expect(parsed.dataZoom).toHaveLength(2);
    // Mixed view: the paged table is below the chart.
    const page = calls.find((c) => c.url.pathname === '/api/pjts/2/iot/envmonitor/12/reports.do')!;
    expect(page.url.searchParams.get('page')).toBe('1');
    expect(page.url.searchParams.get('pageSize')).toBe('50');
    expect(await screen.findByTestId('history-table')).toBeTruthy();

    await user.click(screen.getByText('7 天'));
    await waitFor(() => {
      const last = series().at(-1)!.url.searchParams;
      expect(hours(last.get('from')!, last.get('to')!)).toBe(24 * 7);
    });
    const exportLink = screen.getByTestId('history-export').closest('a')!;
    const href = new URL(exportLink.getAttribute('href')!, 'http://localhost');
    expect(href.pathname).toBe('/api/pjts/2/iot/envmonitor/12/reports.do/export');
    expect(hours(href.searchParams.get('from')!, href.searchParams.get('to')!)).toBe(24 * 7);
    expect(href.searchParams.get('token')).toBe('tok');
  });

  it('offers the table’s rows as CSV and as an Excel workbook, in the reader’s language and period', async () => {
    const { calls } = serve();
    const user = userEvent.setup();
    renderWithApp(<PjtDeviceEnvDataHistoryPage />, { path: `${PATH}?id=12` });
    await screen.findByTestId('history-table', {}, { timeout: 10_000 });
    await user.click(screen.getByText('30 天'));
    const link = (id: string) => {
      const a = screen.getByTestId(id).closest('a')!;
      return new URL(a.getAttribute('href')!, 'http://localhost');
    };
    // The period of the table's last call: the export has exactly its rows.
    let table!: URLSearchParams;
    await waitFor(() => {
      table = calls.filter((c) => c.url.pathname === '/api/pjts/2/iot/envmonitor/12/reports.do').at(-1)!
        .url.searchParams;
      expect(hours(table.get('from')!, table.get('to')!)).toBe(24 * 30);
    });
    expect(screen.getByTestId('history-export').textContent).toBe('导出 CSV');
    expect(screen.getByTestId('history-export-xlsx').textContent).toBe('导出 Excel');
    for (const [id, format] of [
      ['history-export', 'csv'],
      ['history-export-xlsx', 'xlsx'],
    ] as const) {
      const href = link(id);
      expect(href.pathname).toBe('/api/pjts/2/iot/envmonitor/12/reports.do/export');
      expect(href.searchParams.get('format')).toBe(format);
      expect(href.searchParams.get('from')).toBe(table.get('from'));
      expect(href.searchParams.get('to')).toBe(table.get('to'));
      expect(href.searchParams.get('lang')).toBe('zh_CN');
    }
  });

  it('says when a long period is drawn from hourly averages', async () => {
    serve();
    const user = userEvent.setup();
    renderWithApp(<PjtDeviceEnvDataHistoryPage />, { path: PATH });
    expect((await screen.findByTestId('history-resolution', {}, { timeout: 10_000 })).textContent).toBe(
      '每点为 5 分钟平均值',
    );
    await user.click(screen.getByText('30 天'));
    await waitFor(
      () => expect(screen.getByTestId('history-resolution').textContent).toBe('时间跨度较长：每点为 1 小时平均值'),
      { timeout: 10_000 },
    );
  });

  it('table view asks for no series', async () => {
    const { calls } = serve();
    const user = userEvent.setup();
    renderWithApp(<PjtDeviceEnvDataHistoryPage />, { path: PATH });
    await screen.findByTestId('history-table');
    await user.click(screen.getByText('表格'));
    const before = calls.filter((c) => c.url.pathname.endsWith('/series')).length;
    await user.click(screen.getByText('30 天'));
    await waitFor(() => {
      const last = calls.filter((c) => /\/reports\.do$/.test(c.url.pathname)).at(-1)!.url.searchParams;
      expect(hours(last.get('from')!, last.get('to')!)).toBe(24 * 30);
    });
    expect(calls.filter((c) => c.url.pathname.endsWith('/series')).length).toBe(before);
    // Without ?id the first monitor is shown.
    expect(calls.some((c) => c.url.pathname === '/api/pjts/2/iot/envmonitor/11/reports.do')).toBe(true);
  });
});
