import { AUTH_LEVEL, SETTING_DEFAULTS, SETTINGS, type SettingItemView } from '@sc/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setErrorSinks } from '../../../api/report';
import { useRunningParams } from '../../../api/session-api';
import { changeLang } from '../../../i18n/i18n';
import { type Call, mockFetch, renderWithApp } from '../../../test/render';
import { saveOrder } from './setting-values';
import SettingsPage from './settings-page';

const PATH = '/man/syssettings';

function ParamsProbe() {
  const params = useRunningParams();
  return <span>page size {params.data?.pageSize}</span>;
}

const items = (): SettingItemView[] =>
  SETTINGS.map((def) => ({
    id: def.key,
    key: def.key,
    group: def.group,
    kind: def.kind,
    value: SETTING_DEFAULTS[def.key],
    default: def.default,
    ...(def.min !== undefined ? { min: def.min, max: def.max } : {}),
  }));

function serve(put: (call: Call) => { status?: number; json?: unknown } | undefined = () => undefined) {
  const stored = items();
  return mockFetch((call) => {
    const p = call.url.pathname;
    if (p === '/api/pub/runningparams.do') {
      const value = (key: string) => stored.find((s) => s.key === key)!.value;
      return { json: { pageSize: Number(value('pageSize')), timezone: 8, watermark: { enabled: false, text: '' } } };
    }
    if (p === '/api/menus.do') {
      const level = AUTH_LEVEL.modify;
      return {
        json: [
          {
            key: 'man',
            path: '/man',
            icon: 'x',
            name: 'man',
            level,
            children: [{ key: 'k', path: PATH, icon: 'x', name: 'k', level }],
          },
        ],
      };
    }
    if (call.method === 'GET' && p === '/api/webparams.do') return { json: stored };
    if (p === '/api/users.do/pages') {
      const keyword = call.url.searchParams.get('keyword') ?? '';
      const list = USERS.filter((u) => !keyword || u.realName.includes(keyword) || u.name.includes(keyword));
      return { json: { list, total: list.length, page: 1, pageSize: 20 } };
    }
    if (p.startsWith('/api/users.do/')) return { json: USERS.find((u) => `/api/users.do/${u.id}` === p) };
    if (call.method === 'PUT' && p.startsWith('/api/webparams.do/')) {
      const answer = put(call);
      if (answer) return answer;
      const item = stored.find((s) => s.id === p.split('/').at(-1))!;
      item.value = call.body?.get('value');
      return { json: item };
    }
    return undefined;
  });
}

const USERS = [
  { id: 1, name: 'admin', realName: '', roleName: '系统管理员' },
  { id: 7, name: 'zhangsan', realName: '张三', roleName: '值班员' },
  { id: 9, name: 'lisi', realName: '李四', roleName: '系统管理员' },
];

const puts = (calls: Call[]) =>
  calls.filter((c) => c.method === 'PUT').map((c) => `${c.url.pathname.split('/').at(-1)}=${c.body?.get('value')}`);
const field = (form: HTMLElement, label: string) => within(form).getByLabelText(label);

async function openDisplayTab(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByTestId('settings-tab-display'));
  return screen.findByTestId('settings-form-display');
}

beforeEach(async () => {
  await changeLang('zh_CN');
  setErrorSinks({ toast: vi.fn(), toLogin: vi.fn() });
});
afterEach(() => vi.unstubAllGlobals());

