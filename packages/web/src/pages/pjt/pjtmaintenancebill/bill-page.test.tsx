import { FAMILY_MANIFESTS, I18N_RESOURCES, type MaintenanceBillFull, type SessionUser } from '@sc/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import L from 'leaflet';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setErrorSinks } from '../../../api/report';
import { changeLang } from '../../../i18n/i18n';
import { clearSession, setSession } from '../../../session/store';
import { TYPE_A } from '../../../test/family-samples';
import { type Call, mockFetch, renderWithApp } from '../../../test/render';
import { TREE } from '../../man/projectlist/test-fixtures';
import BillListPage from '../pjtmaintenancebilllist/bill-list-page';
import BillPage from './bill-page';

const USER = {
  userId: 4,
  userName: 'checker',
  realName: '审核员',
  projectId: 2,
  projectName: '子项目乙',
  userToken: 'tok',
} as SessionUser;

const BILL: MaintenanceBillFull = {
  id: 7,
  no: 'WO202611260007',
  title: '中山路路灯维修',
  projectId: 2,
  projectName: '子项目乙',
  creatorName: 'editor',
  billDate: '2026-11-26T02:00:00.000Z',
  status: 0,
  completed: 0,
  total: 1,
  approverName: null,
  approvedAt: null,
  modifierName: null,
  updatedAt: '2026-11-26T02:00:00.000Z',
  deviceCap: 50,
  details: [
    {
      id: 70,
      billId: 7,
      deviceId: 300,
      deviceName: '中山路1号灯',
      deviceNo: 'L-001',
      deviceType: 'streetlamp-test',
      groupId: 9,
      groupName: '一号杆',
      handleStatus: 0,
      note: '',
      handlerName: null,
      handledAt: null,
      alarmCode: '19',
      alarmAt: '2026-11-26T01:00:00.000Z',
      hasPhoto: false,
      createdAt: '2026-11-26T02:00:00.000Z',
    },
  ],
  messages: [
    { id: 1, detailId: null, senderName: 'editor', content: '请带梯子', createdAt: '2026-11-26T02:01:00.000Z' },
  ],
};

function serve(path: string, level: number, extra: (call: Call) => { status?: number; json?: unknown } | undefined) {
  return mockFetch((call) => {
    const { pathname } = call.url;
    if (pathname === '/api/menus.do') return { json: [{ key: 'x', path, icon: '', name: 'x', level }] };
    if (pathname === '/api/pub/runningparams.do')
      return {
        json: {
          pageSize: 25,
          searchWordLimit: 5,
          map: { lng: 119.5, lat: 32.1, zoom: 18, tileUrl: '', tileAttribution: '' },
        },
      };
    if (pathname === '/api/projects.do/trees') return { json: TREE };
    return extra(call);
  });
}

beforeEach(async () => {
  await changeLang('zh_CN');
  setErrorSinks({ toast: vi.fn(), toLogin: vi.fn() });
  setSession(USER);
});
afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
});

