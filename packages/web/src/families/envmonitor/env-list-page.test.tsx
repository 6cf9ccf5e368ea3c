import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { FakeWebSocket } from '../../api/realtime-fake';
import { familyServer, familyTestSetup } from '../../test/family-page';
import { renderWithApp } from '../../test/render';
import PjtDeviceEnvMonitorListPage from './env-list-page';
import { ENTRIES } from './test-fixtures';

const PATH = '/pjt/pjtdeviceenvmonitorlist';
const BASE = '/api/pjts/2/iot/envmonitor';
const LATEST = `${BASE}/reports.do/family/attempts/last/1`;

const serve = familyServer({
  screen: PATH,
  base: BASE,
  more: (_, pathname) => (pathname === LATEST ? { json: ENTRIES } : undefined),
});

familyTestSetup();

const readingIn = (root: HTMLElement, key: string) => root.querySelector(`[data-reading="${key}"]`)?.textContent;

describe('environment monitor list', () => {
  it('shows the latest readings with units and follows telemetry pushes without reloading', async () => {
    const { calls } = serve();
    renderWithApp(<PjtDeviceEnvMonitorListPage />, { path: PATH });
    const card = await screen.findByTestId('env-card-11');
    expect(readingIn(card, 'temperature')).toBe('温度21.5\u00a0°C');
    expect(readingIn(card, 'pm25')).toBe('PM2.512\u00a0μg/m³');
    // The empty image's own title says 暂无数据 too (antd's zh-CN locale): the description is the card's text.
    expect(
      within(screen.getByTestId('env-card-12')).getByText('暂无数据', { selector: '.ant-empty-description' }),
    ).toBeTruthy();

    const socket = FakeWebSocket.last!;
    expect(socket.url).toContain('/api/ws?token=tok&lang=zh_CN');
    act(() => socket.open());
    expect(socket.sent).toEqual([{ op: 'subscribe', devices: [], projects: [2] }]);
    const loads = calls.length;
    act(() =>
      socket.push({
        kind: 'telemetry',
        deviceId: 11,
        projectId: 2,
        type: 'envmonitor',
        values: { temperature: 25.25, humidity: 55, pm25: 80 },
        at: '2026-05-01T08:05:00Z',
      }),
    );
    await waitFor(() => expect(readingIn(screen.getByTestId('env-card-11'), 'temperature')).toBe('温度25.3\u00a0°C'));
    expect(readingIn(screen.getByTestId('env-card-11'), 'pm25')).toBe('PM2.580\u00a0μg/m³');
    act(() => socket.push({ kind: 'state', deviceId: 12, projectId: 2, activeState: -1, at: '2026-05-01T08:06:00Z' }));
    await waitFor(() => expect(within(screen.getByTestId('env-card-12')).getByText('异常')).toBeTruthy());
    expect(calls.length).toBe(loads);
  });

  it('switches to the table view and registers a monitor', async () => {
    const { calls } = serve();
    const user = userEvent.setup();
    renderWithApp(<PjtDeviceEnvMonitorListPage />, { path: PATH });
    await screen.findByTestId('env-card-11');
    await user.click(screen.getByText('表格'));
    const row = (await screen.findAllByRole('row')).find((r) => r.textContent?.includes('西门监测'))!;
    expect(screen.getByRole('columnheader', { name: /PM10\s*μg\/m³/ })).toBeTruthy();
    await user.click(within(row).getByRole('button', { name: '注册' }));
    await user.click(await screen.findByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')!.url.pathname).toBe('/api/pjts/2/iot/envmonitor/12/register');
  });

  it('hides registration below the edit level', async () => {
    serve(1);
    renderWithApp(<PjtDeviceEnvMonitorListPage />, { path: PATH });
    await screen.findByTestId('env-card-11');
    await waitFor(() => expect(screen.queryByRole('button', { name: '注销' })).toBeNull());
    expect(screen.queryByRole('button', { name: '注册' })).toBeNull();
  });

  it('includes the child projects’ monitors with their project when the switch is on', async () => {
    localStorage.setItem('sc.project.children', JSON.stringify({ userId: 4, on: true }));
    const { calls } = serve(5, PATH, (call) =>
      call.url.pathname === LATEST
        ? { json: ENTRIES.map((e, i) => ({ ...e, device: { ...e.device, projectName: i ? '孙项目丙' : '子项目乙' } })) }
        : undefined,
    );
    const user = userEvent.setup();
    renderWithApp(<PjtDeviceEnvMonitorListPage />, { path: PATH });
    const card = await screen.findByTestId('env-card-12');
    expect(within(card).getByText('孙项目丙')).toBeTruthy();
    await user.click(screen.getByText('表格'));
    expect(await screen.findByRole('columnheader', { name: '所属项目' })).toBeTruthy();
    const last = calls.filter((c) => c.url.pathname.endsWith('/reports.do/family/attempts/last/1')).at(-1)!;
    expect(last.url.searchParams.get('includeChildren')).toBe('true');
    localStorage.removeItem('sc.project.children');
  });
});