describe('system settings', () => {
  it('has one tab per group and shows the range message of the contract rule', async () => {
    const { calls } = serve();
    const user = userEvent.setup();
    renderWithApp(<SettingsPage />, { path: PATH });
    for (const label of ['常规', '显示', '安全']) expect(await screen.findByText(label)).toBeTruthy();
    const form = await openDisplayTab(user);
    const size = field(form, '日志每页条数');
    await user.clear(size);
    await user.type(size, '300');
    await user.click(within(form).getByRole('button', { name: /保\s*存/ }));
    expect(await within(form).findByText('允许的取值范围：25 - 200。')).toBeTruthy();
    expect(within(form).getByText('取值范围 25 - 200 · 默认值 50')).toBeTruthy();
    expect(puts(calls)).toEqual([]);
  });

  it('shows a secret setting as dots, never the mask in clear', async () => {
    serve();
    const user = userEvent.setup();
    renderWithApp(<SettingsPage />, { path: PATH });
    await user.click(await screen.findByTestId('settings-tab-security'));
    const form = await screen.findByTestId('settings-form-security');
    expect(field(form, '主密钥').getAttribute('type')).toBe('password');
    expect(field(form, '主密钥').getAttribute('autocomplete')).toBe('new-password');
  });

  it('saves the changed settings of a tab and refetches the running parameters', async () => {
    const { calls } = serve();
    const user = userEvent.setup();
    renderWithApp(
      <>
        <ParamsProbe />
        <SettingsPage />
      </>,
      { path: PATH },
    );
    expect(await screen.findByText('page size 25')).toBeTruthy();
    const form = await openDisplayTab(user);
    const size = field(form, '列表每页条数');
    await user.clear(size);
    await user.type(size, '30');
    // The tab says it holds unsaved changes (leaving the page asks first: components/unsaved.tsx).
    expect((await screen.findByTestId('settings-unsaved')).title).toBe('此页签有未保存的修改');
    await user.click(within(form).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(puts(calls)).toEqual(['pageSize=30']));
    expect(await screen.findByText('已保存 1 项设置')).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('settings-unsaved')).toBeNull());
    // The running parameters are fetched again: whatever shows them (lists, the watermark) follows.
    expect(await screen.findByText('page size 30')).toBeTruthy();
  });

  it("shows the server's field error on the field", async () => {
    serve((call) =>
      call.url.pathname.endsWith('/pageSize')
        ? {
            status: 400,
            json: {
              statusCode: 400,
              code: 'VALIDATION',
              message: '数据不符合规则',
              errors: [{ field: 'value', message: '服务器拒绝了该值' }],
            },
          }
        : undefined,
    );
    const user = userEvent.setup();
    renderWithApp(<SettingsPage />, { path: PATH });
    const form = await openDisplayTab(user);
    const size = field(form, '列表每页条数');
    await user.clear(size);
    await user.type(size, '30');
    await user.click(within(form).getByRole('button', { name: /保\s*存/ }));
    expect(await within(form).findByText('服务器拒绝了该值')).toBeTruthy();
  });

  it('needs a watermark text of 2-10 characters when the watermark is on, and sends the text first', async () => {
    const { calls } = serve();
    const user = userEvent.setup();
    renderWithApp(<SettingsPage />, { path: PATH });
    const form = await openDisplayTab(user);
    await user.click(within(form).getByRole('switch'));
    await user.click(within(form).getByRole('button', { name: /保\s*存/ }));
    expect(await within(form).findByText('启用水印时必须填写水印文字 (2-10 个字符)')).toBeTruthy();
    expect(puts(calls)).toEqual([]);

    await user.type(field(form, '水印文字'), 'SC-DEMO');
    await user.click(within(form).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(puts(calls)).toEqual(['watermarkText=SC-DEMO', 'watermarkEnabled=true']));
  });

  it('shows the timezone regions in the console language', async () => {
    serve();
    const user = userEvent.setup();
    renderWithApp(<SettingsPage />, { path: PATH });
    const form = await screen.findByTestId('settings-form-general');
    expect(await within(form).findAllByText(/^\(UTC\+08:00\) /)).not.toHaveLength(0);
    const [timezone] = within(form).getAllByRole('combobox');
    await user.type(timezone!, '东京');
    expect((await screen.findAllByText('(UTC+09:00) 日本标准时间 (东京)')).length).toBeGreaterThan(0);
    await user.keyboard('{Escape}');
    await changeLang('en_US');
    expect(await within(form).findAllByText(/^\(UTC\+08:00\) /)).not.toHaveLength(0);
    await user.click(timezone!);
    await user.type(timezone!, 'Tokyo');
    expect((await screen.findAllByText('(UTC+09:00) Japan Standard Time (Tokyo)')).length).toBeGreaterThan(0);
  });
});

describe('site message administrator', () => {
  it('is picked by name or account, shown by name and saved as the id; a non-administrator is refused', async () => {
    const { calls } = serve((call) =>
      call.url.pathname.endsWith('/siteMessageAdmin') && call.body?.get('value') === '7'
        ? {
            status: 400,
            json: {
              statusCode: 400,
              code: 'VALIDATION',
              message: '站内信管理员必须是具有管理员权限的用户',
              errors: [{ field: 'value', message: '站内信管理员必须是具有管理员权限的用户' }],
            },
          }
        : undefined,
    );
    const user = userEvent.setup();
    renderWithApp(<SettingsPage />, { path: PATH });
    const form = await screen.findByTestId('settings-form-general');
    const picker = within(form).getByTestId('site-message-admin-picker');
    expect(await within(picker).findByText('内置管理员')).toBeTruthy();
    const input = within(picker).getByRole('combobox');
    await user.click(input);
    await user.type(input, '张');
    // The list follows the search (the server's keyword), then the user is picked.
    await waitFor(() => expect(screen.queryByText('李四（lisi）· 系统管理员')).toBeNull());
    await user.click(await screen.findByText('张三（zhangsan）· 值班员'));
    expect(within(picker).getByText('张三（zhangsan）· 值班员')).toBeTruthy();
    await user.click(within(form).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(puts(calls)).toEqual(['siteMessageAdmin=7']), { timeout: 5000 });
    expect(await within(form).findByText('站内信管理员必须是具有管理员权限的用户', {}, { timeout: 5000 })).toBeTruthy();

    await user.click(input);
    await user.type(input, 'lisi');
    await waitFor(() => expect(screen.queryByText('admin（admin）· 系统管理员')).toBeNull());
    await user.click(await screen.findByText('李四（lisi）· 系统管理员'));
    await user.click(within(form).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(puts(calls)).toEqual(['siteMessageAdmin=7', 'siteMessageAdmin=9']), { timeout: 5000 });
    expect(within(picker).getByText('李四（lisi）· 系统管理员')).toBeTruthy();
    expect(
      calls.some((c) => c.url.pathname === '/api/users.do/pages' && c.url.searchParams.get('keyword') === 'lisi'),
    ).toBe(true);
  });
});

describe('saveOrder', () => {
  it('turns switches off first and on last', () => {
    const item = (key: string, kind: SettingItemView['kind']) => ({ key, kind }) as SettingItemView;
    const order = saveOrder([
      { item: item('watermarkEnabled', 'bool'), wire: 'true' },
      { item: item('watermarkText', 'text'), wire: 'x' },
      { item: item('other', 'bool'), wire: 'false' },
    ]).map((c) => c.item.key);
    expect(order).toEqual(['other', 'watermarkText', 'watermarkEnabled']);
  });
});
