import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setErrorSinks } from '../../api/report';
import { changeLang } from '../../i18n/i18n';
import { type Call, mockFetch, renderWithApp } from '../../test/render';
import LoginPage from './login-page';

const params = { version: 'V6.3.01', identifyCode: true, pageSize: 25 };

function serve(login: (call: Call) => { status?: number; json?: unknown }) {
  return mockFetch((call) => {
    if (call.url.pathname === '/api/pub/runningparams.do') return { json: params };
    if (call.url.pathname === '/api/login.do' && call.method === 'POST') return login(call);
    return undefined;
  });
}

async function fill(account: string, password: string, code: string) {
  const user = userEvent.setup();
  if (account) await user.type(screen.getByPlaceholderText('账号'), account);
  if (password) await user.type(screen.getByPlaceholderText('密码'), password);
  if (code) await user.type(screen.getByPlaceholderText('验证码'), code);
  await user.click(screen.getByRole('button', { name: /登\s*录/ }));
}

beforeEach(async () => {
  await changeLang('zh_CN');
  setErrorSinks({ toast: vi.fn(), toLogin: vi.fn() });
});
afterEach(() => vi.unstubAllGlobals());

describe('login page', () => {
  it('validates with the contract rules before calling the server', async () => {
    const { calls } = serve(() => ({ json: {} }));
    renderWithApp(<LoginPage variant="manage" />, { path: '/man/manindex' });
    expect(screen.getByText('管理登录')).toBeTruthy();
    await fill('', 'ab', '');
    expect(await screen.findByText('请输入账号')).toBeTruthy();
    expect(await screen.findByText('3-16 个字符')).toBeTruthy();
    expect(await screen.findByText('请输入验证码')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it("shows the server's localised refusal inline and loads a new identity code", async () => {
    const { calls } = serve(() => ({
      status: 401,
      json: { statusCode: 401, code: 'WRONG_CREDENTIALS', message: '账号或密码错误' },
    }));
    renderWithApp(<LoginPage variant="user" />, { path: '/index' });
    const before = screen.getByTestId('identify-code-image').getAttribute('src');
    await new Promise((resolve) => setTimeout(resolve, 5));
    await fill('admin', 'wrong-pass', 'abcdef');
    expect(await screen.findByText('账号或密码错误')).toBeTruthy();
    const post = calls.find((c) => c.method === 'POST')!;
    expect(Object.fromEntries(post.body!)).toEqual({
      account: 'admin',
      password: 'wrong-pass',
      identifyCode: 'abcdef',
    });
    await waitFor(() => expect(screen.getByTestId('identify-code-image').getAttribute('src')).not.toBe(before));
    expect(localStorage.getItem('sc.token')).toBeNull();
  });

  it('stores the token and user on success', async () => {
    serve(() => ({ json: { userId: 1, userName: 'admin', realName: 'A', userToken: 'tok-9' } }));
    renderWithApp(<LoginPage variant="user" />, { path: '/index' });
    await fill('admin', 'Admin12345', 'abcdef');
    await waitFor(() => expect(localStorage.getItem('sc.token')).toBe('tok-9'));
    expect(JSON.parse(localStorage.getItem('sc.user')!).userName).toBe('admin');
  });
});
