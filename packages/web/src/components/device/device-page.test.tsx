import type { DeviceView, SessionUser } from '@sc/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../api/client';
import { FakeWebSocket } from '../../api/realtime-fake';
import { setErrorSinks } from '../../api/report';
import { changeLang } from '../../i18n/i18n';
import { frameAnswers, TREE } from '../../pages/man/projectlist/test-fixtures';
import { clearSession, setSession } from '../../session/store';
import { guardRawText } from '../../test/raw-guard';
import { mockFetch, renderWithApp } from '../../test/render';
import {
  type DeviceBack,
  DeviceLocation,
  DevicePage,
  DevicePolicies,
  DeviceRegisterButton,
  DeviceShell,
  useLiveDevice,
} from '.';

const PATH = '/pjt/pjtdevicegateway';
const BACK: DeviceBack = { to: '/pjt/pjtdevicegatewaylist', label: 'gateways.back', missing: 'gateways.missing' };
const USER = { userId: 4, userName: 'u', realName: 'U', projectId: 2, projectName: '子项目乙', userToken: 't' };
const DEVICE = {
  id: 3,
  name: '一号设备',
  no: 'D-01',
  type: 'probe',
  equipmentId: 'EQ-1',
  activeState: 0,
  lastActiveAt: null,
  registered: false,
  parentId: null,
  modelName: null,
  areaName: null,
  groupName: null,
  ip: '',
  lng: 113.5,
  lat: 22.25,
  description: '',
  props: {},
};

/** A family page declared on the shell: the row, one card, two tabs, a register button. */
function TestPage({ isDevice }: { isDevice?: (d: DeviceView) => boolean }) {
  return (
    <DevicePage back={BACK}>
      {(projectId, id) => <TestDetail projectId={projectId} id={id} isDevice={isDevice} />}
    </DevicePage>
  );
}

const pushes: unknown[] = [];

function TestDetail(props: { projectId: number; id: number; isDevice?: (d: DeviceView) => boolean }) {
  const base = `/api/pjts/${props.projectId}/devices.do`;
  const { query, device, fallback } = useLiveDevice({
    id: props.id,
    queryKey: ['test-device', props.id],
    queryFn: () => api.get<DeviceView>(`${base}/one/${props.id}`, undefined, { silent: true }),
    back: BACK,
    isDevice: props.isDevice,
    onPush: (push) => pushes.push(push),
  });
  if (!device) return fallback;
  return (
    <DeviceShell
      device={device}
      back={BACK}
      testId="test"
      actions={
        <DeviceRegisterButton
          device={device}
          send={(registered) => api.post(`${base}/${device.id}/register`, undefined, { json: { registered } })}
          confirmText={(registering) => `${registering ? 'register' : 'unregister'} ${device.name}`}
          testId="test-register"
          onChanged={() => void query.refetch()}
        />
      }
      properties={{ title: '属性', items: [{ label: '编号', value: device.no }] }}
      tabs={[
        { key: 'a', label: '甲', children: <span data-testid="tab-a">甲页</span> },
        {
          key: 'location',
          label: '位置',
          children: (
            <DeviceLocation
              initial={{ lng: device.lng, lat: device.lat }}
              editable
              save={(lng, lat) => api.put(`${base}/${device.id}/location`, undefined, { json: { lng, lat } })}
              onSaved={() => undefined}
            />
          ),
        },
      ]}
    >
      <div data-testid="family-card">家族卡片</div>
    </DeviceShell>
  );
}

function serve(one: () => { status?: number; json?: unknown }) {
  return mockFetch((call) => {
    const frame = frameAnswers(PATH, 5, call);
    if (frame) return frame;
    const { pathname } = call.url;
    if (pathname === '/api/projects.do/trees') return { json: TREE };
    if (pathname === '/api/pjts/2/devices.do/one/3') return one();
    if (pathname === '/api/pjts/2/devices.do/3/register') return { json: { registered: true, delivered: false } };
    return undefined;
  });
}

beforeEach(async () => {
  await changeLang('zh_CN');
  setErrorSinks({ toast: vi.fn(), toLogin: vi.fn() });
  FakeWebSocket.reset();
  vi.stubGlobal('WebSocket', FakeWebSocket);
  setSession(USER as SessionUser);
  pushes.length = 0;
});
afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
});

guardRawText();

