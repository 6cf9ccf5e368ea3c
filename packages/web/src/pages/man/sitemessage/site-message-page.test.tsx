import { AUTH_LEVEL, type SiteMessageView } from '@sc/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setErrorSinks } from '../../../api/report';
import { UnreadCount } from '../../../app/frame/unread-count';
import { changeLang } from '../../../i18n/i18n';
import { type Call, mockFetch, renderWithApp } from '../../../test/render';
import SiteMessagePage from './site-message-page';

const PATH = '/man/sitemessage';
const BASE = '/api/sitemessages.do';

const message = (id: number, over: Partial<SiteMessageView> = {}): SiteMessageView => ({
  id,
  title: `Message ${id}`,
  content: `Body of message ${id}`,
  isRead: false,
  isDeleted: false,
  senderName: '系统',
  createdAt: '2024-05-01T08:30:05',
  ...over,
});

/**
 * A tiny inbox behind the mocked API: the status filter, the counts and every write act on `store`,
 * so a test sees the screen and the frame's unread count follow the server.
 */
function serveInbox(level: number = AUTH_LEVEL.modify) {
  const store = [message(1), message(2), message(3, { isRead: true }), message(4, { isDeleted: true })];
  const status = (m: SiteMessageView) => (m.isDeleted ? 'recycle' : m.isRead ? 'read' : 'unread');
  const ids = (call: Call) => (call.body?.get('ids') ?? '').split(',').map(Number);
  const set = (list: number[], patch: Partial<SiteMessageView>) => {
    for (const m of store) if (list.includes(m.id)) Object.assign(m, patch);
    return { json: { updated: list.length } };
  };
  const mock = mockFetch((call) => {
    const p = call.url.pathname;
    if (p === '/api/pub/runningparams.do') return { json: { pageSize: 25, searchWordLimit: 5 } };
    if (p === '/api/menus.do') {
      return {
        json: [
          {
            key: 'man',
            path: '/man',
            icon: 'x',
            name: 'man',
            level,
            children: [{ key: 'sitemessage', path: PATH, icon: 'x', name: 's', level }],
          },
        ],
      };
    }
    if (p === `${BASE}/count/unread`) return { json: { count: store.filter((m) => status(m) === 'unread').length } };
    if (call.method === 'GET' && p.startsWith(`${BASE}/pages/`)) {
      const list = store.filter((m) => status(m) === call.url.searchParams.get('status')).map((m) => ({ ...m }));
      return { json: { list, total: list.length, page: 1, pageSize: 25 } };
    }
    if (call.method === 'PATCH' && p.startsWith(`${BASE}/isread/`))
      return set([Number(p.split('/').at(-1))], { isRead: true });
    if (call.method === 'PATCH' && p === `${BASE}/isread`) return set(ids(call), { isRead: true });
    if (call.method === 'PATCH' && p === `${BASE}/isdeleted`) return set(ids(call), { isDeleted: true });
    if (call.method === 'PATCH' && p.startsWith(`${BASE}/isdeleted/`))
      return set([Number(p.split('/').at(-1))], { isDeleted: true });
    if (call.method === 'PATCH' && p.startsWith(`${BASE}/restoreisdeleted/`)) {
      return set([Number(p.split('/').at(-1))], { isDeleted: false });
    }
    if (call.method === 'DELETE' && p === BASE) {
      const before = store.length;
      store.splice(0, store.length, ...store.filter((m) => !m.isDeleted));
      return { json: { deleted: before - store.length } };
    }
    return undefined;
  });
  return { ...mock, store };
}

function renderScreen() {
  return renderWithApp(
    <>
      <UnreadCount />
      <SiteMessagePage />
    </>,
    { path: PATH },
  );
}

const tabCount = (tab: string) => screen.getByTestId(`message-tab-${tab}`).textContent;
const writes = (calls: Call[]) => calls.filter((c) => c.method !== 'GET');

beforeEach(async () => {
  await changeLang('zh_CN');
  setErrorSinks({ toast: vi.fn(), toLogin: vi.fn() });
});
afterEach(() => vi.unstubAllGlobals());

