import type { SessionUser } from '@sc/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setErrorSinks } from '../../api/report';
import { changeLang } from '../../i18n/i18n';
import { clearSession, setSession } from '../../session/store';
import { getCurrentProject } from '../../session/use-current-project';
import { mockFetch, renderWithApp } from '../../test/render';
import type { DeviceEvent } from './answers';
import { EventsTable } from './events-table';

const USER = { userId: 4, userName: 'ops', realName: '运维', projectId: 2, projectName: '子项目乙' } as SessionUser;
const event = (id: number, over: Partial<DeviceEvent>): DeviceEvent => ({
  id,
  at: `2026-11-26T0${id}:00:00.000Z`,
  deviceId: 300,
  deviceName: '中山路1号灯',
  code: 'OFFLINE',
  eventType: 'occur',
  level: 'alarm',
  detail: null,
  ...over,
});
const EVENTS = [
  event(1, { handled: { billId: 9, billNo: 'WO202611260009', projectId: 3, projectName: '子项目丙' } }),
  event(2, { handled: null }),
  event(3, { eventType: 'restore' }),
];

function Where() {
  const location = useLocation();
  return <div data-testid="where">{`${location.pathname}${location.search}`}</div>;
}

beforeEach(async () => {
  await changeLang('zh_CN');
  setErrorSinks({ toast: vi.fn(), toLogin: vi.fn() });
  sessionStorage.clear();
  localStorage.clear();
  setSession(USER);
  mockFetch((call) =>
    call.url.pathname === '/api/menus.do'
      ? { json: [{ key: 'bills', path: '/pjt/pjtmaintenancebilllist', icon: 'x', name: 'bills', level: 5 }] }
      : undefined,
  );
});
afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
});

describe("a device's events: alarms and their work", () => {
  it('shows a raise a work order completed as handled, linking to it; an open raise offers work', async () => {
    const user = userEvent.setup();
    renderWithApp(
      <Routes>
        <Route
          path="/pjt/device"
          element={
            <EventsTable
              page={{ list: EVENTS, total: 3, page: 1, pageSize: 25 }}
              loading={false}
              current={1}
              pageSize={25}
              onPage={() => undefined}
            />
          }
        />
        <Route path="/pjt/pjtmaintenancebill" element={<Where />} />
      </Routes>,
      { path: '/pjt/device' },
    );
    const rows = (await screen.findAllByRole('row')).slice(1);
    await within(rows[1]!).findByTestId('open-work-order');
    expect(within(rows[0]!).queryByTestId('open-work-order')).toBeNull();
    expect(within(rows[2]!).queryByTestId('open-work-order')).toBeNull();
    const handled = within(rows[0]!).getByTestId('alarm-handled');
    expect(handled.textContent).toBe('已处理WO202611260009');
    await user.click(within(handled).getByText('WO202611260009'));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/pjt/pjtmaintenancebill?id=9'));
    expect(getCurrentProject()).toEqual({ id: 3, name: '子项目丙' });
  });
});
