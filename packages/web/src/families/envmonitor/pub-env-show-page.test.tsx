import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { FakeWebSocket } from '../../api/realtime-fake';
import { changeLang } from '../../i18n/i18n';
import { familyTestSetup } from '../../test/family-page';
import { mockFetch, renderWithApp } from '../../test/render';
import PubEnvShowPage, { pageShape } from './pub-env-show-page';

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

familyTestSetup({ signedIn: false });

describe('public environment display', () => {
  it('shows every public monitor with big readings, without a sign-in or a socket', async () => {
    const { calls } = serve();
    const user = userEvent.setup();
    renderWithApp(<PubEnvShowPage />, { path: '/pubenvshow' });
    const east = await screen.findByTestId('pub-env-monitor-11');
    expect(within(east).getByText('东门监测')).toBeTruthy();
    expect(east.querySelector('[data-reading="temperature"]')!.textContent).toBe('温度23.4\u00a0°C');
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

  it('fits one screen: as many monitors as the screen holds, in pages that turn every 10 seconds', async () => {
    expect(pageShape(1366, 768)).toEqual({ cols: 3, rows: 2 });
    expect(pageShape(1920, 1080)).toEqual({ cols: 4, rows: 3 });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const many = Array.from({ length: 8 }, (_, i) => ({ ...DEVICES[1]!, id: 100 + i, name: `监测点${i + 1}` }));
      serve(many);
      renderWithApp(<PubEnvShowPage />, { path: '/pubenvshow' });
      // jsdom's window is 1024 × 768: 2 × 2 per page.
      await screen.findByTestId('pub-env-monitor-100');
      expect(screen.getAllByTestId(/^pub-env-monitor-/)).toHaveLength(4);
      expect(screen.getByTestId('pub-env-page').textContent).toContain('第 1/2 页');
      await vi.advanceTimersByTimeAsync(10_000);
      await waitFor(() => expect(screen.queryByTestId('pub-env-monitor-104')).toBeTruthy());
      expect(screen.queryByTestId('pub-env-monitor-100')).toBeNull();
      expect(screen.getByTestId('pub-env-page').textContent).toContain('第 2/2 页');
    } finally {
      vi.useRealTimers();
    }
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
