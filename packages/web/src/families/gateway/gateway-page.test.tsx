import type { SessionUser } from '@sc/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeWebSocket } from '../../api/realtime-fake';
import { setErrorSinks } from '../../api/report';
import { changeLang } from '../../i18n/i18n';
import { frameAnswers, TREE } from '../../pages/man/projectlist/test-fixtures';
import { clearSession, setSession } from '../../session/store';
import { guardRawText } from '../../test/raw-guard';
import { type Call, mockFetch, renderWithApp } from '../../test/render';
import PjtDeviceGatewayListPage from './gateway-list-page';
import PjtDeviceGatewayPage from './gateway-page';

const PATH = '/pjt/pjtdevicegateway';
const USER = {
  userId: 4,
  userName: 'u',
  realName: 'U',
  projectId: 2,
  projectName: '子项目乙',
  userToken: 'tok',
} as SessionUser;
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
const CHILDREN = [
  {
    id: 21,
    name: '单灯一',
    no: 'L-01',
    type: 'lighting',
    equipmentId: 'L1',
    activeState: 1,
    registered: true,
    lastActiveAt: null,
  },
  {
    id: 22,
    name: '单灯二',
    no: 'L-02',
    type: 'lighting',
    equipmentId: 'L2',
    activeState: 0,
    registered: true,
    lastActiveAt: null,
  },
];
const EVENTS = {
  list: [
    {
      id: 1,
      deviceId: 21,
      deviceName: '单灯一',
      at: '2026-05-01T07:00:00Z',
      code: '14',
      eventType: 'occur',
      level: 'warning',
      detail: null,
    },
  ],
  total: 1,
  page: 1,
  pageSize: 50,
};

function serve(command: (call: Call) => { status?: number; json?: unknown }, path = PATH, level = 5) {
  return mockFetch((call) => {
    const frame = frameAnswers(path, level, call);
    if (frame) return frame;
    const { pathname } = call.url;
    if (pathname === '/api/projects.do/trees') return { json: TREE };
    if (pathname === '/api/pjts/2/devices.do/one/3') return { json: GATEWAY };
    if (pathname === '/api/pjts/2/iot/gateway/3/children') return { json: CHILDREN };
    if (pathname === '/api/pjts/2/iot/gateway/3/events') return { json: EVENTS };
    if (pathname === '/api/pjts/2/devices.do/family') {
      return {
        json:
          call.url.searchParams.get('type') === 'gateway'
            ? [GATEWAY]
            : [GATEWAY, ...CHILDREN.map((c) => ({ ...c, parentId: 3 }))],
      };
    }
    if (call.method === 'POST' && pathname.startsWith('/api/pjts/2/iot/gateway/3/')) return command(call);
    return undefined;
  });
}

beforeEach(async () => {
  await changeLang('zh_CN');
  setErrorSinks({ toast: vi.fn(), toLogin: vi.fn() });
  FakeWebSocket.reset();
  vi.stubGlobal('WebSocket', FakeWebSocket);
  setSession(USER);
});
afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
});

guardRawText();

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
    expect(outcome.textContent).toContain('rebooting');
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
