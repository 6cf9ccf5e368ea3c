import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { FakeWebSocket } from '../../api/realtime-fake';
import { type Answer, eventSample, familyServer, familyTestSetup } from '../../test/family-page';
import type { Call } from '../../test/render';
import { renderWithApp } from '../../test/render';
import PjtDeviceGatewayListPage from './gateway-list-page';
import PjtDeviceGatewayPage from './gateway-page';

const GATEWAY = {
  id: 3,
  name: '一号网关',
  no: 'GW-01',
  type: 'gateway',
  equipmentId: 'EQ-GW-1',
  activeState: 1,
  lastActiveAt: '2026-05-01T08:00:00Z',
  registered: true,
  parentId: null,
  modelName: 'gws',
  areaName: null,
  groupName: null,
  ip: '10.0.0.2',
  lng: null,
  lat: null,
  description: '',
  props: { maxChildren: 64 },
};
/** A lamp controller behind the gateway, its state as given. */
const child = (id: number, name: string, activeState: number) => ({
  id,
  name,
  no: `L-0${id - 20}`,
  type: 'lighting',
  equipmentId: `L${id - 20}`,
  activeState,
  registered: true,
  lastActiveAt: null,
});
const CHILDREN = [child(21, '单灯一', 1), child(22, '单灯二', 0)];
const PATH = '/pjt/pjtdevicegateway';
const BASE = '/api/pjts/2/iot/gateway';
const server = familyServer({
  screen: PATH,
  base: BASE,
  device: GATEWAY,
  events: {
    path: 'events',
    list: [eventSample(CHILDREN[0]!, '14', '2026-05-01T07:00:00Z', { level: 'warning', detail: null })],
  },
  more: (call, pathname) => {
    if (pathname === `${BASE}/3/children`) return { json: CHILDREN };
    if (pathname === '/api/pjts/2/devices.do/family')
      return {
        json:
          call.url.searchParams.get('type') === 'gateway'
            ? [GATEWAY]
            : [GATEWAY, ...CHILDREN.map((c) => ({ ...c, parentId: 3 }))],
      };
    return undefined;
  },
});

/** The gateway's server, a command to the gateway answered by `command`. */
const serve = (command: (call: Call) => Answer, path = PATH, level = 5) =>
  server(level, path, (call) =>
    call.method === 'POST' && call.url.pathname.startsWith(`${BASE}/3/`) ? command(call) : undefined,
  );

familyTestSetup();

describe('gateway detail', () => {
  it("shows the server's offline message when a command finds the gateway offline", async () => {
    const message = '设备离线或通信异常，请稍后重试';
    const { calls } = serve(() => ({ status: 409, json: { statusCode: 409, code: 'DEVICE_OFFLINE', message } }));
    const user = userEvent.setup();
    renderWithApp(<PjtDeviceGatewayPage />, { path: `${PATH}?id=3` });
    expect(await screen.findByTestId('gateway-name')).toHaveProperty('textContent', '一号网关');
    await user.click(await screen.findByTestId('command-correcttime'));
    const outcome = await screen.findByTestId('command-outcome');
    expect(outcome.textContent).toContain(message);
    expect(calls.find((c) => c.method === 'POST')!.url.pathname).toBe('/api/pjts/2/iot/gateway/3/correcttime');
  });

  it('confirms a reboot and shows the result', async () => {
    const { calls } = serve((call) => ({
      json: {
        command: call.url.pathname.split('/').pop(),
        ok: true,
        result: { rebooting: true },
        durationMs: 42,
        attempts: 1,
      },
    }));
    const user = userEvent.setup();
    renderWithApp(<PjtDeviceGatewayPage />, { path: `${PATH}?id=3` });
    await user.click(await screen.findByTestId('command-reboot'));
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await user.click(await screen.findByRole('button', { name: /确\s*定/ }));
    const outcome = await screen.findByTestId('command-outcome');
    expect(outcome.textContent).toContain('重启成功（42 ms，1 次尝试）');
    // The device's answer in words, not its raw "rebooting".
    expect(outcome.textContent).toContain('正在重启');
    expect(outcome.textContent).not.toContain('rebooting');
  });

  it('updates children states and prepends events from the realtime channel', async () => {
    serve(() => ({ json: {} }));
    renderWithApp(<PjtDeviceGatewayPage />, { path: `${PATH}?id=3` });
    const children = await screen.findByTestId('children-table');
    await waitFor(() => expect(within(children).getByText('单灯二')).toBeTruthy());
    const socket = FakeWebSocket.last!;
    act(() => socket.open());
    await waitFor(() =>
      expect(socket.sent.flatMap((r) => ('devices' in r ? (r.devices ?? []) : []))).toEqual(
        expect.arrayContaining([3, 21, 22]),
      ),
    );
    const row = () =>
      within(children)
        .getAllByRole('row')
        .find((r) => r.textContent?.includes('单灯二'))!;
    expect(within(row()).getByText('未知')).toBeTruthy();
    act(() => socket.push({ kind: 'state', deviceId: 22, projectId: 2, activeState: 1, at: '2026-05-01T08:10:00Z' }));
    await waitFor(() => expect(within(row()).getByText('正常')).toBeTruthy());
    act(() =>
      socket.push({
        kind: 'event',
        deviceId: 22,
        projectId: 2,
        type: 'lighting',
        code: '99',
        eventType: 'occur',
        level: 'alarm',
        at: '2026-05-01T08:11:00Z',
      }),
    );
    const events = screen.getByTestId('events-table');
    await waitFor(() => expect(within(events).getAllByRole('row')[1]!.textContent).toContain('99'));
    expect(within(events).getAllByRole('row')[1]!.textContent).toContain('单灯二');
    expect(within(events).getAllByRole('row')[1]!.textContent).toContain('告警');
  });

  it('hides the command buttons below the edit level', async () => {
    serve(() => ({ json: {} }), PATH, 1);
    renderWithApp(<PjtDeviceGatewayPage />, { path: `${PATH}?id=3` });
    await screen.findByTestId('gateway-name');
    await screen.findByTestId('children-table');
    expect(screen.queryByTestId('command-reboot')).toBeNull();
  });
});

describe('gateway list', () => {
  it('lists gateways with children counts and follows state pushes', async () => {
    serve(() => ({ json: { id: 3, registered: false, delivered: true } }), '/pjt/pjtdevicegatewaylist');
    renderWithApp(<PjtDeviceGatewayListPage />, { path: '/pjt/pjtdevicegatewaylist' });
    const row = async () => (await screen.findAllByRole('row')).find((r) => r.textContent?.includes('GW-01'))!;
    await waitFor(async () => expect((await row()).textContent).toContain('2'));
    expect(within(await row()).getByText('正常')).toBeTruthy();
    const socket = FakeWebSocket.last!;
    act(() => socket.open());
    act(() => socket.push({ kind: 'state', deviceId: 3, projectId: 2, activeState: -1, at: '2026-05-01T08:10:00Z' }));
    await waitFor(async () => expect(within(await row()).getByText('异常')).toBeTruthy());
  });
});
