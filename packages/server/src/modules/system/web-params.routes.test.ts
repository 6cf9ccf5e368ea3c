import { SETTINGS } from '@sc/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { manageLogs, roles, webParams } from '../../db/schema/index.js';
import { createRole, createUser } from '../../test/factories.js';
import { createTestApp, form, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.token();
});
afterAll(() => t.close());

const put = (key: string, value: string, token = admin, lang = 'en_US') =>
  t.app.inject({ method: 'PUT', url: `/api/webparams.do/${key}?token=${token}&lang=${lang}`, ...form({ value }) });
const list = async (lang = 'en_US') =>
  (await t.app.inject({ method: 'GET', url: `/api/webparams.do?token=${admin}&lang=${lang}` })).json();

describe('GET /api/webparams.do', () => {
  it('answers every setting with value, default, range and options', async () => {
    const items = await list();
    expect(items).toHaveLength(SETTINGS.length);
    expect(items.find((i: { key: string }) => i.key === 'pageSize')).toEqual({
      id: 'pageSize',
      key: 'pageSize',
      group: 'display',
      kind: 'int',
      value: 25,
      default: 25,
      min: 5,
      max: 100,
    });
    const timezone = items.find((i: { key: string }) => i.key === 'timezone');
    expect(timezone.options.length).toBeGreaterThanOrEqual(75);
    expect(new Set(timezone.options.map((o: { value: number }) => o.value))).toEqual(
      new Set(Array.from({ length: 25 }, (_, i) => i - 12)),
    );
    expect(timezone.options).toContainEqual({
      value: 8,
      region: 'Asia/Shanghai',
      label: '(UTC+08:00) China Standard Time (Beijing)',
    });
    const zh = (await list('zh_CN')).find((i: { key: string }) => i.key === 'mailSecurity');
    expect(zh).toMatchObject({
      kind: 'select',
      value: 'none',
      options: [
        { value: 'none', label: '不加密' },
        { value: 'ssl', label: 'SSL' },
        { value: 'starttls', label: 'STARTTLS' },
      ],
    });
  });
});

