import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setErrorSinks } from '../api/report';
import { resetSessionCheck } from '../session/auto-login';
import { pageLevel } from '../session/page-levels';
import { mockFetch } from '../test/render';
import { loginLoader, pageGuard, type RouterPosition, safeRedirect } from './guard';

const user = { userId: 1, userName: 'admin', realName: '管理员', userToken: 'tok-1' };

function signIn() {
  localStorage.setItem('sc.token', 'tok-1');
  localStorage.setItem('sc.user', JSON.stringify(user));
}

function serve(auth: { flag: number; authValue: number }) {
  return mockFetch((call) => {
    if (call.url.pathname === '/api/login.do') return { json: user };
    if (call.url.pathname === '/api/pageauth.do') return { json: auth };
    return undefined;
  });
}

/** Runs a loader and returns where it redirected, or its data. */
async function run(loader: (args: { request: Request }) => Promise<unknown>, path: string) {
  try {
    return { data: await loader({ request: new Request(`http://localhost${path}`) }) };
  } catch (thrown) {
    if (thrown instanceof Response) return { redirect: thrown.headers.get('Location') };
    throw thrown;
  }
}

const inFrameAt =
  (pathname: string): (() => RouterPosition) =>
  () => ({
    initialized: true,
    location: { pathname, search: '' },
  });
const firstLoad: () => RouterPosition = () => ({ initialized: false, location: { pathname: '/', search: '' } });

beforeEach(() => {
  resetSessionCheck();
  setErrorSinks({ toast: vi.fn(), toLogin: vi.fn() });
});
afterEach(() => vi.unstubAllGlobals());

describe('page guard (spec 000 §6)', () => {
  it('sends a signed-out visitor to the management login with the target as redirect', async () => {
    const { calls } = serve({ flag: 1, authValue: 1 });
    expect(await run(pageGuard(firstLoad), '/man/userlist?x=1')).toEqual({
      redirect: '/man/manindex?redirect=%2Fman%2Fuserlist%3Fx%3D1',
    });
    expect(calls).toHaveLength(0);
  });

  it('asks pageauth for the path and lets the navigation through when flag is 1 and authValue above 0', async () => {
    signIn();
    const { calls } = serve({ flag: 1, authValue: 5 });
    expect(await run(pageGuard(firstLoad), '/man/userlist')).toEqual({ data: { denied: false } });
    const ask = calls.find((c) => c.url.pathname === '/api/pageauth.do')!;
    expect(ask.url.searchParams.get('desFullPath')).toBe('/man/userlist');
    expect(ask.url.searchParams.get('token')).toBe('tok-1');
    expect(pageLevel('/man/userlist')).toBe(5);
  });

  it('cancels a refused navigation silently by staying where the user is', async () => {
    signIn();
    serve({ flag: 1, authValue: 0 });
    const toast = vi.fn();
    setErrorSinks({ toast, toLogin: vi.fn() });
    expect(await run(pageGuard(inFrameAt('/man/rolelist')), '/man/userlist')).toEqual({ redirect: '/man/rolelist' });
    expect(toast).not.toHaveBeenCalled();
  });

  it('goes home when the first page loaded is refused', async () => {
    signIn();
    serve({ flag: 0, authValue: 1 });
    expect(await run(pageGuard(firstLoad), '/man/userlist')).toEqual({ redirect: '/man/manmain' });
    expect(await run(pageGuard(firstLoad), '/man/manmain')).toEqual({ data: { denied: true } });
  });

  it('ends a session whose token the server refuses', async () => {
    localStorage.setItem('sc.token', 'stale');
    mockFetch(() => ({ status: 401, json: { statusCode: 401, code: 'UNAUTHORIZED', message: 'x' } }));
    expect((await run(pageGuard(firstLoad), '/man/manmain')).redirect).toMatch(/^\/man\/manindex\?redirect=/);
    expect(localStorage.getItem('sc.token')).toBeNull();
  });

  it('sends the user to sign in again when pageauth says the session has ended', async () => {
    signIn();
    mockFetch((call) => {
      if (call.url.pathname === '/api/login.do') return { json: user };
      return { status: 403, json: { statusCode: 403, code: 'SESSION_EXPIRED', message: 'x' } };
    });
    expect(await run(pageGuard(inFrameAt('/man/manmain')), '/man/userlist')).toEqual({
      redirect: '/man/manindex?redirect=%2Fman%2Fuserlist',
    });
    expect(localStorage.getItem('sc.token')).toBeNull();
  });
});

describe('login pages', () => {
  it('send a signed-in user on to the redirect target', async () => {
    signIn();
    serve({ flag: 1, authValue: 1 });
    expect(await run(loginLoader, '/man/manindex?redirect=%2Fman%2Fuserlist')).toEqual({ redirect: '/man/userlist' });
  });

  it('accept only same-site redirects that are not login pages', () => {
    expect(safeRedirect('https://evil.example')).toBe('/man/manmain');
    expect(safeRedirect('//evil.example')).toBe('/man/manmain');
    expect(safeRedirect('/index')).toBe('/man/manmain');
    expect(safeRedirect('/man/manmain?x')).toBe('/man/manmain?x');
    expect(safeRedirect(null)).toBe('/man/manmain');
  });
});
