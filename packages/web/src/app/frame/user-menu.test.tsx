import type { SessionUser } from '@sc/contract';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setErrorSinks } from '../../api/report';
import { changeLang, i18n } from '../../i18n/i18n';
import { clearSession, getUser, setSession, useSessionUser } from '../../session/store';
import { mockFetch, renderWithApp } from '../../test/render';
import { UserMenu } from './user-menu';

const ADMIN = {
  userId: 1,
  userName: 'admin',
  realName: '系统管理员',
  projectId: 1,
  projectName: '智慧城市平台',
  userToken: 'tok',
} as SessionUser;

/** The header's way: the menu shows the stored session user. */
function Header() {
  const user = useSessionUser();
  return user ? <UserMenu user={user} /> : null;
}

const builtin = (lang: string, key: string) => i18n.getResource(lang, 'translation', `labels.builtin.${key}`) as string;

beforeEach(async () => {
  await changeLang('zh_CN');
  setErrorSinks({ toast: vi.fn(), toLogin: vi.fn() });
  setSession(ADMIN);
});
afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
});

describe('user menu', () => {
  it("shows the built-in administrator's name in the language switched to, without a new sign-in", async () => {
    // The server answers the session user with built-in names in the caller's language.
    const { calls } = mockFetch((call) => {
      if (call.method !== 'GET' || call.url.pathname !== '/api/login.do') return undefined;
      const lang = call.url.searchParams.get('lang') ?? 'zh_CN';
      return {
        json: {
          ...ADMIN,
          realName: builtin(lang, 'adminRole'),
          projectName: builtin(lang, 'rootProject'),
          userToken: '',
        },
      };
    });
    renderWithApp(<Header />);
    expect(screen.getByTestId('user-menu').textContent).toContain('系统管理员');
    // Its name starts with the visible text (WCAG 2.5.3, label in name).
    expect(screen.getByTestId('user-menu').getAttribute('aria-label')).toBe('系统管理员, 用户菜单');
    expect(calls).toHaveLength(0);

    await act(() => changeLang('en_US'));
    await waitFor(() => expect(screen.getByTestId('user-menu').textContent).toContain('System administrator'));
    expect(screen.getByTestId('user-menu').textContent).not.toContain('系统管理员');
    expect(getUser()).toMatchObject({ projectName: builtin('en_US', 'rootProject'), userToken: 'tok' });

    await act(() => changeLang('zh_CN'));
    await waitFor(() => expect(screen.getByTestId('user-menu').textContent).toContain('系统管理员'));
  });

  it('keeps the stored user when the server cannot be reached on a switch', async () => {
    mockFetch(() => ({ status: 503, json: { statusCode: 503, code: 'UNAVAILABLE', message: 'down' } }));
    renderWithApp(<Header />);
    await act(() => changeLang('en_US'));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.getByTestId('user-menu').textContent).toContain('系统管理员');
    expect(getUser()?.userToken).toBe('tok');
  });
});
