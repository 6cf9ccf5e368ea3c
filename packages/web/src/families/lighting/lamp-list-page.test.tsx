import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import L from 'leaflet';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeWebSocket } from '../../api/realtime-fake';
import { guardRawText } from '../../test/raw-guard';
import { expectSentJson, renderWithApp } from '../../test/render';
import LampListPage from './lamp-list-page';
import { BASE, LAMPS, POINTS, serve, setUp, tearDown } from './test-fixtures';

const PATH = '/pjt/pjtdevicelightinglist';
const page = (list = LAMPS) => ({ json: { list, total: list.length, page: 1, pageSize: 25 } });

beforeEach(setUp);
afterEach(tearDown);

const rowOf = (name: string) => screen.getAllByRole('row').find((r) => r.textContent?.includes(name))!;

guardRawText();

describe('lamp list', () => {
  it('shows the lamps with live values, filters by state, and follows telemetry pushes', async () => {
    const { calls } = serve(PATH, (call) => (call.url.pathname === `${BASE}/pages` ? page() : undefined));
    const user = userEvent.setup();
    renderWithApp(<LampListPage />, { path: PATH });
    await screen.findByText('路灯二');
    const two = rowOf('路灯二');
    expect(within(two).getByText('调光')).toBeTruthy();
    expect(two.textContent).toContain('50\u00a0%');
    expect(two.textContent).toContain('49\u00a0W');
    expect(rowOf('路灯三').querySelector('[data-lamp-state="fault"]')?.textContent).toBe('故障');

    const socket = FakeWebSocket.last!;
    act(() => socket.open());
    act(() =>
      socket.push({
        kind: 'telemetry',
        deviceId: 32,
        projectId: 2,
        type: 'lighting',
        values: { on: 1, level: 100, activePower: 97.5 },
        at: '2026-05-01T10:05:00Z',
      }),
    );
    await waitFor(() => expect(rowOf('路灯二').textContent).toContain('97.5\u00a0W'));
    expect(rowOf('路灯二').querySelector('[data-lamp-state]')?.textContent).toBe('亮灯');

    await user.click(
      screen.getByTestId('filter-state').querySelector('.ant-select-selector') ?? screen.getByTestId('filter-state'),
    );
    await user.click(await screen.findByTitle('故障'));
    await waitFor(() =>
      expect(calls.some((c) => c.url.pathname === `${BASE}/pages` && c.url.searchParams.get('state') === 'fault')).toBe(
        true,
      ),
    );
  }, 60_000);

  it('switches the selected lamps off after asking, and shows the batch progress', async () => {
    const { fetchMock } = serve(PATH, (call) => {
      if (call.url.pathname === `${BASE}/pages`) return page();
      if (call.url.pathname === `${BASE}/batch/command`)
        return { json: { batchId: 'b9', command: 'poweroff', total: 2 } };
      if (call.url.pathname === `${BASE}/batches/b9`)
        return {
          json: {
            batchId: 'b9',
            command: 'poweroff',
            total: 2,
            acknowledged: 1,
            failed: 1,
            pending: 0,
            done: true,
            startedAt: '2026-05-01T10:00:00Z',
            finishedAt: '2026-05-01T10:00:01Z',
            results: [
              { deviceId: 31, name: '路灯一', ok: true, error: null, durationMs: 40 },
              { deviceId: 32, name: '路灯二', ok: false, error: '设备离线', durationMs: null },
            ],
          },
        };
      return undefined;
    });
    const user = userEvent.setup();
    renderWithApp(<LampListPage />, { path: PATH });
    await screen.findByText('路灯二');
    expect(screen.getByTestId('batch-poweroff').hasAttribute('disabled')).toBe(true);
    await user.click(within(rowOf('路灯一')).getByRole('checkbox'));
    await user.click(within(rowOf('路灯二')).getByRole('checkbox'));
    await user.click(screen.getByTestId('batch-poweroff'));
    expect(await screen.findByText('确定关闭2 盏灯吗？关灯后路面将失去照明。')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /确\s*定/ }));
    await expectSentJson(fetchMock, `${BASE}/batch/command`, {
      command: 'poweroff',
      args: {},
      lampIds: [31, 32],
      groupIds: [],
    });
    const progress = await screen.findByTestId('batch-progress');
    await waitFor(() => expect(within(progress).getByTestId('batch-failed').textContent).toBe('失败 1'));
    expect(within(progress).getByText('设备离线')).toBeTruthy();
  }, 60_000);

  it('draws an area on the map and dims every lamp inside it', async () => {
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    const { fetchMock } = serve(PATH, (call) => {
      if (call.url.pathname === `${BASE}/pages`) return page();
      if (call.url.pathname === `${BASE}/map`) return { json: POINTS };
      if (call.url.pathname === `${BASE}/area/command`) return { json: { batchId: 'a1', command: 'dim', total: 2 } };
      return undefined;
    });
    const user = userEvent.setup();
    renderWithApp(<LampListPage />, { path: PATH });
    await screen.findByText('路灯二');
    await user.click(screen.getByText('地图'));
    expect(await screen.findByText('地图上 3 盏灯（无坐标的单灯不显示）')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('area-map').querySelector('.leaflet-container')).toBeTruthy());
    const map = (
      screen.getByTestId('area-map').querySelector('.leaflet-container') as HTMLElement & { scDeviceMap?: L.Map }
    ).scDeviceMap!;
    await user.click(screen.getByTestId('area-draw-start'));
    const polygon: [number, number][] = [
      [119.49, 32.16],
      [119.505, 32.16],
      [119.505, 32.175],
      [119.49, 32.175],
    ];
    for (const [lng, lat] of polygon)
      act(() => {
        const latlng = L.latLng(lat, lng);
        map.fire('click', { latlng, layerPoint: map.latLngToLayerPoint(latlng) });
      });
    await user.click(screen.getByTestId('area-draw-finish'));
    expect(screen.getByTestId('area-draw-hint').textContent).toBe('区域内 2 台设备');
    await user.click(screen.getByTestId('batch-dim'));
    await user.click(await screen.findByTestId('batch-dim-send'));
    await expectSentJson(fetchMock, `${BASE}/area/command`, {
      polygon,
      includeChildren: false,
      command: 'dim',
      args: { level: 50 },
    });
    expect(await screen.findByTestId('batch-progress')).toBeTruthy();
  }, 60_000);
});
