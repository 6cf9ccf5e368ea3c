import { AUTH_LEVEL, type AuthLevel } from '@sc/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setErrorSinks } from '../../../api/report';
import { changeLang } from '../../../i18n/i18n';
import { type Call, mockFetch, renderWithApp } from '../../../test/render';
import ManageHistoryPage from '../managehistory/manage-history-page';
import OperateHistoryPage from '../operatehistory/operate-history-page';
import VisitHistoryPage from '../visithistory/visit-history-page';

const visits = [
  {
    id: 1,
    account: 'admin',
    action: 'login',
    detail: '',
    ip: '10.0.0.1',
    userAgent: 'Chrome',
    at: '2024-05-01T08:30:05',
  },
  {
    id: 2,
    account: 'ghost',
    action: 'login_failed',
    detail: 'WRONG_CREDENTIALS',
    ip: '10.0.0.2',
    userAgent: 'Firefox',
    at: '2024-05-01T09:00:00',
  },
];

/** Running params, the menu tree (the caller's level on `path`) and a log's pages; records calls. */
function serve(
  path: string,
  base: string,
  list: unknown[],
  level: AuthLevel,
  extra: (call: Call) => { status?: number; json?: unknown } | undefined = () => undefined,
) {
  return mockFetch((call) => {
    const p = call.url.pathname;
    if (p === '/api/pub/runningparams.do') return { json: { logPageSize: 100, pageSize: 25, searchWordLimit: 5 } };
    if (p === '/api/menus.do') {
      return {
        json: [
          {
            key: 'man',
            path: '/man',
            icon: 'x',
            name: 'man',
            level,
            children: [{ key: 'k', path, icon: 'x', name: 'k', level }],
          },
        ],
      };
    }
    if (call.method === 'GET' && p === `${base}/pages`)
      return { json: { list, total: list.length, page: 1, pageSize: 100 } };
    return extra(call);
  });
}

const pageCalls = (calls: Call[], base: string) => calls.filter((c) => c.url.pathname === `${base}/pages`);

beforeEach(async () => {
  await changeLang('zh_CN');
  setErrorSinks({ toast: vi.fn(), toLogin: vi.fn() });
});
afterEach(() => vi.unstubAllGlobals());

describe('visit log', () => {
  const BASE = '/api/visithistories.do';

  it('asks for the first page with the running logPageSize and shows localised actions and times', async () => {
    const { calls } = serve('/man/visithistory', BASE, visits, AUTH_LEVEL.view);
    renderWithApp(<VisitHistoryPage />, { path: '/man/visithistory' });
    expect(await screen.findByText('登录失败')).toBeTruthy();
    expect(screen.getByText('2024-05-01 08:30:05')).toBeTruthy();
    // The error's label only, never its code.
    expect(screen.getByText('账号或密码错误')).toBeTruthy();
    expect(screen.queryByText(/WRONG_CREDENTIALS/)).toBeNull();
    const first = pageCalls(calls, BASE)[0]!;
    expect(first.url.searchParams.get('page')).toBe('1');
    expect(first.url.searchParams.get('pageSize')).toBe('100');
    expect(first.url.searchParams.has('account')).toBe(false);
  });

  it('sends account, keyword and the time range as filters', async () => {
    const { calls } = serve('/man/visithistory', BASE, visits, AUTH_LEVEL.view);
    const user = userEvent.setup();
    renderWithApp(<VisitHistoryPage />, { path: '/man/visithistory' });
    await screen.findByText('登录失败');

    await user.type(screen.getByLabelText('账号'), 'ghost');
    await user.type(screen.getByLabelText('搜索'), 'wrong  credentials{Enter}');
    await waitFor(() =>
      expect(pageCalls(calls, BASE).at(-1)!.url.searchParams.get('keyword')).toBe('wrong credentials'),
    );
    expect(pageCalls(calls, BASE).at(-1)!.url.searchParams.get('account')).toBe('ghost');

    const [start, end] = document.querySelectorAll<HTMLInputElement>('.ant-picker-range input');
    fireEvent.mouseDown(start!);
    fireEvent.change(start!, { target: { value: '2024-05-01 00:00:00' } });
    fireEvent.keyDown(start!, { key: 'Enter', code: 'Enter' });
    fireEvent.change(end!, { target: { value: '2024-05-02 00:00:00' } });
    fireEvent.keyDown(end!, { key: 'Enter', code: 'Enter' });
    await waitFor(() => expect(pageCalls(calls, BASE).at(-1)!.url.searchParams.get('from')).toBeTruthy());
    const last = pageCalls(calls, BASE).at(-1)!.url.searchParams;
    expect(new Date(last.get('from')!).getTime()).toBe(new Date('2024-05-01T00:00:00').getTime());
    expect(new Date(last.get('to')!).getTime()).toBe(new Date('2024-05-02T00:00:00').getTime());
    expect(last.get('account')).toBe('ghost');
    expect(last.get('page')).toBe('1');
  });

  it('offers no delete below the check level', async () => {
    serve('/man/visithistory', BASE, visits, AUTH_LEVEL.modify);
    renderWithApp(<VisitHistoryPage />, { path: '/man/visithistory' });
    await screen.findByText('登录失败');
    expect(screen.queryByRole('button', { name: /删\s*除/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /批量删除/ })).toBeNull();
    expect(screen.queryAllByRole('checkbox')).toHaveLength(0);
  });

  it('deletes one row and a selection after confirmation at the check level', async () => {
    const { calls } = serve('/man/visithistory', BASE, visits, AUTH_LEVEL.check, (call) =>
      call.method === 'DELETE' ? { json: { deleted: 1 } } : undefined,
    );
    const user = userEvent.setup();
    renderWithApp(<VisitHistoryPage />, { path: '/man/visithistory' });
    const row = (await screen.findByText('登录失败')).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: /删\s*除/ }));
    expect((await screen.findAllByText('确定删除这条记录吗？')).length).toBeGreaterThan(0);
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await user.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'DELETE')!.url.pathname).toBe(`${BASE}/2`);

    const [selectAll] = screen.getAllByRole('checkbox');
    await user.click(selectAll!);
    await user.click(screen.getByRole('button', { name: /批量删除/ }));
    expect((await screen.findAllByText('确定删除选中的 2 条记录吗？')).length).toBeGreaterThan(0);
    const okButtons = screen.getAllByRole('button', { name: /确\s*定/ });
    await user.click(okButtons.at(-1)!);
    await waitFor(() => expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(2));
    const batch = calls.filter((c) => c.method === 'DELETE')[1]!;
    expect(batch.url.pathname).toBe(BASE);
    expect(batch.body?.get('ids')).toBe('1,2');
  });
});

