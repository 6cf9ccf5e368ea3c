import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FakeWebSocket } from '../../api/realtime-fake';
import { screenTests } from '../../components/device/family-testing';
import { renderWithApp } from '../../test/render';
import CabinetListPage from './list-page';
import { BASE, CABINETS, page, serve, setUp, tearDown } from './test-fixtures';

const PATH = '/pjt/pjtdevicemtclist';

screenTests(setUp, tearDown);

describe('cabinet list', () => {
  it('shows each cabinet online or not, its mode, circuits at a glance, alarms and power (version and last report hidden at first)', async () => {
    let loads = 0;
    serve(PATH, (call) => {
      if (call.url.pathname === `${BASE}/pages`) {
        loads++;
        return { json: page(CABINETS) };
      }
      return undefined;
    });
    renderWithApp(<CabinetListPage />, { path: PATH });
    const first = (await screen.findByText('滨江一号箱')).closest('tr') as HTMLElement;
    expect(within(first).getByText('在线')).toBeTruthy();
    expect(within(first).getByText('策略')).toBeTruthy();
    expect(within(first).getByText('正常')).toBeTruthy();
    expect(within(first).getByText('5230 W')).toBeTruthy();
    // Version and last report are in the column setting, hidden at first so that the list fits 1366 px
    // with its pinned actions (issue 13); the cabinet's page shows both.
    expect(within(first).queryByText('MTC1.2.03')).toBeNull();
    expect(within(first).queryByText('2026-05-01 18:00:00')).toBeNull();
    const strip = within(first).getByTestId('circuit-strip');
    expect(strip.querySelectorAll('[data-actual="on"]').length).toBe(3);
    expect(strip.querySelectorAll('[data-theft="true"]').length).toBe(1);

    const second = screen.getByText('滨江二号箱').closest('tr') as HTMLElement;
    expect(within(second).getByText('离线')).toBeTruthy();
    expect(within(second).getByText('手动')).toBeTruthy();
    expect(within(second).getByTestId('cabinet-alarm').textContent).toBe('电缆防盗、柜门打开');
    // Nothing raw: no enum words on a zh-CN screen.
    expect(document.body.textContent).not.toMatch(/\b(online|offline|manual|policy|cableTheft)\b/);

    // A report of one of the project's cabinets reloads the list (at most every two seconds).
    const socket = FakeWebSocket.last!;
    act(() => socket.open());
    const before = loads;
    act(() =>
      socket.push({
        kind: 'telemetry',
        deviceId: 41,
        projectId: 2,
        type: 'mtc',
        values: { circuitsOn: 0 },
        at: '2026-05-01T10:00:10Z',
      }),
    );
    await waitFor(() => expect(loads).toBeGreaterThan(before), { timeout: 5000 });
  }, 60_000);
});
