import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setErrorSinks } from '../../../api/report';
import { changeLang } from '../../../i18n/i18n';
import { type Call, mockFetch, renderWithApp } from '../../../test/render';
import { frameAnswers, TREE } from '../projectlist/test-fixtures';
import UserListPage from './user-list-page';

const PATH = '/man/userlist';
const USERS = [
  {
    id: 7,
    name: 'inspector',
    phoneNo: '13800000001',
    realName: '巡检员',
    roleId: 2,
    roleName: '巡检角色',
    projectId: 2,
    projectName: '子项目乙',
    status: 1,
    lastLoginTime: null,
    createdAt: '2026-01-01T00:00:00Z',
  },
];
let toast: ReturnType<typeof vi.fn<(text: string) => void>>;

function serve(extra: (call: Call) => { status?: number; json?: unknown } | undefined = () => undefined) {
  return mockFetch((call) => {
    const frame = frameAnswers(PATH, 5, call);
    if (frame) return frame;
    const { pathname } = call.url;
    if (pathname === '/api/projects.do/trees') return { json: TREE };
    if (pathname === '/api/roles.do') return { json: [] };
    if (pathname === '/api/users.do/pages') return { json: { list: USERS, total: 1, page: 1, pageSize: 25 } };
    return extra(call);
  });
}

beforeEach(async () => {
  await changeLang('zh_CN');
  toast = vi.fn<(text: string) => void>();
  setErrorSinks({ toast, toLogin: vi.fn() });
});
afterEach(() => vi.unstubAllGlobals());

describe('UserListPage', () => {
  it('says what disabling a user and deleting one mean before doing it', async () => {
    const { calls } = serve((call) => (call.method === 'PUT' ? { json: { ...USERS[0], status: 0 } } : undefined));
    const user = userEvent.setup();
    renderWithApp(<UserListPage />, { path: PATH });
    await user.click(await screen.findByRole('button', { name: /编\s*辑/ }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByText('禁用'));
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('禁用后该用户立即被退出登录，状态恢复正常前不能再登录。')).toBeTruthy();
    expect(screen.getAllByText('禁用用户“inspector”吗？').length).toBeGreaterThan(0);
    await user.click(screen.getAllByRole('button', { name: /取\s*消/ }).at(-1)!);
    await waitFor(() =>
      expect(screen.queryByText('禁用后该用户立即被退出登录，状态恢复正常前不能再登录。')).toBeNull(),
    );
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    expect(screen.getByRole('dialog')).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await user.click(await screen.findByRole('button', { name: /确\s*定/ }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'PUT' && c.url.pathname === '/api/users.do/7')).toBe(true),
    );
  });

  it('says what deleting a user means', async () => {
    serve();
    const user = userEvent.setup();
    renderWithApp(<UserListPage />, { path: PATH });
    const row = (await screen.findByText('inspector')).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: /删\s*除/ }));
    expect(
      await screen.findByText('该用户立即被退出登录且不能再登录，其站内消息一并删除。删除后无法恢复。'),
    ).toBeTruthy();
  });

  it('validates the create form with the contract rules', async () => {
    const { calls } = serve();
    const user = userEvent.setup();
    renderWithApp(<UserListPage />, { path: PATH });
    await user.click(await screen.findByRole('button', { name: /新\s*增/ }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('手机号'), '12345');
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await within(dialog).findByText('请选择角色')).toBeTruthy();
    expect(
      within(dialog).getByText(/请输入有效的手机号|手机号/, { selector: '.ant-form-item-explain-error' }),
    ).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('resets a password: the confirmation must match, then PATCH …/pwd with password', async () => {
    const { calls } = serve((call) => (call.method === 'PATCH' ? { json: { ok: true } } : undefined));
    const user = userEvent.setup();
    renderWithApp(<UserListPage />, { path: PATH });
    await user.click(await screen.findByRole('button', { name: /重置密码/ }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('新密码'), 'Secret123');
    await user.type(within(dialog).getByLabelText('确认密码'), 'Secret124');
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await within(dialog).findByText('两次输入的密码不一致')).toBeTruthy();
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);

    await user.clear(within(dialog).getByLabelText('确认密码'));
    await user.type(within(dialog).getByLabelText('确认密码'), 'Secret123');
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    const patch = calls.find((c) => c.method === 'PATCH')!;
    expect(patch.url.pathname).toBe('/api/users.do/7/pwd');
    expect(Object.fromEntries(patch.body!)).toEqual({ password: 'Secret123' });
  });

  it("shows a 409 refusal's message on delete", async () => {
    const message = '不能删除或禁用最后一个管理员';
    serve((call) =>
      call.method === 'DELETE' ? { status: 409, json: { statusCode: 409, code: 'CONFLICT', message } } : undefined,
    );
    const user = userEvent.setup();
    renderWithApp(<UserListPage />, { path: PATH });
    const row = (await screen.findByText('inspector')).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: /删\s*除/ }));
    await user.click(await screen.findByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(toast).toHaveBeenCalledWith(message));
  });
});