describe('PUT /api/webparams.do/{id}', () => {
  it('stores a valid value, audits from→to, and the running parameters reflect it', async () => {
    const res = await put('logPageSize', '100');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ key: 'logPageSize', value: 100, default: 50 });
    expect((await list()).find((i: { key: string }) => i.key === 'logPageSize').value).toBe(100);
    expect((await t.app.inject({ method: 'GET', url: '/api/pub/runningparams.do' })).json().logPageSize).toBe(100);
    const [entry] = await t.database.db.select().from(manageLogs).where(eq(manageLogs.entityId, 'logPageSize'));
    expect(entry).toMatchObject({
      action: 'settings',
      entity: 'webparam',
      changes: { logPageSize: { from: 50, to: 100 } },
    });
  });

  it('logs a secret setting as changed, never by its value (issue 30)', async () => {
    expect((await put('masterKey', 'TopSecretKey42')).statusCode).toBe(200);
    expect((await put('masterKey', 'OtherSecret77')).statusCode).toBe(200);
    const entries = await t.database.db.select().from(manageLogs).where(eq(manageLogs.entityId, 'masterKey'));
    expect(entries).toHaveLength(2);
    for (const entry of entries) {
      expect(JSON.stringify(entry)).not.toMatch(/TopSecretKey42|OtherSecret77/);
      expect(entry).toMatchObject({
        action: 'settings',
        changes: { masterKey: { from: expect.any(String), to: '******' } },
      });
    }
  });

  it('answers the mail password and the SMS key masked; the mask sent back keeps them', async () => {
    for (const [key, value] of [
      ['mailPassword', 'MailPass-9f3'],
      ['smsProviderKey', 'sms-key-77ab'],
    ] as const) {
      const set = await put(key, value);
      expect(set.statusCode).toBe(200);
      expect(set.json()).toMatchObject({ key, value: '******', secret: true });
      expect((await list()).find((i: { key: string }) => i.key === key)).toMatchObject({ value: '******' });
      expect((await put(key, '******')).json()).toMatchObject({ value: '******' });
      const [stored] = await t.database.db.select().from(webParams).where(eq(webParams.key, key));
      expect(stored?.value).toBe(value);
      const entries = await t.database.db.select().from(manageLogs).where(eq(manageLogs.entityId, key));
      expect(entries).toHaveLength(1);
      expect(JSON.stringify(entries)).not.toContain(value);
      expect((await put(key, '')).json()).toMatchObject({ value: '' });
    }
  });

  it('refuses a number out of range or not a number, localised', async () => {
    const en = await put('deviceHeartbeat', '59');
    expect(en.statusCode).toBe(400);
    expect(en.json()).toMatchObject({
      message: 'Allowed range: 60 - 3600.',
      errors: [{ field: 'value', message: 'Allowed range: 60 - 3600.' }],
    });
    expect((await put('timezone', '13', admin, 'zh_CN')).json().message).toBe('允许的取值范围：-12 - 12。');
    expect((await put('smtpPort', 'abc')).json().message).toBe('A number is required.');
    expect((await put('smtpPort', '')).json().message).toBe('Required');
    expect((await put('smtpPort', '65534')).statusCode).toBe(200);
  });

  it('checks the patterns of text settings', async () => {
    expect((await put('serverAddress', 'ftp://example.com')).json().message).toBe(
      'Must start with http:// or https://, 13-50 characters',
    );
    expect((await put('serverAddress', 'http://a.cn')).json().message).toBe('13-50 characters');
    expect((await put('serverAddress', 'https://city.example.com')).statusCode).toBe(200);
    expect((await put('mailServer', 'smtp://mail.example.com', admin, 'zh_CN')).json().message).toBe(
      '请输入不带协议的邮件服务器地址，5-50 个字符',
    );
    expect((await put('mailServer', 'mail.example.com')).statusCode).toBe(200);
    expect((await put('dhApiAddress', 'http://dh.example.com/api')).json().message).toBe(
      'Must start with ws:// or wss:// and name an endpoint',
    );
    expect((await put('dhApiAddress', 'wss://dh.example.com/api')).statusCode).toBe(200);
    expect((await put('clientServerIp', '300.1.1.1')).json().message).toBe(
      'A valid IPv4 address or domain is required',
    );
    expect((await put('clientServerIp', 'devices.example.com')).statusCode).toBe(200);
    expect((await put('iscContextPath', 'artemis')).json().message).toBe(
      "Blank, or starting with '/', 3-16 characters",
    );
    expect((await put('iscContextPath', '')).json().value).toBe('');
    expect((await put('mailSecurity', 'tls')).json().message).toBe('A valid parameter is required.');
    expect((await put('watermarkEnabled', 'yes')).json().message).toBe('A valid parameter is required.');
  });

  it('requires watermark text (2-10) while watermarking is on, whichever of the two changes', async () => {
    expect((await put('watermarkEnabled', 'true')).json()).toMatchObject({
      errors: [{ field: 'value', message: 'Watermark text (2-10 characters) is required when watermarking is on' }],
    });
    expect((await put('watermarkText', 'x')).json().message).toBe('2-10 characters');
    expect((await put('watermarkText', '智慧城市')).statusCode).toBe(200);
    expect((await put('watermarkEnabled', 'true')).json()).toMatchObject({ value: true });
    expect((await put('watermarkText', '', admin, 'zh_CN')).json().message).toBe(
      '启用水印时必须填写水印文字 (2-10 个字符)',
    );
    expect((await t.app.inject({ method: 'GET', url: '/api/pub/runningparams.do' })).json().watermark).toEqual({
      enabled: true,
      text: '智慧城市',
    });
    expect((await put('watermarkEnabled', 'false')).statusCode).toBe(200);
    expect((await put('watermarkText', '')).statusCode).toBe(200);
  });

  it('accepts as site message administrator only a user with an administrator role', async () => {
    const plain = await createUser(t.database.db, (await createRole(t.database.db, 1)).id);
    expect((await put('siteMessageAdmin', String(plain.id))).json().message).toBe(
      'The site message administrator must be a user with administrator privileges',
    );
    const role = await createRole(t.database.db, 1);
    await t.database.db.update(roles).set({ admin: true }).where(eq(roles.id, role.id));
    const operator = await createUser(t.database.db, role.id);
    expect((await put('siteMessageAdmin', String(operator.id))).json().value).toBe(operator.id);
    expect((await put('siteMessageAdmin', '0')).json().value).toBe(0);
  });

  it('answers 404 for an unknown key, 403 for a role that may only view, 401 without a token', async () => {
    expect((await put('noSuchSetting', '1')).statusCode).toBe(404);
    const viewer = await createUser(t.database.db, (await createRole(t.database.db, 1, { syssettings: 1 })).id);
    const token = await t.token(viewer.name, viewer.password);
    expect((await t.app.inject({ method: 'GET', url: `/api/webparams.do?token=${token}` })).statusCode).toBe(200);
    expect((await put('pageSize', '30', token)).statusCode).toBe(403);
    const none = await createUser(t.database.db, (await createRole(t.database.db, 1, { sitemessage: 5 })).id);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/webparams.do?token=${await t.token(none.name, none.password)}` }))
        .statusCode,
    ).toBe(403);
    expect(
      (await t.app.inject({ method: 'PUT', url: '/api/webparams.do/pageSize', ...form({ value: '30' }) })).statusCode,
    ).toBe(401);
  });
});

describe('a setting changed on another instance', () => {
  it('reaches a second instance on the same database through the 3 s cache', async () => {
    const second = await buildApp({ config: loadConfig({ WEB_DIST: '/nonexistent' }), database: t.database });
    try {
      const heartbeat = async () =>
        (await second.inject({ method: 'GET', url: '/api/pub/runningparams.do' })).json().liveHeartbeat;
      expect(await heartbeat()).toBe(3); // cached now
      expect((await put('liveHeartbeat', '7')).statusCode).toBe(200);
      await new Promise((r) => setTimeout(r, 3100));
      expect(await heartbeat()).toBe(7);
    } finally {
      await second.close();
    }
  });
});

describe('the server address nobody set', () => {
  it('follows the PORT the instance listens on', async () => {
    const other = await buildApp({
      config: loadConfig({ WEB_DIST: '/nonexistent', PORT: '9191' }),
      database: t.database,
    });
    try {
      const address = async () =>
        (await other.inject({ method: 'GET', url: `/api/webparams.do?token=${admin}&lang=en_US` }))
          .json()
          .find((i: { key: string }) => i.key === 'serverAddress');
      expect((await address()).default).toBe('http://127.0.0.1:9191');
      // Back to its default (an earlier test stored another address): the value follows the port too.
      await t.database.db.delete(webParams).where(eq(webParams.key, 'serverAddress'));
      await new Promise((r) => setTimeout(r, 3100));
      expect((await address()).value).toBe('http://127.0.0.1:9191');
    } finally {
      await other.close();
    }
  });
});