describe('one-device page shell', () => {
  it('shows the header, the family cards and tabs, and follows the state live', async () => {
    serve(() => ({ json: DEVICE }));
    renderWithApp(<TestPage />, { path: `${PATH}?id=3` });
    expect(await screen.findByTestId('test-name')).toHaveProperty('textContent', '一号设备');
    const header = screen.getByTestId('test-name').closest('.ant-card') as HTMLElement;
    expect(within(header).getByText('未知')).toBeTruthy();
    expect(within(header).getByText('未注册')).toBeTruthy();
    expect(
      within(header)
        .getByRole('link', { name: /操作日志/ })
        .getAttribute('href'),
    ).toBe('/man/operatehistory');
    expect(within(header).getByRole('link', { name: /返回/ }).getAttribute('href')).toBe(BACK.to);
    expect(within(header).getByText('D-01')).toBeTruthy();
    expect(screen.getByTestId('family-card')).toBeTruthy();
    expect(screen.getByRole('tab', { name: '甲' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: '位置' })).toBeTruthy();

    const socket = FakeWebSocket.last!;
    act(() => socket.open());
    await waitFor(() => expect(socket.sent.flatMap((r) => ('devices' in r ? (r.devices ?? []) : []))).toContain(3));
    act(() => socket.push({ kind: 'state', deviceId: 3, projectId: 2, activeState: 1, at: '2026-05-01T08:10:00Z' }));
    await waitFor(() => expect(within(header).getByText('正常')).toBeTruthy());
    expect(pushes).toHaveLength(1);
  });

  it('registers after a confirmation naming the device', async () => {
    const { calls } = serve(() => ({ json: DEVICE }));
    const user = userEvent.setup();
    renderWithApp(<TestPage />, { path: `${PATH}?id=3` });
    await user.click(await screen.findByTestId('test-register'));
    expect(await screen.findByText('register 一号设备')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await user.click(await screen.findByRole('button', { name: /确\s*定/ }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.url.pathname).toBe('/api/pjts/2/devices.do/3/register'),
    );
  });

  it("shows no other device: a bad id or an unknown one is not found, another family's says so, a failed load is not shown", async () => {
    serve(() => ({ json: DEVICE }));
    const first = renderWithApp(<TestPage />, { path: `${PATH}?id=x` });
    expect(await screen.findByText('网关不存在或不在当前项目中')).toBeTruthy();
    expect(screen.getByRole('link', { name: /返回/ }).getAttribute('href')).toBe(BACK.to);
    first.unmount();

    serve(() => ({ status: 404, json: { statusCode: 404, message: 'no' } }));
    const second = renderWithApp(<TestPage />, { path: `${PATH}?id=3` });
    expect(await screen.findByText('网关不存在或不在当前项目中')).toBeTruthy();
    second.unmount();

    serve(() => ({ json: DEVICE }));
    const third = renderWithApp(<TestPage isDevice={(d) => d.type === 'other'} />, { path: `${PATH}?id=3` });
    expect(await screen.findByText('该设备不属于此类设备')).toBeTruthy();
    expect(screen.getByRole('link', { name: /返回/ })).toBeTruthy();
    expect(screen.queryByTestId('test-name')).toBeNull();
    third.unmount();

    serve(() => ({ status: 400, json: { statusCode: 400, code: 'VALIDATION', message: '该设备不属于此类设备' } }));
    const fourth = renderWithApp(<TestPage />, { path: `${PATH}?id=3` });
    expect(await screen.findByText('该设备不属于此类设备')).toBeTruthy();
    fourth.unmount();

    serve(() => ({ status: 500, json: { statusCode: 500, message: 'boom' } }));
    renderWithApp(<TestPage />, { path: `${PATH}?id=3` });
    expect(await screen.findByText('加载失败')).toBeTruthy();
  });

  it("lists the policies a device runs with the family's mode column and in use in words", async () => {
    serve(() => ({ json: DEVICE }));
    const rows = [
      { id: 1, name: '日落开灯', no: 'P-1', inUse: true, mode: 'a' },
      { id: 2, name: '午夜关灯', no: 'P-2', inUse: false, mode: 'b' },
    ];
    renderWithApp(
      <DevicePolicies
        actions={<span data-testid="policy-actions">提示</span>}
        rows={rows}
        loading={false}
        labels={{ name: '名称', no: '编号', inUse: '启用' }}
        mode={{ key: 'mode', title: '方式', render: (p) => `方式${p.mode}` }}
      />,
      { path: PATH },
    );
    expect(await screen.findByTestId('policy-actions')).toBeTruthy();
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['名称', '编号', '方式', '启用']);
    const row = (name: string) => screen.getAllByRole('row').find((r) => r.textContent?.includes(name))!;
    expect(row('日落开灯').textContent).toBe('日落开灯P-1方式a是');
    expect(row('午夜关灯').textContent).toBe('午夜关灯P-2方式b否');
  });
});
