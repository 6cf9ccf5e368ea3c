import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRole, createUser, queryRows } from '../../test/factories.js';
import { ADMIN_PASSWORD, createTestApp, form, TEST_CODE, type TestApp } from '../../test/test-app.js';
import { IDENTIFY_COOKIE } from './login.routes.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = async (payload: Record<string, string>, lang = 'en_US', cookie?: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/login.do?lang=${lang}`,
    ...form(payload),
    headers: { ...form(payload).headers, cookie: cookie ?? (await t.identifyCookie()) },
  });

describe('identity code image', () => {
  it('answers an SVG and binds a cookie to the browser', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/code/getloginidentifyimage.do' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('image/svg+xml');
    expect(res.headers['cache-control']).toBe('no-store');
    const cookie = res.cookies.find((c) => c.name === 'sc_ic');
    expect(cookie?.httpOnly).toBe(true);
  });
});

describe('POST /api/login.do', () => {
  it('signs the administrator in and answers the session user of spec 000 §3', async () => {
    const res = await t.login('admin', ADMIN_PASSWORD);
    expect(res.statusCode).toBe(200);
    const user = res.json();
    expect(user).toMatchObject({
      userName: 'admin',
      roleNo: 'admin',
      projectNo: 'ROOT',
      roleStatus: 1,
      projectStatus: 1,
    });
    for (const field of [
      'userId',
      'realName',
      'roleId',
      'roleName',
      'role',
      'projectId',
      'projectName',
      'project',
      'userToken',
    ]) {
      expect(user).toHaveProperty(field);
    }
    expect(user.userToken.length).toBeGreaterThan(30);
    expect(JSON.stringify(user)).not.toContain('password');
  });

  it('records the last login time and a visit-log entry', async () => {
    await t.login('admin', ADMIN_PASSWORD);
    const second = (await t.login('admin', ADMIN_PASSWORD)).json();
    expect(second.lastLoginTime).not.toBeNull();
    const rows = await queryRows(
      t.database.db,
      sql`select action from visit_logs where account = 'admin' and action = 'login'`,
    );
    expect(rows.length).toBeGreaterThanOrEqual(2);
  });

  it.each([
    [
      {},
      'en_US',
      { account: 'Account required', password: 'Password required', identifyCode: 'Identity code required' },
    ],
    [
      { account: 'ab', password: 'cd', identifyCode: '123' },
      'en_US',
      { account: '3-16 characters', password: '3-16 characters', identifyCode: 'Must be 6 characters' },
    ],
    [
      { account: 'a'.repeat(17), password: 'p'.repeat(17), identifyCode: '1234567' },
      'en_US',
      { account: '3-16 characters', password: '3-16 characters' },
    ],
    [{}, 'zh_CN', { account: '请输入账号', password: '请输入密码', identifyCode: '请输入验证码' }],
    [{ account: 'ab', password: 'abcd', identifyCode: 'abcdef' }, 'zh_CN', { account: '3-16 个字符' }],
  ])('refuses %j with localised field messages (%s)', async (payload, lang, expected) => {
    const res = await post(payload as Record<string, string>, lang);
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('VALIDATION');
    for (const [field, message] of Object.entries(expected)) {
      expect(body.errors).toContainEqual({ field, message });
    }
    expect(body.message).toBeTruthy();
  });

  it('refuses a wrong identity code, and a code is single use', async () => {
    const cookie = await t.identifyCookie();
    const wrong = await post({ account: 'admin', password: ADMIN_PASSWORD, identifyCode: 'zzzzzz' }, 'en_US', cookie);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'WRONG_IDENTIFY_CODE', errors: [{ field: 'identifyCode' }] });
    // The right code after a wrong try: the code was consumed by the wrong try.
    const reused = await post({ account: 'admin', password: ADMIN_PASSWORD, identifyCode: TEST_CODE }, 'en_US', cookie);
    expect(reused.json().code).toBe('WRONG_IDENTIFY_CODE');
  });

  it('accepts the code in any letter case once', async () => {
    const cookie = await t.identifyCookie();
    const ok = await post(
      { account: 'admin', password: ADMIN_PASSWORD, identifyCode: TEST_CODE.toLowerCase() },
      'en_US',
      cookie,
    );
    expect(ok.statusCode).toBe(200);
    const again = await post({ account: 'admin', password: ADMIN_PASSWORD, identifyCode: TEST_CODE }, 'en_US', cookie);
    expect(again.statusCode).toBe(400);
  });

  it('refuses without the identity cookie', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login.do',
      ...form({ account: 'admin', password: ADMIN_PASSWORD, identifyCode: TEST_CODE }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('WRONG_IDENTIFY_CODE');
  });

  it('answers the same message for a wrong password and an unknown account, in both languages', async () => {
    const wrongPassword = await t.login('admin', 'nottheone', 'en_US');
    const unknown = await t.login('nosuchuser', 'nottheone', 'en_US');
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrongPassword.json().message).toBe('Wrong account or password');
    expect(unknown.json().message).toBe(wrongPassword.json().message);
    expect((await t.login('admin', 'nottheone', 'zh_CN')).json().message).toBe('账号或密码错误');
    await t.login('admin', ADMIN_PASSWORD); // clears admin's failures for the other tests
  });

  it('locks an account for 15 minutes after five failures, existing or not', async () => {
    const role = await createRole(t.database.db, 1);
    const user = await createUser(t.database.db, role.id);
    for (let i = 0; i < 5; i++) expect((await t.login(user.name, 'wrongpass')).statusCode).toBe(401);
    const locked = await t.login(user.name, user.password, 'en_US');
    expect(locked.statusCode).toBe(423);
    expect(locked.json()).toMatchObject({
      code: 'ACCOUNT_LOCKED',
      message: 'Too many failed sign-ins: try again in 15 min',
    });
    for (let i = 0; i < 5; i++) await t.login('ghostuser', 'wrongpass');
    expect((await t.login('ghostuser', 'wrongpass', 'en_US')).json().code).toBe('ACCOUNT_LOCKED');
    // After the window the account opens again.
    await t.database.db.execute(sql`update login_failures set at = at - interval '16 minutes'`);
    expect((await t.login(user.name, user.password)).statusCode).toBe(200);
  });

  it('logs failed sign-ins in the visit log', async () => {
    await t.login('admin', 'badpassword');
    const rows = await queryRows(
      t.database.db,
      sql`select detail from visit_logs where action = 'login_failed' and account = 'admin'`,
    );
    expect(rows).toContainEqual({ detail: 'WRONG_CREDENTIALS' });
    await t.login('admin', ADMIN_PASSWORD);
  });

  it('refuses a banned user with the same message', async () => {
    const role = await createRole(t.database.db, 1);
    const user = await createUser(t.database.db, role.id);
    await t.database.db.execute(sql`update users set status = 0 where id = ${user.id}`);
    const res = await t.login(user.name, user.password, 'en_US');
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Wrong account or password');
  });
});

