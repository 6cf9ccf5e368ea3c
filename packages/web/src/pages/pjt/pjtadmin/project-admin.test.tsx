import type { SessionUser } from '@sc/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setErrorSinks } from '../../../api/report';
import { changeLang } from '../../../i18n/i18n';
import { clearSession, setSession } from '../../../session/store';
import { type Call, mockFetch, renderWithApp } from '../../../test/render';
import { frameAnswers, TREE } from '../../man/projectlist/test-fixtures';
import PjtAuthListPage from '../pjtauthlist/pjt-auth-list-page';
import PjtRoleListPage from '../pjtrolelist/pjt-role-list-page';
import PjtUserListPage from '../pjtuserlist/pjt-user-list-page';

/** The project's own roles, members and levels (spec 001 §2, §6): the /man screens on /api/pjts/{id}. */
const USER = {
  userId: 4,
  userName: 'inspector',
  realName: '巡检员',
  roleId: 7,
  roleName: '巡检员',
  projectId: 2,
  projectName: '子项目乙',
  userToken: 'tok',
} as SessionUser;
const role = (id: number, name: string, admin = false) => ({
  id,
  name,
  no: `R${id}`,
  projectId: 2,
  projectName: '子项目乙',
  admin,
  status: 1,
  userCount: 1,
  createdAt: '2026-01-01T00:00:00Z',
});
const member = {
  id: 11,
  name: 'zhang',
  phoneNo: '13800138000',
  realName: '张三',
  roleId: 7,
  roleName: '巡检员',
  projectId: 2,
  projectName: '子项目乙',
  status: 1,
  lastLoginTime: null,
  createdAt: '2026-01-01T00:00:00Z',
};
const perm = (key: string, name: string, level: number) => ({
  key,
  name,
  parent: 'pjt',
  parentName: '项目',
  module: 'project',
  level,
  available: true,
});
const ROLES = [role(3, '项目经理'), role(7, '巡检员')];
const page = (list: unknown[]) => ({ json: { list, total: list.length, page: 1, pageSize: 25 } });

function serve(path: string, level: number) {
  return mockFetch((call: Call) => {
    const frame = frameAnswers(path, level, call);
    if (frame) return frame;
    const { pathname } = call.url;
    if (pathname === '/api/projects.do/trees') return { json: TREE };
    if (pathname === '/api/pjts/2/projects.do/trees') return { json: TREE[0].children };
    if (pathname === '/api/pjts/2/roles.do') return { json: ROLES };
    if (pathname === '/api/pjts/2/roles.do/pages') return page(ROLES);
    if (pathname === '/api/pjts/2/users.do/pages') return page([member]);
    if (/^\/api\/pjts\/2\/roles\/\d+\/permissions\.do$/.test(pathname))
      return { json: [perm('pjtrolelist', '项目角色', 1), perm('pjtuserlist', '项目用户', 0)] };
    if (/^\/api\/pjts\/2\/roles\/\d+\/menus\.do$/.test(pathname)) return { json: [] };
    return undefined;
  });
}
const platformCalls = (calls: Call[]) =>
  calls.filter((c) => /^\/api\/(roles|users)(\.do|\/)/.test(c.url.pathname)).map((c) => c.url.pathname);

beforeEach(async () => {
  await changeLang('zh_CN');
  setErrorSinks({ toast: vi.fn(), toLogin: vi.fn() });
  setSession(USER);
});
afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
});

describe('project administration', () => {
  it("lists the project's roles on its own calls, with its scope, for an editor", async () => {
    const { calls } = serve('/pjt/pjtrolelist', 5);
    renderWithApp(<PjtRoleListPage />, { path: '/pjt/pjtrolelist' });
    expect(await screen.findByText('项目经理')).toBeTruthy();
    expect(screen.getByRole('heading', { name: '项目角色' })).toBeTruthy();
    expect(screen.getByText('范围：子项目乙 及其下级项目')).toBeTruthy();
    expect(screen.getByRole('button', { name: /新增/ })).toBeTruthy();
    expect(screen.queryByText('您的角色只能查看项目的角色、成员和权限，修改需要编辑权限')).toBeNull();
    expect(platformCalls(calls)).toEqual([]);
  });

  it('shows a viewer the members read-only, in English', async () => {
    await changeLang('en_US');
    const { calls } = serve('/pjt/pjtuserlist', 1);
    renderWithApp(<PjtUserListPage />, { path: '/pjt/pjtuserlist' });
    expect(await screen.findByText('张三')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'View project members' })).toBeTruthy();
    expect(
      screen.getByText(
        "Your role can view the project's roles, members and permissions; changing them needs the edit level",
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: /New/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Reset password/ })).toBeNull();
    expect(calls.some((c) => c.url.pathname === '/api/pjts/2/users.do/pages')).toBe(true);
    expect(platformCalls(calls)).toEqual([]);
  });

  it("opens a viewer's levels on their own role, with nothing to change", async () => {
    const { calls } = serve('/pjt/pjtauthlist', 1);
    renderWithApp(<PjtAuthListPage />, { path: '/pjt/pjtauthlist' });
    expect(await screen.findByRole('heading', { name: '我的权限' })).toBeTruthy();
    expect(screen.getByText('您的角色：巡检员')).toBeTruthy();
    const levels = within(await screen.findByTestId('level-pjtrolelist'));
    // The level shown checked (the radios of every row share a name, so the property is not reliable here).
    await waitFor(() =>
      expect(levels.getByLabelText('查看').closest('label')!.classList).toContain('ant-radio-wrapper-checked'),
    );
    expect((levels.getByLabelText('编辑') as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: /保\s*存/ })).toBeNull();
    expect(calls.some((c) => c.url.pathname === '/api/pjts/2/roles/7/permissions.do')).toBe(true);
    expect(platformCalls(calls)).toEqual([]);
  });

  it("saves an editor's levels to the project's call", async () => {
    const { calls } = serve('/pjt/pjtauthlist', 5);
    const user = userEvent.setup();
    renderWithApp(<PjtAuthListPage />, { path: '/pjt/pjtauthlist' });
    expect(await screen.findByRole('heading', { name: '项目角色权限' })).toBeTruthy();
    await user.click(within(await screen.findByTestId('level-pjtuserlist')).getByLabelText('查看'));
    await user.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')!.url.pathname).toBe('/api/pjts/2/roles/3/permissions.do');
  });
});
