import type { FastifyInstance, FastifyServerOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { bootstrap } from '../db/bootstrap.js';
import type { Database } from '../db/client.js';
import type { SmsProvider } from '../modules/project/notices/sms-provider.js';
import { IDENTIFY_COOKIE } from '../modules/session/login.routes.js';
import { applyBuiltinData } from '../modules/system/sync-steps.js';
import { openTestDatabase } from './test-database.js';

export const ADMIN_PASSWORD = 'Admin12345';
/** Every identity image of a test app shows this code. */
export const TEST_CODE = 'Ab3dE5';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  /** Fetches an identity code cookie for a new "browser". */
  identifyCookie(): Promise<string>;
  /** Signs in (with a fresh identity code) and answers the response. */
  login(account: string, password: string, lang?: string): Promise<LightMyRequestResponse>;
  /** Signs in and answers the token; fails the test when sign-in fails. */
  token(account?: string, password?: string): Promise<string>;
  close(): Promise<void>;
}

export async function createTestApp(
  env: Record<string, string> = {},
  options: {
    loginRateLimit?: number;
    imageRateLimit?: number;
    /** The server's logger (e.g. with a stream that captures the lines); none by default. */
    logger?: FastifyServerOptions['logger'];
    extraRoutes?: (app: FastifyInstance) => void;
    mqtt?: boolean | { url: string };
    /** Where SMS go (a recording provider); the settings' HTTP provider otherwise. */
    smsProvider?: SmsProvider;
  } = {},
): Promise<TestApp> {
  const database = await openTestDatabase();
  await bootstrap(database.db, ADMIN_PASSWORD);
  await applyBuiltinData(database.db);
  const config = loadConfig({ WEB_DIST: '/nonexistent', ...env });
  const app = await buildApp({
    config,
    database,
    codeGenerator: () => ({ text: TEST_CODE, svg: '<svg xmlns="http://www.w3.org/2000/svg"/>' }),
    loginRateLimit: options.loginRateLimit ?? 10_000,
    imageRateLimit: options.imageRateLimit ?? 10_000,
    logger: options.logger,
    strictResponses: true,
    smsProvider: options.smsProvider,
    mqtt:
      typeof options.mqtt === 'object'
        ? { mode: 'external', url: options.mqtt.url, shared: true }
        : options.mqtt
          ? { mode: 'embedded', port: 0, host: '127.0.0.1' }
          : { mode: 'off' },
  });
  try {
    options.extraRoutes?.(app);
    await app.ready();
    // Jobs (silence, retention) are called by the tests themselves, not on timers.
    if (options.mqtt) await app.iot.start({ jobs: false });
  } catch (error) {
    await database.close();
    throw error;
  }

  const identifyCookie = async () => {
    const res = await app.inject({ method: 'GET', url: '/code/getloginidentifyimage.do' });
    const cookie = res.cookies.find((c) => c.name === IDENTIFY_COOKIE);
    if (!cookie) throw new Error('no identity cookie');
    return `${IDENTIFY_COOKIE}=${cookie.value}`;
  };

  const login = async (account: string, password: string, lang = 'zh_CN') =>
    app.inject({
      method: 'POST',
      url: `/api/login.do?lang=${lang}`,
      headers: { cookie: await identifyCookie(), 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ account, password, identifyCode: TEST_CODE }).toString(),
    });

  return {
    app,
    database,
    identifyCookie,
    login,
    async token(account = 'admin', password = ADMIN_PASSWORD) {
      const res = await login(account, password);
      if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
      return res.json().userToken as string;
    },
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/** A form-encoded body, as the console sends it. */
export const form = (values: Record<string, string>) => ({
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  payload: new URLSearchParams(values).toString(),
});