describe('GET and DELETE /api/login.do', () => {
  it('signs in automatically with the stored token, by query or bearer header', async () => {
    const token = await t.token();
    const byQuery = await t.app.inject({ method: 'GET', url: `/api/login.do?token=${token}` });
    expect(byQuery.statusCode).toBe(200);
    expect(byQuery.json()).toMatchObject({ userName: 'admin', userToken: token });
    const byHeader = await t.app.inject({
      method: 'GET',
      url: '/api/login.do',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(byHeader.statusCode).toBe(200);
  });

  it('answers 401 without a token or with an unknown one', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/login.do' })).statusCode).toBe(401);
    const res = await t.app.inject({ method: 'GET', url: '/api/login.do?token=nonsense&lang=en_US' });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Not signed in, or the session has ended: please sign in again');
  });

  it('revokes the token on logout: later calls answer 403 SESSION_EXPIRED', async () => {
    const token = await t.token();
    const out = await t.app.inject({ method: 'DELETE', url: `/api/login.do?token=${token}` });
    expect(out.statusCode).toBe(200);
    const after = await t.app.inject({ method: 'GET', url: `/api/menus.do?token=${token}&lang=en_US` });
    expect(after.statusCode).toBe(403);
    expect(after.json()).toMatchObject({ code: 'SESSION_EXPIRED', message: 'Login expired: please sign in again' });
    const rows = await queryRows(t.database.db, sql`select count(*)::int as n from visit_logs where action = 'logout'`);
    expect(rows[0]).toEqual({ n: 1 });
  });

  it('expires a token idle for longer than the session idle setting', async () => {
    const token = await t.token();
    await t.database.db.execute(sql`update sessions set last_seen_at = now() - interval '121 minutes'`);
    const res = await t.app.inject({ method: 'GET', url: `/api/login.do?token=${token}` });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('SESSION_EXPIRED');
  });
});

describe('rate limit', () => {
  it('limits sign-in calls per address with a localised message', async () => {
    const limited = await createTestApp({}, { loginRateLimit: 3 });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 4; i++) codes.push((await limited.login('admin', 'wrongpass', 'en_US')).statusCode);
      expect(codes).toEqual([401, 401, 401, 429]);
      const res = await limited.login('admin', ADMIN_PASSWORD, 'en_US');
      expect(res.json().message).toBe('Too many requests, please try again later');
    } finally {
      await limited.close();
    }
  });
});

