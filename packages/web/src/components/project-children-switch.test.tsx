import type { SessionUser } from '@sc/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeWebSocket } from '../api/realtime-fake';
import { setErrorSinks } from '../api/report';
import WhmListPage from '../families/whm/whm-list-page';
import { changeLang } from '../i18n/i18n';
import { frameAnswers, TREE } from '../pages/man/projectlist/test-fixtures';
import { clearSession, setSession } from '../session/store';
import { rawWords } from '../test/raw-words';
import { mockFetch, renderWithApp } from '../test/render';

/** Issue 13: the "include child projects" switch beside the current project, remembered per user. */
const LIST = '/pjt/pjtdevicewhmlist';
const USER = { userId: 7, userName: 'u', realName: 'U', projectId: 1, projectName: '根项目甲', userToken: 'tok' };
const meter = (id: number, name: string, projectName: string) => ({
  id,
  name,
  no: `M-${id}`,
  equipmentId: null,
  activeState: 1,
  registered: true,
  lastActiveAt: null,
  parentName: null,
  projectName,
  peripheralIndex: 1,
  inUse: true,
  pickedAt: null,
  reading: null,
  power: null,
});

function serve() {
  return mockFetch((call) => {
    const frame = frameAnswers(LIST, 5, call);
    if (frame) return frame;
    const { pathname, searchParams } = call.url;
    if (pathname === '/api/projects.do/trees') return { json: TREE };
    if (pathname === '/api/pjts/1/devices.do/pages') return { json: { list: [], total: 1, page: 1, pageSize: 5 } };
    if (pathname === '/api/pjts/1/iot/whm/pages') {
      const all = searchParams.get('includeChildren') === 'true';
      const list = all
        ? [meter(1, '根电表', '根项目甲'), meter(2, '子电表', '子项目乙')]
        : [meter(1, '根电表', '根项目甲')];
      return { json: { list, total: list.length, page: 1, pageSize: 25 } };
    }
    if (pathname === '/api/pjts/1/iot/whm/totals') return { json: { unit: 'day', points: [], total: { energy: 0 } } };
    return undefined;
  });
}

beforeEach(async () => {
  localStorage.clear();
  sessionStorage.clear();
  await changeLang('zh_CN');
  setErrorSinks({ toast: vi.fn(), toLogin: vi.fn() });
  vi.stubGlobal('WebSocket', FakeWebSocket);
  setSession(USER as SessionUser);
  sessionStorage.setItem('sc.project', JSON.stringify({ id: 1, name: '根项目甲', userId: 7 }));
});
afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
});

describe('the child-projects switch', () => {
  it('adds the child projects’ devices with their project to a list, and is remembered for the user', async () => {
    const { calls } = serve();
    const user = userEvent.setup();
    const view = renderWithApp(<WhmListPage />, { path: LIST });
    await screen.findByText('根电表', undefined, { timeout: 20_000 });
    expect(screen.queryByText('子电表')).toBeNull();
    expect(screen.queryByRole('columnheader', { name: '所属项目' })).toBeNull();

    const toggle = await screen.findByRole('switch', { name: '包含子项目' });
    await user.click(toggle);
    await screen.findByText('子电表', undefined, { timeout: 20_000 });
    expect(screen.getByRole('columnheader', { name: '所属项目' })).toBeTruthy();
    // Nothing raw on the zh-CN family list (issue 13): no enumeration identifier or i18n key.
    expect(rawWords(document.body.textContent ?? '')).toEqual([]);
    const last = calls.filter((c) => c.url.pathname === '/api/pjts/1/iot/whm/pages').at(-1)!;
    expect(last.url.searchParams.get('includeChildren')).toBe('true');
    expect(JSON.parse(localStorage.getItem('sc.project.children') ?? '{}')).toEqual({ userId: 7, on: true });

    // Another page of the same user opens with the switch on.
    view.unmount();
    renderWithApp(<WhmListPage />, { path: LIST });
    await screen.findByText('子电表', undefined, { timeout: 20_000 });
    await waitFor(() =>
      expect(screen.getByRole('switch', { name: '包含子项目' }).getAttribute('aria-checked')).toBe('true'),
    );
  });
});
