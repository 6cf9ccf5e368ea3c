import { type ProjectSummary, wifiManifest } from '@sc/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeWebSocket } from '../../../api/realtime-fake';
import { serve, setUp, tearDown } from '../../../families/lighting/test-fixtures';
import { guardRawText } from '../../../test/raw-guard';
import { renderWithApp } from '../../../test/render';
import { LAYOUT, SUMMARY } from './summary-fixtures';
import SummaryPage from './summary-page';

// jsdom has no canvas: a chart is a placeholder naming its series' kinds.
vi.mock('../../../components/device/echart', () => ({
  EChart: ({ option }: { option: { series?: { type: string }[] } }) => (
    <div data-testid="chart" data-kinds={(option.series ?? []).map((x) => x.type).join(',')} />
  ),
}));

const PATH = '/pjt/pjtprojectsummary';
beforeEach(setUp);
afterEach(tearDown);
guardRawText();

describe('project summary', () => {
  it('shows the standard layout’s units with their figures and links when the project has no layout', async () => {
    serve(PATH, (call) => (call.url.pathname === '/api/pjts/2/summary.do' ? { json: SUMMARY } : undefined), 1);
    renderWithApp(<SummaryPage />, { path: PATH });
    const online = await screen.findByTestId('unit-DEVICE_ONLINE');
    expect(within(online).getByTestId('online-rate').textContent).toBe('在线率 60%');
    expect(within(online).getByText('6 / 10 台在线')).toBeTruthy();
    expect(screen.getByTestId('summary-grid').dataset.grid).toBe('3');
    const units = screen.getAllByTestId(/^unit-[A-Z_]+$/).map((e) => e.dataset.testid);
    expect(units).toEqual([
      'unit-DEVICE_SUMMARY',
      'unit-DEVICE_ONLINE',
      'unit-DEVICE_EVENT',
      'unit-LIGHT_RATE',
      'unit-ENV_SUMMARY',
      'unit-ENV_WINDOW',
      'unit-POWER_CONSUMPTION',
      'unit-LIGHT_WINDOW',
    ]);
    expect(
      within(screen.getByTestId('unit-DEVICE_EVENT')).getByText('路灯一 · 灯具故障', { exact: false }),
    ).toBeTruthy();
    expect(within(screen.getByTestId('unit-ENV_SUMMARY')).getByText('21.5 °C')).toBeTruthy();
    expect(within(screen.getByTestId('unit-LIGHT_RATE')).getByText('应亮 5 盏，已亮 5 盏')).toBeTruthy();
    expect(within(screen.getByTestId('unit-LIGHT_WINDOW')).getByTestId('window-device').textContent).toBe('路灯一');
    expect(within(screen.getByTestId('unit-POWER_CONSUMPTION')).getByText('12.5 kWh')).toBeTruthy();
    // Each unit's title opens its screen; a window opens its device.
    expect(screen.getByTestId('unit-link-ENV_WINDOW').getAttribute('href')).toBe('/pjt/pjtdeviceenvdatahistory?id=11');
    expect(screen.getByTestId('unit-link-LIGHT_WINDOW').getAttribute('href')).toBe('/pjt/pjtdevicelighting?id=31');
    expect(screen.getByTestId('unit-link-DEVICE_SUMMARY').getAttribute('href')).toBe('/pjt/pjtdevicelist');
    // A viewer sees which layout is shown, not the switch.
    expect(screen.getByTestId('layout-name').textContent).toBe('默认布局');
    expect(screen.queryByTestId('layout-switch')).toBeNull();
  }, 60_000);

  it('shows the project tree’s work orders by state in the maintenance unit', async () => {
    const layout = { ...LAYOUT, units: [{ code: 4, x: 0, y: 0, w: 1, h: 1 }] };
    serve(PATH, (call) =>
      call.url.pathname === '/api/pjts/2/summary.do' ? { json: { ...SUMMARY, layout } } : undefined,
    );
    renderWithApp(<SummaryPage />, { path: PATH });
    const unit = await screen.findByTestId('unit-DEVICE_MAINTENANCE');
    expect(within(unit).getByTestId('maintenance-inProcess').textContent).toContain('处理中');
    expect(within(unit).getByTestId('maintenance-inProcess').textContent).toContain('3');
    expect(within(unit).getByTestId('maintenance-open').textContent).toContain('2');
    expect(within(unit).queryByTestId('waits-DEVICE_MAINTENANCE')).toBeNull();
    expect(screen.getByTestId('unit-link-DEVICE_MAINTENANCE').getAttribute('href')).toBe('/pjt/pjtmaintenancebilllist');
  }, 60_000);

  it('shows the access points’ figures and the one that reported last, each leading to the WiFi screens', async () => {
    const layout = {
      ...LAYOUT,
      units: [
        { code: 12 as const, x: 0, y: 0, w: 1, h: 1 },
        { code: 13 as const, x: 1, y: 0, w: 1, h: 1 },
      ],
    };
    const byType = [...SUMMARY.devices.byType, { type: wifiManifest.type, total: 3, active: 2, unknown: 1, error: 0 }];
    serve(PATH, (call) =>
      call.url.pathname === '/api/pjts/2/summary.do'
        ? { json: { ...SUMMARY, devices: { ...SUMMARY.devices, byType }, layout } }
        : undefined,
    );
    renderWithApp(<SummaryPage />, { path: PATH });
    const wifi = await screen.findByTestId('unit-WIFI_SUMMARY');
    expect(within(wifi).queryByTestId('waits-WIFI_SUMMARY')).toBeNull();
    expect(within(wifi).getByText('设备数')).toBeTruthy();
    expect(within(wifi).getByTestId('wifi-figures').textContent).toContain('17');
    expect(within(wifi).getByText('6.5 Mbps')).toBeTruthy();
    expect(within(wifi).getByText('32.5 Mbps')).toBeTruthy();
    const window = screen.getByTestId('unit-WIFI_WINDOW');
    expect(within(window).getByTestId('window-device').textContent).toBe('广场 AP');
    expect(within(window).getByText('4.5 Mbps')).toBeTruthy();
    expect(screen.getByTestId('unit-link-WIFI_SUMMARY').getAttribute('href')).toBe('/pjt/pjtdevicewifilist');
    expect(screen.getByTestId('unit-link-WIFI_WINDOW').getAttribute('href')).toBe('/pjt/pjtdevicewifi?id=41');
  }, 60_000);

  it('uses the project’s layout, says what a waiting unit waits for, and reads again after a push', async () => {
    let answer: ProjectSummary = { ...SUMMARY, layout: LAYOUT };
    const { calls } = serve(PATH, (call) => {
      if (call.url.pathname === '/api/pjts/2/summary.do') return { json: answer };
      if (call.url.pathname === '/api/pjts/2/summarylayouts.do/pages')
        return { json: { list: [LAYOUT], total: 1, page: 1, pageSize: 100 } };
      return undefined;
    });
    renderWithApp(<SummaryPage />, { path: PATH });
    expect(await screen.findByTestId('waits-CAMERA_WINDOW')).toBeTruthy();
    expect(screen.getByText('等待摄像机设备族：摄像机接入后这里播放实时视频。')).toBeTruthy();
    expect(screen.getByTestId('summary-grid').dataset.grid).toBe('2');
    expect(screen.getAllByTestId(/^unit-[A-Z_]+$/)).toHaveLength(3);
    // An editor can switch layouts and open the layout screen.
    expect(await screen.findByTestId('layout-switch')).toBeTruthy();

    const socket = FakeWebSocket.last!;
    act(() => socket.open());
    await waitFor(() =>
      expect(socket.sent[0]).toMatchObject({ op: 'subscribe', projects: expect.arrayContaining([2]) }),
    );
    const reads = () => calls.filter((c) => c.url.pathname === '/api/pjts/2/summary.do').length;
    const before = reads();
    // The first read after the push answers what the server had (computed before it), the next the new figures.
    act(() => socket.push({ kind: 'state', deviceId: 31, projectId: 2, activeState: 1, at: '2026-05-01T10:00:05Z' }));
    await waitFor(() => expect(reads()).toBe(before + 1), { timeout: 6000 });
    answer = {
      ...answer,
      at: new Date(Date.now() + 60_000).toISOString(),
      devices: { ...answer.devices, active: 10, unknown: 0, error: 0 },
    };
    await waitFor(() => expect(screen.getByTestId('online-rate').textContent).toBe('在线率 100%'), { timeout: 8000 });
    expect(reads()).toBe(before + 2);
  }, 60_000);
});