describe('identity code switched off for automated tests', () => {
  it('accepts any six characters when LOGIN_IDENTIFY_CODE=off', async () => {
    const off = await createTestApp({ LOGIN_IDENTIFY_CODE: 'off' });
    try {
      const res = await off.app.inject({
        method: 'POST',
        url: '/api/login.do',
        ...form({ account: 'admin', password: ADMIN_PASSWORD, identifyCode: '000000' }),
      });
      expect(res.statusCode).toBe(200);
    } finally {
      await off.close();
    }
  });
});

/** Issue 30: the lockout and the identity cookie. */
describe('sign-in protection per address', () => {
  const loginFrom = async (address: string, account: string, password: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/login.do?lang=en_US',
      remoteAddress: address,
      headers: { cookie: await t.identifyCookie(), 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ account, password, identifyCode: TEST_CODE }).toString(),
    });

  it('locks an account per address: failures from one address do not lock the owner out of another', async () => {
    const user = await createUser(t.database.db, (await createRole(t.database.db, 1)).id);
    for (let i = 0; i < 5; i++) expect((await loginFrom('10.9.8.7', user.name, 'wrongpass')).statusCode).toBe(401);
    const there = await loginFrom('10.9.8.7', user.name, user.password);
    expect(there.statusCode).toBe(423);
    expect(there.json().code).toBe('ACCOUNT_LOCKED');
    // The owner, from an address that has not failed, still signs in (with the identity code).
    expect((await loginFrom('10.9.8.8', user.name, user.password)).statusCode).toBe(200);
  });
});

describe('the identity cookie behind an HTTPS proxy', () => {
  it('is Secure when TRUST_PROXY is set and the proxy says https, and only then', async () => {
    const behind = await createTestApp({ TRUST_PROXY: 'true' });
    const direct = await createTestApp();
    try {
      const cookieOf = async (app: TestApp, headers: Record<string, string>) =>
        (await app.app.inject({ method: 'GET', url: '/code/getloginidentifyimage.do', headers })).cookies.find(
          (c) => c.name === IDENTIFY_COOKIE,
        )!;
      const https = await cookieOf(behind, { 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.9' });
      expect(https.secure).toBe(true);
      expect(https.httpOnly).toBe(true);
      expect((await cookieOf(behind, {})).secure).toBeFalsy();
      // Without TRUST_PROXY the header is anyone's word: not believed.
      expect((await cookieOf(direct, { 'x-forwarded-proto': 'https' })).secure).toBeFalsy();
      // The same over a real socket, as a proxy on another host connects (an IPv4-mapped address).
      await behind.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = behind.app.server.address() as { port: number };
      const res = await fetch(`http://127.0.0.1:${port}/code/getloginidentifyimage.do`, {
        headers: { 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.9' },
      });
      expect(res.headers.get('set-cookie')).toMatch(/; Secure/i);
    } finally {
      await behind.close();
      await direct.close();
    }
  });
});