describe('maintenance work orders', () => {
  it('lists the project’s orders as cards on a phone with status and progress', async () => {
    serve('/pjt/pjtmaintenancebilllist', 10, (call) =>
      call.url.pathname === '/api/pjts/2/maintenance.do/pages'
        ? { json: { list: [BILL], total: 1, page: 1, pageSize: 25 } }
        : undefined,
    );
    renderWithApp(<BillListPage />, { path: '/pjt/pjtmaintenancebilllist' });
    const card = await screen.findByTestId('bill-card');
    expect(card.textContent).toContain('WO202611260007');
    expect(card.textContent).toContain('中山路路灯维修');
    expect(card.textContent).toContain('编辑中');
    expect(card.textContent).toContain('0/1');
    expect(card.getAttribute('href')).toBe('/pjt/pjtmaintenancebill?id=7');
  });

  it('approves a bill at the check level', async () => {
    const { calls } = serve('/pjt/pjtmaintenancebill', 10, (call) => {
      if (call.url.pathname === '/api/pjts/2/maintenance.do/7') return { json: BILL };
      if (call.url.pathname === '/api/pjts/2/maintenance.do/approve') return { json: { ok: true, count: 1 } };
      return undefined;
    });
    const user = userEvent.setup();
    window.history.pushState({}, '', '/pjt/pjtmaintenancebill?id=7');
    renderWithApp(<BillPage />, { path: '/pjt/pjtmaintenancebill?id=7' });
    await user.click(await screen.findByTestId('approve'));
    await user.click(await screen.findByRole('button', { name: '审核通过' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'PATCH' && c.url.pathname === '/api/pjts/2/maintenance.do/approve')).toBe(
        true,
      ),
    );
    expect(calls.find((c) => c.url.pathname.endsWith('/approve'))!.body?.get('ids')).toBe('7');
  });

  it("names a device line's alarm by its family's label, not by the code the device sent", async () => {
    // Any family with labelled event codes: its first code and label.
    const [type, code, label] = FAMILY_MANIFESTS.flatMap((f) => {
      const codes = (I18N_RESOURCES.zh_CN as unknown as Record<string, { eventCodes?: Record<string, string> }>)[f.slug]
        ?.eventCodes;
      const first = codes && Object.entries(codes).find(([, text]) => typeof text === 'string');
      return first ? [[f.type, first[0], first[1]] as const] : [];
    })[0]!;
    const bill = { ...BILL, details: [{ ...BILL.details[0]!, deviceType: type, alarmCode: code }] };
    serve('/pjt/pjtmaintenancebill', 5, (call) =>
      call.url.pathname === '/api/pjts/2/maintenance.do/7' ? { json: bill } : undefined,
    );
    window.history.pushState({}, '', '/pjt/pjtmaintenancebill?id=7');
    renderWithApp(<BillPage />, { path: '/pjt/pjtmaintenancebill?id=7' });
    await screen.findByTestId('bill-title');
    const alarm = await screen.findByTestId('detail-alarm');
    expect(alarm.parentElement!.textContent).toMatch(new RegExp(`^告警：${label}，`));
    // The alarm links back to the device's page, where its events show it.
    expect(alarm.getAttribute('href')).toMatch(new RegExp(`\\?id=${BILL.details[0]!.deviceId}$`));
  });

  it('shows a bill, refuses a message outside the rule before sending, and sends a valid one', async () => {
    window.history.pushState({}, '', '/pjt/pjtmaintenancebill?id=7');
    const { calls } = serve('/pjt/pjtmaintenancebill', 5, (call) => {
      if (call.url.pathname === '/api/pjts/2/maintenance.do/7' && call.method === 'GET') return { json: BILL };
      if (call.url.pathname === '/api/pjts/2/maintenance.do/7/messages')
        return {
          json: {
            ...BILL,
            messages: [
              ...BILL.messages,
              { id: 2, detailId: null, senderName: 'checker', content: '明天上午处理', createdAt: BILL.billDate },
            ],
          },
        };
      return undefined;
    });
    const user = userEvent.setup();
    renderWithApp(<BillPage />, { path: '/pjt/pjtmaintenancebill?id=7' });
    expect(await screen.findByTestId('bill-title')).toHaveProperty('textContent', '中山路路灯维修');
    expect(screen.getByText('中山路1号灯')).toBeTruthy();
    expect(screen.getByText('请带梯子')).toBeTruthy();
    // An editor sees no approval.
    expect(screen.queryByTestId('approve')).toBeNull();
    await user.click(screen.getByTestId('header-message'));
    const box = await screen.findByPlaceholderText('仅限字母、数字和汉字');
    await user.type(box, 'hello!');
    await user.click(screen.getByRole('button', { name: /确\s*定|OK/ }));
    expect(await screen.findByText('留言只能包含字母、数字和汉字')).toBeTruthy();
    expect(calls.some((c) => c.url.pathname.endsWith('/messages'))).toBe(false);
    await user.clear(box);
    await user.type(box, '明天上午处理');
    await user.click(screen.getByRole('button', { name: /确\s*定|OK/ }));
    expect(await screen.findByText('明天上午处理')).toBeTruthy();
  });

  it('picks devices on the map: an area drawn around them picks every device inside, then adds them', async () => {
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    window.history.pushState({}, '', '/pjt/pjtmaintenancebill?id=7');
    const type = TYPE_A;
    const LOCATED = [
      { id: 300, name: '中山路1号灯', no: 'L-001', type, lng: 119.5, lat: 32.1, activeState: 1 },
      { id: 301, name: '中山路2号灯', no: 'L-002', type, lng: 119.501, lat: 32.1, activeState: -1 },
      { id: 302, name: '中山路3号灯', no: 'L-003', type, lng: 119.502, lat: 32.1, activeState: 0 },
      { id: 303, name: '远处的灯', no: 'L-009', type, lng: 119.6, lat: 32.2, activeState: 1 },
    ];
    const { calls } = serve('/pjt/pjtmaintenancebill', 5, (call) => {
      const { pathname } = call.url;
      if (pathname === '/api/pjts/2/maintenance.do/7' && call.method === 'GET') return { json: BILL };
      if (pathname === '/api/pjts/2/maintenance.do/devices/located') return { json: LOCATED };
      if (pathname === '/api/pjts/2/devices.do/pages') return { json: { list: [], total: 0, page: 1, pageSize: 25 } };
      if (pathname === '/api/pjts/2/maintenance.do/7/details/batch') return { json: BILL };
      return undefined;
    });
    const user = userEvent.setup();
    renderWithApp(<BillPage />, { path: '/pjt/pjtmaintenancebill?id=7' });
    await user.click(await screen.findByTestId('add-devices'));
    await user.click(await screen.findByTestId('device-map-toggle'));
    const picker = await screen.findByTestId('bill-map-picker');
    await waitFor(() => expect(picker.querySelector('.leaflet-container')).toBeTruthy());
    const map = (picker.querySelector('.leaflet-container') as HTMLElement & { scDeviceMap?: L.Map }).scDeviceMap!;
    await user.click(within(picker).getByTestId('area-draw-start'));
    for (const [lng, lat] of [
      [119.499, 32.099],
      [119.503, 32.099],
      [119.503, 32.101],
      [119.499, 32.101],
    ] as const)
      act(() => {
        const latlng = L.latLng(lat, lng);
        map.fire('click', { latlng, layerPoint: map.latLngToLayerPoint(latlng) });
      });
    await user.click(within(picker).getByTestId('area-draw-finish'));
    // The lamp already on the bill is not offered: two inside, the far one not.
    expect(within(picker).getByTestId('area-draw-hint').textContent).toBe('区域内 2 台设备');
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText('中山路2号灯 (L-002)')).toBeTruthy();
    expect(within(dialog).getByText('中山路3号灯 (L-003)')).toBeTruthy();
    expect(within(dialog).queryByText('远处的灯 (L-009)')).toBeNull();
    await user.click(dialog.closest('.ant-modal')!.querySelector<HTMLElement>('.ant-modal-footer .ant-btn-primary')!);
    await waitFor(() => expect(calls.some((c) => c.url.pathname.endsWith('/details/batch'))).toBe(true));
    const sent = calls.find((c) => c.url.pathname.endsWith('/details/batch'))!;
    expect(sent.body!.get('deviceIds')).toBe('301,302');
  }, 30_000);
});