describe('site messages', () => {
  it('lists the unread tab with a count per tab', async () => {
    const { calls } = serveInbox();
    renderScreen();
    expect(await screen.findByText('Message 1')).toBeTruthy();
    await waitFor(() => expect(tabCount('unread')).toBe('未读消息2'));
    expect(tabCount('read')).toBe('已读消息1');
    expect(tabCount('recycle')).toBe('回收站1');
    expect(screen.getByText('共 2 条未读消息')).toBeTruthy();
    const list = calls.find(
      (c) => c.url.pathname === `${BASE}/pages/1` && c.url.searchParams.get('pageSize') === '25',
    )!;
    expect(list.url.searchParams.get('status')).toBe('unread');
  });

  it('opening a message marks it read and updates the frame count', async () => {
    const { calls } = serveInbox();
    const user = userEvent.setup();
    renderScreen();
    await screen.findByText('共 2 条未读消息');
    await user.click(await screen.findByText('Message 1'));
    expect(await screen.findByTestId('message-content-1')).toBeTruthy();
    await waitFor(() =>
      expect(writes(calls).map((c) => `${c.method} ${c.url.pathname}`)).toEqual([`PATCH ${BASE}/isread/1`]),
    );
    expect(await screen.findByText('共 1 条未读消息')).toBeTruthy();
    // The opened message stays in view while it is read.
    expect(screen.getByTestId('message-content-1').textContent).toBe('Body of message 1');
  });

  it('marks a selection read in one call', async () => {
    const { calls } = serveInbox();
    const user = userEvent.setup();
    renderScreen();
    await screen.findByText('Message 2');
    const [selectAll] = screen.getAllByRole('checkbox');
    await user.click(selectAll!);
    await user.click(screen.getByRole('button', { name: /批量标为已读/ }));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]!.url.pathname).toBe(`${BASE}/isread`);
    expect(writes(calls)[0]!.body?.get('ids')).toBe('1,2');
    expect(await screen.findByText('共 0 条未读消息')).toBeTruthy();
    await waitFor(() => expect(tabCount('read')).toBe('已读消息3'));
  });

  it('moves a selection to the recycle bin after confirmation', async () => {
    const { calls } = serveInbox();
    const user = userEvent.setup();
    renderScreen();
    const row = (await screen.findByText('Message 2')).closest('tr')!;
    await user.click(within(row).getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: /批量删除/ }));
    expect((await screen.findAllByText('将这条消息移入回收站吗？')).length).toBeGreaterThan(0);
    expect(writes(calls)).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]!.method).toBe('PATCH');
    expect(writes(calls)[0]!.url.pathname).toBe(`${BASE}/isdeleted/2`);
    expect(await screen.findByText('共 1 条未读消息')).toBeTruthy();
    await waitFor(() => expect(tabCount('recycle')).toBe('回收站2'));
  });

  it('restores from the recycle bin and empties it after confirmation', async () => {
    const { calls, store } = serveInbox();
    const user = userEvent.setup();
    renderScreen();
    await screen.findByText('Message 1');
    await user.click(screen.getByTestId('message-tab-recycle'));
    const row = (await screen.findByText('Message 4')).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: /还\s*原/ }));
    await waitFor(() => expect(writes(calls).map((c) => c.url.pathname)).toEqual([`${BASE}/restoreisdeleted/4`]));
    expect(await screen.findByText('共 3 条未读消息')).toBeTruthy();

    store[0]!.isDeleted = true;
    await user.click(screen.getByRole('button', { name: /刷\s*新/ }));
    await screen.findByText('Message 1');
    await user.click(screen.getByRole('button', { name: /清空回收站/ }));
    expect((await screen.findAllByText(/确定清空回收站吗/)).length).toBeGreaterThan(0);
    await user.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(writes(calls)).toHaveLength(2));
    expect(writes(calls)[1]!.method).toBe('DELETE');
    expect(writes(calls)[1]!.url.pathname).toBe(BASE);
    await waitFor(() => expect(tabCount('recycle')).toBe('回收站0'));
  });

  it('offers no writes below the modify level', async () => {
    serveInbox(AUTH_LEVEL.view);
    renderScreen();
    await screen.findByText('Message 1');
    expect(screen.queryAllByRole('checkbox')).toHaveLength(0);
    expect(screen.queryByRole('button', { name: /批量删除/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /标为已读/ })).toBeNull();
  });
});
