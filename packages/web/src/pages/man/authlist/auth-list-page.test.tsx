import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setErrorSinks } from '../../../api/report';
import { changeLang } from '../../../i18n/i18n';
import { type Call, mockFetch, renderWithApp } from '../../../test/render';
import { frameAnswers } from '../projectlist/test-fixtures';
import AuthListPage from './auth-list-page';

const PATH = '/man/authlist';
const role = (id: number, name: string, admin = false) => ({
  id,
  name,
  no: `R${id}`,
  projectId: 1,
  projectName: '根项目甲',
  admin,
  status: 1,
  userCount: 0,
  createdAt: '2026-01-01T00:00:00Z',
});
const perm = (key: string, name: string, parent: string, parentName: string, level: number, available = true) => ({
  key,
  name,
  parent,
  parentName,
  module: parent === 'man' ? 'system' : 'business',
  level,
  available,
});
const PERMISSIONS = [
  perm('manmain', '首页', 'man', '系统管理', 1),
  perm('userlist', '用户管理', 'man', '系统管理', 0),
  perm('devicelist', '设备管理', 'biz', '业务数据', 0),
  perm('devicegrouplist', '设备分组', 'biz', '业务数据', 0, false),
];

function serve(extra: (call: Call) => { status?: number; json?: unknown } | undefined = () => undefined) {
  return mockFetch((call) => {
    const frame = frameAnswers(PATH, 5, call);
    if (frame) return frame;
    const { pathname } = call.url;
    if (pathname === '/api/roles.do') return { json: [role(1, '管理员', true), role(2, '巡检员')] };
    if (/^\/api\/roles\/\d\/permissions\.do$/.test(pathname) && call.method === 'GET') return { json: PERMISSIONS };
    if (/^\/api\/roles\/\d\/menus\.do$/.test(pathname)) return { json: [] };
    return extra(call);
  });
}

async function pickRole(user: ReturnType<typeof userEvent.setup>, name: string) {
  await user.click(within(await screen.findByTestId('auth-role-select')).getByRole('combobox'));
  // The option in the list (the selected role's title is also on the select itself).
  const titled = await screen.findAllByTitle(name);
  await user.click(titled.find((el) => el.classList.contains('ant-select-item-option')) ?? titled[0]!);
}

beforeEach(async () => {
  await changeLang('zh_CN');
  setErrorSinks({ toast: vi.fn(), toLogin: vi.fn() });
});
afterEach(() => vi.unstubAllGlobals());

describe('AuthListPage', () => {
  it('opens on the first role that can be authorised, not on an empty page', async () => {
    const { calls } = serve();
    renderWithApp(<AuthListPage />, { path: PATH });
    expect(await screen.findByTestId('level-userlist')).toBeTruthy();
    expect(calls.some((c) => c.url.pathname === '/api/roles/2/permissions.do')).toBe(true);
    expect(screen.queryByText('请先选择一个角色')).toBeNull();
  });

  it('saves every row as JSON {key, level}, group batch included', async () => {
    const { calls } = serve((call) => (call.method === 'POST' ? { json: PERMISSIONS } : undefined));
    const user = userEvent.setup();
    renderWithApp(<AuthListPage />, { path: PATH });
    await pickRole(user, '巡检员');
    await user.click(within(await screen.findByTestId('level-userlist')).getByLabelText('编辑'));
    const biz = screen.getByRole('radiogroup', { name: '整组设为 业务数据' });
    await user.click(within(biz).getByText('查看'));
    const unavailable = within(screen.getByTestId('level-devicegrouplist')).getByLabelText('查看') as HTMLInputElement;
    expect(unavailable.disabled).toBe(true);

    await user.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.url.pathname).toBe('/api/roles/2/permissions.do');
    expect(JSON.parse(post.body!.get('permissions')!)).toEqual([
      { key: 'manmain', level: 1 },
      { key: 'userlist', level: 5 },
      { key: 'devicelist', level: 1 },
      { key: 'devicegrouplist', level: 0 },
    ]);
  });

  it("shows the server's refusal", async () => {
    const message = '不能授予高于自己的权限：用户管理';
    serve((call) =>
      call.method === 'POST' ? { status: 403, json: { statusCode: 403, code: 'FORBIDDEN', message } } : undefined,
    );
    const user = userEvent.setup();
    renderWithApp(<AuthListPage />, { path: PATH });
    await pickRole(user, '巡检员');
    await user.click(within(await screen.findByTestId('level-userlist')).getByLabelText('审核'));
    await user.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect((await screen.findAllByText(message)).length).toBeGreaterThan(0);
  });

  it('locks the administrator role', async () => {
    serve();
    const user = userEvent.setup();
    renderWithApp(<AuthListPage />, { path: PATH });
    await pickRole(user, '管理员');
    expect(await screen.findByText('管理员角色拥有全部权限，无需授权')).toBeTruthy();
    expect(
      (within(await screen.findByTestId('level-userlist')).getByLabelText('编辑') as HTMLInputElement).disabled,
    ).toBe(true);
    expect((screen.getByRole('button', { name: /保\s*存/ }) as HTMLButtonElement).disabled).toBe(true);
  });
});
