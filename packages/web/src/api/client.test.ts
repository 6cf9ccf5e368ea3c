import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLang } from '../i18n/i18n';
import { mockFetch } from '../test/render';
import { api } from './client';
import { ApiError } from './errors';
import { pendingCalls } from './loading';
import { failureText, setErrorSinks } from './report';

const sinks = { toast: vi.fn(), toLogin: vi.fn() };

beforeEach(async () => {
  sinks.toast.mockReset();
  sinks.toLogin.mockReset();
  setErrorSinks(sinks);
  await changeLang('zh_CN');
});
afterEach(() => vi.unstubAllGlobals());

const sessionUser = { userToken: 'tok-1', userId: 1 };

describe('API client conventions (spec 000 §7)', () => {
  it('always sends lang, and the token once there is one', async () => {
    const { calls } = mockFetch(() => ({ json: { ok: true } }));
    await api.get('/api/pub/runningparams.do');
    expect(calls[0].url.searchParams.get('lang')).toBe('zh_CN');
    expect(calls[0].url.searchParams.has('token')).toBe(false);

    localStorage.setItem('sc.token', sessionUser.userToken);
    await changeLang('en_US');
    await api.get('/api/menus.do', { a: 1 });
    expect(calls[1].url.searchParams.get('token')).toBe('tok-1');
    expect(calls[1].url.searchParams.get('lang')).toBe('en_US');
    expect(calls[1].url.searchParams.get('a')).toBe('1');
  });

  it('form-encodes bodies of writes and reads JSON answers', async () => {
    const { calls } = mockFetch(() => ({ json: { id: 9 } }));
    const answer = await api.post<{ id: number }>('/api/roles.do', { name: '角色一', skip: undefined, ids: [1, 2] });
    expect(answer).toEqual({ id: 9 });
    expect(calls[0].method).toBe('POST');
    expect(calls[0].body?.toString()).toBe('name=%E8%A7%92%E8%89%B2%E4%B8%80&ids=1&ids=2');
  });
});

describe('error catalogue (spec 000 §8)', () => {
  it('401 ends the session and sends the user to the management login with a redirect', async () => {
    localStorage.setItem('sc.token', 'tok-1');
    window.history.pushState({}, '', '/man/manmain?x=1');
    mockFetch(() => ({ status: 401, json: { statusCode: 401, code: 'UNAUTHORIZED', message: '未登录' } }));
    await expect(api.get('/api/menus.do')).rejects.toBeInstanceOf(ApiError);
    expect(localStorage.getItem('sc.token')).toBeNull();
    expect(sinks.toLogin).toHaveBeenCalledWith('/man/manmain?x=1');
  });

  it('403 SESSION_EXPIRED toasts then redirects; a plain 403 only toasts its status', async () => {
    window.history.pushState({}, '', '/man/manmain');
    mockFetch(() => ({ status: 403, json: { statusCode: 403, code: 'SESSION_EXPIRED', message: '登录已过期' } }));
    await api.get('/api/menus.do').catch(() => undefined);
    expect(sinks.toast).toHaveBeenCalledWith('登录已过期');
    expect(sinks.toLogin).toHaveBeenCalledTimes(1);

    mockFetch(() => ({ status: 403, json: { statusCode: 403, code: 'FORBIDDEN', message: '没有权限' } }));
    await api.get('/api/menus.do').catch(() => undefined);
    expect(sinks.toast).toHaveBeenLastCalledWith('RESPONSE STATUS 403');
    expect(sinks.toLogin).toHaveBeenCalledTimes(1);
  });

  it.each([404, 405, 500])('%i toasts RESPONSE STATUS', async (status) => {
    mockFetch(() => ({ status, json: { statusCode: status, code: 'X', message: 'server text' } }));
    await api.get('/api/x').catch(() => undefined);
    expect(sinks.toast).toHaveBeenCalledWith(`RESPONSE STATUS ${status}`);
  });

  it("other statuses toast the server's localised message", async () => {
    mockFetch(() => ({ status: 409, json: { statusCode: 409, code: 'CONFLICT', message: '编号已存在' } }));
    await api.post('/api/roles.do', {}).catch(() => undefined);
    expect(sinks.toast).toHaveBeenCalledWith('编号已存在');
  });

  it('no response toasts the network text for 5 seconds, and the loading indicator ends', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        expect(pendingCalls()).toBe(1);
        throw new TypeError('Failed to fetch');
      }),
    );
    const error = await api.get('/api/x').catch((e: unknown) => e);
    expect((error as ApiError).status).toBe(0);
    expect(sinks.toast).toHaveBeenCalledWith('网络异常 或 [ 没有权限 ].', 5);
    expect(pendingCalls()).toBe(0);
  });

  it('silent calls leave the error to the caller', async () => {
    mockFetch(() => ({ status: 400, json: { statusCode: 400, code: 'VALIDATION', message: 'bad' } }));
    const error = (await api.post('/api/login.do', {}, { silent: true }).catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(400);
    expect(error.body?.message).toBe('bad');
    expect(sinks.toast).not.toHaveBeenCalled();
  });
});

describe('a failed call inside a screen (issue 13: no English spec text in the zh-CN console)', () => {
  it('says what the status means in the reader’s language, the server’s message first', async () => {
    expect(failureText(new ApiError(500))).toBe('请求失败（状态码 500）');
    expect(failureText(new ApiError(502, { code: 'DEVICE_FAILED', message: '设备离线' } as never))).toBe('设备离线');
    await changeLang('en_US');
    expect(failureText(new ApiError(404))).toBe('Request failed (status 404)');
  });
});
