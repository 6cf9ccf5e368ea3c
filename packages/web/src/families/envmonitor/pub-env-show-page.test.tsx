import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeWebSocket } from '../../api/realtime-fake';
import { setErrorSinks } from '../../api/report';
import { changeLang } from '../../i18n/i18n';
import { mockFetch, renderWithApp } from '../../test/render';
import PubEnvShowPage from './pub-env-show-page';

const DEVICES = [
  { id: 11, name: '东门监测', activeState: 1, lastActiveAt: '2026-05-01T08:00:00Z', lng: 119.5, lat: 32.1 },
  { id: 12, name: '西门监测', activeState: -1, lastActiveAt: null, lng: null, lat: null },
];

function serve(devices = DEVICES) {
  return mockFetch((call) => {
    const { pathname } = call.url;
    if (pathname === '/api/pub/iot/env/devices.do') return { json: devices };
    const one = /^\/api\/pub\/iot\/env\/(\d+)\/reports\.do\/last\/1$/.exec(pathname);
    if (one) {
      const device = devices.find((d) => d.id === Number(one[1]))!;
      const readings = device.id === 11 ? [{ at: '2026-05-01T08:00:00Z', temperature: 23.4, pm25: 88, noise: 51 }] : [];
      return { json: { device, readings } };
    }
    return undefined;
  });
}

beforeEach(async () => {
  await changeLang('zh_CN');
  setErrorSinks({ toast: vi.fn(), toLogin: vi.fn() });
  FakeWebSocket.reset();
  vi.stubGlobal('WebSocket', FakeWebSocket);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('public environment display', () => {
  it('shows every public monitor with big readings, without a sign-in or a socket', async () => {
    const { calls } = serve();
    const user = userEvent.setup();
    renderWithApp(<PubEnvShowPage />, { path: '/pubenvshow' });
    const east = await screen.findByTestId('pub-env-monitor-11');
    expect(within(east).getByText('东门监测')).toBeTruthy();
    expect(east.querySelector('[data-reading="temperature"]')!.textContent).toBe('温度23.4°C');
    expect(east.querySelector('[data-reading="pm25"]')!.className).toContain('poor');
    expect(within(screen.getByTestId('pub-env-monitor-12')).getByText('暂无数据')).toBeTruthy();
    expect(screen.getByTestId('pub-env-clock').textContent).toMatch(/\d\d:\d\d:\d\d/);
    expect(calls.every((c) => !c.url.searchParams.has('token'))).toBe(true);
    expect(FakeWebSocket.instances).toHaveLength(0);

    await user.click(screen.getByTestId('language-switch'));
    await user.click(await screen.findByText('English'));
    await waitFor(() => expect(screen.getByText('Environment monitoring')).toBeTruthy());
    expect(within(screen.getByTestId('pub-env-monitor-11')).getByText('Temperature')).toBeTruthy();
    await changeLang('zh_CN');
  });

  it('says so when no monitor is public', async () => {
    serve([]);
    renderWithApp(<PubEnvShowPage />, { path: '/pubenvshow' });
    expect((await screen.findByTestId('pub-env-none')).textContent).toContain('暂无公开展示的环境监测点');
  });

  it('refreshes every 30 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const { calls } = serve();
      renderWithApp(<PubEnvShowPage />, { path: '/pubenvshow' });
      await screen.findByTestId('pub-env-monitor-11');
      const lists = () => calls.filter((c) => c.url.pathname === '/api/pub/iot/env/devices.do').length;
      expect(lists()).toBe(1);
      await vi.advanceTimersByTimeAsync(30_000);
      await waitFor(() => expect(lists()).toBe(2));
    } finally {
      vi.useRealTimers();
    }
  });
});
