import type { MaintenanceBillFull, SessionUser, SiteMessageView } from '@sc/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setErrorSinks } from '../../../api/report';
import { changeLang } from '../../../i18n/i18n';
import { clearSession, setSession } from '../../../session/store';
import { getCurrentProject } from '../../../session/use-current-project';
import { mockFetch, renderWithApp } from '../../../test/render';
import SiteMessagePage from './site-message-page';

const PATH = '/man/sitemessage';
const USER = {
  userId: 4,
  userName: 'ops',
  realName: '运维',
  projectId: 1,
  projectName: '根项目',
  userToken: 'tok',
} as SessionUser;

const ALARM = {
  deviceId: 300,
  deviceName: '中山路1号灯',
  // Not a family's type: the platform's label of the code.
  deviceType: 'sample-type',
  projectId: 2,
  projectName: '子项目乙',
  code: 'OFFLINE',
  at: '2026-11-26T01:00:00.000Z',
};
const message = (id: number, over: Partial<SiteMessageView>): SiteMessageView => ({
  id,
  title: `Message ${id}`,
  content: '',
  isRead: false,
  isDeleted: false,
  senderName: '系统',
  createdAt: '2026-11-26T01:00:05.000Z',
  ...over,
});
const INBOX = [
  message(1, { title: '设备告警：中山路1号灯', alarm: { ...ALARM, handled: null } }),
  message(2, {
    title: '设备告警：中山路2号灯',
    alarm: {
      ...ALARM,
      deviceId: 301,
      deviceName: '中山路2号灯',
      handled: { billId: 9, billNo: 'WO202611260009', projectId: 2, projectName: '子项目乙' },
    },
  }),
  message(3, { title: '系统维护通知' }),
];

/** The inbox with these messages; `billLevel` the caller's level on the work orders (0: none). */
function serve(billLevel: number) {
  return mockFetch((call) => {
    const p = call.url.pathname;
    if (p === '/api/pub/runningparams.do') return { json: { pageSize: 25, searchWordLimit: 5 } };
    if (p === '/api/menus.do')
      return {
        json: [
          { key: 'man', path: '/man', icon: 'x', name: 'man', level: 5, children: [] },
          { key: 'pjt', path: '/pjt/pjtmaintenancebilllist', icon: 'x', name: 'bills', level: billLevel },
        ],
      };
    if (p === '/api/sitemessages.do/count/unread') return { json: { count: 3 } };
    if (p.startsWith('/api/sitemessages.do/pages/'))
      return { json: { list: INBOX, total: INBOX.length, page: 1, pageSize: 25 } };
    if (call.method === 'POST' && p === '/api/pjts/2/maintenance.do')
      return { json: { id: 12, no: 'WO202611260012' } as MaintenanceBillFull };
    return undefined;
  });
}

function Where() {
  const location = useLocation();
  return <div data-testid="where">{`${location.pathname}${location.search}`}</div>;
}
const renderInbox = () =>
  renderWithApp(
    <Routes>
      <Route path={PATH} element={<SiteMessagePage />} />
      <Route path="/pjt/pjtmaintenancebill" element={<Where />} />
    </Routes>,
    { path: PATH },
  );
const row = (title: string) => screen.getByText(title).closest('tr') as HTMLElement;

beforeEach(async () => {
  await changeLang('zh_CN');
  setErrorSinks({ toast: vi.fn(), toLogin: vi.fn() });
  sessionStorage.clear();
  localStorage.clear();
  setSession(USER);
});
afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
});

describe('site messages: an alarm opens work', () => {
  it('opens a work order from an alarm message in its project, with the device and the alarm filled in', async () => {
    const { calls } = serve(5);
    const user = userEvent.setup();
    renderInbox();
    await screen.findByText('设备告警：中山路1号灯');
    // The handled alarm shows its work order; a message about no alarm offers nothing.
    const handled = await within(row('设备告警：中山路2号灯')).findByTestId('alarm-handled');
    expect(handled.textContent).toContain('已处理');
    expect(handled.textContent).toContain('WO202611260009');
    expect(within(row('系统维护通知')).queryByTestId('open-work-order')).toBeNull();
    expect(within(row('设备告警：中山路2号灯')).queryByTestId('open-work-order')).toBeNull();

    await user.click(await within(row('设备告警：中山路1号灯')).findByTestId('open-work-order'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('为 中山路1号灯 开维修工单');
    expect(dialog.textContent).toContain('告警：设备离线，');
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/pjt/pjtmaintenancebill?id=12'));
    const created = calls.find((c) => c.method === 'POST')!;
    expect(created.url.pathname).toBe('/api/pjts/2/maintenance.do');
    expect(Object.fromEntries(created.body!)).toMatchObject({
      deviceId: '300',
      alarmCode: 'OFFLINE',
      alarmAt: ALARM.at,
      title: '中山路1号灯 告警维修',
    });
    // The bill opens in the alarm's project.
    expect(getCurrentProject()).toEqual({ id: 2, name: '子项目乙' });
  });

  it('offers no action to a user who may not write work orders; the handled alarm still shows', async () => {
    serve(1);
    renderInbox();
    await screen.findByText('设备告警：中山路1号灯');
    expect(await within(row('设备告警：中山路2号灯')).findByTestId('alarm-handled')).toBeTruthy();
    expect(screen.queryByTestId('open-work-order')).toBeNull();
  });

  it('reads in English', async () => {
    await changeLang('en_US');
    serve(5);
    renderInbox();
    await screen.findByText('设备告警：中山路1号灯');
    expect((await screen.findByTestId('open-work-order')).textContent).toContain('Open work order');
    expect(screen.getByTestId('alarm-handled').textContent).toContain('Handled');
  });
});
