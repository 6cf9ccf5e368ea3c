import type { SessionUser } from '@sc/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setErrorSinks } from '../../api/report';
import { changeLang } from '../../i18n/i18n';
import { clearSession, setSession } from '../../session/store';
import { mockFetch, renderWithApp } from '../../test/render';
import MainFrame from './main-frame';

const ADMIN = {
  userId: 1,
  userName: 'admin',
  realName: 'A',
  projectId: 1,
  projectName: 'P',
  userToken: 't',
} as SessionUser;

/** A window `width` px wide, as antd's breakpoints ask it through matchMedia. */
function windowOf(width: number) {
  vi.stubGlobal('matchMedia', (query: string) => {
    const min = /min-width:\s*([\d.]+)px/.exec(query);
    const max = /max-width:\s*([\d.]+)px/.exec(query);
    const matches = (!min || width >= Number(min[1])) && (!max || width <= Number(max[1]));
    return {
      matches,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    } as MediaQueryList;
  });
}

const serve = () =>
  mockFetch((call) => {
    const p = call.url.pathname;
    if (p === '/api/pub/runningparams.do') return { json: { pageSize: 25 } };
    if (p === '/api/menus.do')
      return {
        json: [
          {
            key: 'man',
            path: '/man',
            icon: 'x',
            name: '系统管理',
            level: 10,
            children: [{ key: 'projectlist', path: '/man/projectlist', icon: 'x', name: '项目管理', level: 10 }],
          },
        ],
      };
    if (p === '/api/sitemessages.do/count/unread') return { json: { count: 0 } };
    return undefined;
  });

beforeEach(async () => {
  await changeLang('zh_CN');
  setErrorSinks({ toast: vi.fn(), toLogin: vi.fn() });
  setSession(ADMIN);
});
afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
});

describe('the frame', () => {
  it('keeps the menu beside the content on a desktop, in a named navigation landmark', async () => {
    windowOf(1366);
    serve();
    const { container } = renderWithApp(<MainFrame />);
    await screen.findByTestId('tab-/man/manmain');
    expect(container.querySelector('aside.frame-sider')).not.toBeNull();
    expect(screen.getByRole('navigation', { name: '主菜单' })).toBeTruthy();
    expect(screen.queryByTestId('menu-drawer')).toBeNull();
  });

  it('makes the menu a drawer on a phone (390 px), opened from the header', async () => {
    windowOf(390);
    serve();
    const user = userEvent.setup();
    const { container } = renderWithApp(<MainFrame />);
    await waitFor(() => expect(screen.getByTestId('menu-toggle').getAttribute('aria-label')).toBe('打开菜单'));
    expect(container.querySelector('aside.frame-sider')).toBeNull();
    expect(screen.queryByTestId('menu-drawer')).toBeNull();
    await user.click(screen.getByTestId('menu-toggle'));
    const drawer = await screen.findByTestId('menu-drawer');
    expect(drawer.getAttribute('aria-label')).toBe('主菜单');
  });

  it('lists the open windows as links in a navigation landmark, the current one marked', async () => {
    windowOf(1366);
    serve();
    renderWithApp(<MainFrame />);
    const windows = await screen.findByRole('navigation', { name: '已打开的窗口' });
    expect(windows.querySelector('[role="tablist"]')).toBeNull();
    const home = await screen.findByTestId('tab-/man/manmain');
    expect(home.tagName).toBe('A');
    expect(home.getAttribute('aria-current')).toBe('page');
  });

  it("names the screen in the page's one level-1 heading and in the browser's title", async () => {
    windowOf(1366);
    serve();
    renderWithApp(<MainFrame />, { path: '/man/projectlist' });
    const heading = await screen.findByRole('heading', { level: 1 });
    expect(heading.textContent).toBe('项目管理');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    await waitFor(() => expect(document.title).toBe('项目管理 - 智慧城市设备管理平台'));
  });
});
