import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, createTestApp, form, type TestApp } from '../test/test-app.js';
import { REDACTED } from './redact.js';

/** Issue 11 "the log test": a signed-in run leaves no token or password in the log output. */
const lines: string[] = [];
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(
    {},
    {
      logger: {
        level: 'trace',
        stream: {
          write: (line: string) => {
            lines.push(line);
          },
        },
      },
      extraRoutes: (app) => {
        // A failure whose message carries secrets, as a database or library error might.
        app.get('/boom', async (request) => {
          throw new Error(
            `failed ${request.url} with Bearer ${String(request.query && (request.query as { token?: string }).token)}`,
          );
        });
      },
    },
  );
});
afterAll(() => t.close());

describe('the server log', () => {
  it('holds no token nor password after a signed-in run', async () => {
    const token = await t.token();
    const newPassword = 'NewPass987';
    const calls = [
      { method: 'GET' as const, url: `/api/login.do?token=${token}&lang=en_US` },
      { method: 'GET' as const, url: `/api/home.do?lang=zh_CN&token=${token}` },
      { method: 'GET' as const, url: '/api/login.do', headers: { authorization: `Bearer ${token}` } },
      { method: 'GET' as const, url: `/api/biz/devices.do?token=${token}&name=%00` },
      { method: 'GET' as const, url: `/boom?token=${token}` },
      {
        method: 'PATCH' as const,
        url: `/api/users.do/1/pwd?token=${token}`,
        ...form({ oldPassword: ADMIN_PASSWORD, password: newPassword }),
      },
      { method: 'GET' as const, url: `/api/home.do?token=${token}` },
    ];
    for (const call of calls) await t.app.inject(call);
    const relogin = await t.login('admin', newPassword);
    expect(relogin.statusCode).toBe(200);
    const second = relogin.json().userToken as string;
    await t.app.inject({ method: 'DELETE', url: `/api/login.do?token=${second}` });

    const output = lines.join('');
    expect(lines.length).toBeGreaterThan(10);
    for (const secret of [token, second, ADMIN_PASSWORD, newPassword]) expect(output).not.toContain(secret);
    // The rest of each URL is kept: path and other parameters, the token's value replaced.
    expect(output).toContain(`/api/home.do?lang=zh_CN&token=${REDACTED}`);
    expect(output).toContain('unhandled error');
  });
});