describe('management log', () => {
  it('expands a row into a readable from → to table', async () => {
    serve(
      '/man/managehistory',
      '/api/managehistories.do',
      [
        {
          id: 7,
          account: 'admin',
          action: 'update',
          entity: 'webparam',
          entityId: 'pageSize',
          summary: 'pageSize',
          changes: { pageSize: { from: 25, to: 30 } },
          ip: '::1',
          at: '2024-05-01T08:30:05',
        },
      ],
      AUTH_LEVEL.view,
    );
    const user = userEvent.setup();
    renderWithApp(<ManageHistoryPage />, { path: '/man/managehistory' });
    expect(await screen.findByText('修改')).toBeTruthy();
    // The object: its kind and its name (a setting's label, not its key).
    expect(screen.getByText('系统设置: 列表每页条数')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /展开行|expand/i }));
    const changes = await screen.findByTestId('log-changes');
    expect(within(changes).getByText('原值')).toBeTruthy();
    expect(within(changes).getByText('25')).toBeTruthy();
    expect(within(changes).getByText('30')).toBeTruthy();
    expect(within(changes).getByText('列表每页条数')).toBeTruthy();
    expect(within(changes).queryByText(/pageSize/)).toBeNull();
  });
});

describe('operation log', () => {
  it('shows device, command, arguments and the result with its success tag (the duration in the column setting)', async () => {
    serve(
      '/man/operatehistory',
      '/api/operatehistories.do',
      [
        {
          id: 3,
          account: 'admin',
          deviceId: 9,
          deviceName: 'Lamp 9',
          command: 'dim',
          args: { level: 40 },
          result: 'timeout',
          success: false,
          durationMs: 5000,
          ip: '::1',
          at: '2024-05-01T08:30:05',
        },
      ],
      AUTH_LEVEL.view,
    );
    renderWithApp(<OperateHistoryPage />, { path: '/man/operatehistory' });
    expect(await screen.findByText('Lamp 9')).toBeTruthy();
    // Arguments as label: value pairs, never JSON.
    expect(screen.getByText('级别: 40')).toBeTruthy();
    expect(screen.getByText('失败')).toBeTruthy();
    // Hidden by default so that the list fits 1366 px.
    expect(screen.queryByText('5000 毫秒')).toBeNull();
  });

  it('labels what the platform sent by itself: no account, family commands, keys and values (issue 13)', async () => {
    serve(
      '/man/operatehistory',
      '/api/operatehistories.do',
      [
        {
          id: 4,
          account: '',
          deviceId: 10,
          deviceName: '电力线网关1',
          command: 'config',
          args: { carrierBand: 'narrow', relayLevels: 3 },
          result: '{"values":{"peripherals":"[{\\"index\\":1}]"}}',
          success: true,
          durationMs: 8,
          ip: '',
          at: '2024-05-01T08:30:05',
        },
      ],
      AUTH_LEVEL.view,
    );
    renderWithApp(<OperateHistoryPage />, { path: '/man/operatehistory' });
    expect(await screen.findByText('电力线网关1')).toBeTruthy();
    expect(screen.getByText('系统')).toBeTruthy();
    expect(screen.getByText('下发配置')).toBeTruthy();
    expect(screen.getByText('载波频段: 窄带；中继级数: 3')).toBeTruthy();
    const text = document.body.textContent ?? '';
    expect(text).not.toMatch(/carrierBand|relayLevels|narrow|config|[{[]"/);
  });
});
