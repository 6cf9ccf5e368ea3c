import type { AddressInfo } from 'node:net';
import { translate } from '@sc/contract';
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { builtinModelId } from '../modules/base/builtin-base-data.sync.js';
import { createLogsRepository } from '../modules/logs/logs.repository.js';
import { createOperationLogService } from '../modules/logs/operation-log.service.js';
import { IDENTIFY_COOKIE } from '../modules/session/login.routes.js';
import { queryRows } from '../test/factories.js';
import { createTestApp, form, type TestApp } from '../test/test-app.js';
import { originGuard } from './origin.js';
import { REDACTED, redactText, redactValue } from './redact.js';

/** Issue 11 "Secrets and abuse": identity image, realtime origin, secrets in the database logs. */
let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await createTestApp({ ALLOWED_ORIGINS: 'https://console.example.com' }, { imageRateLimit: 5 });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t.close());

const image = (headers: Record<string, string> = {}, lang = 'en_US') =>
  t.app.inject({
    method: 'GET',
    url: `/code/getloginidentifyimage.do?lang=${lang}`,
    headers,
    remoteAddress: headers['x-ip'],
  });

describe('identity image', () => {
  it('replaces an id the browser chose with one of its own', async () => {
    const chosen = 'attacker-chosen-id-0123456789';
    const res = await image({ cookie: `${IDENTIFY_COOKIE}=${chosen}`, 'x-ip': '10.0.0.1' });
    expect(res.statusCode).toBe(200);
    const id = res.cookies.find((c) => c.name === IDENTIFY_COOKIE)?.value;
    expect(id).toBeTruthy();
    expect(id).not.toBe(chosen);
    const [row] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from identify_codes where id = ${chosen}`,
    );
    expect(row!.n).toBe(0);
  });

  it('keeps one code per browser: asking again drops the previous one', async () => {
    const first = (await image({ 'x-ip': '10.0.0.2' })).cookies.find((c) => c.name === IDENTIFY_COOKIE)!.value;
    const second = await image({ cookie: `${IDENTIFY_COOKIE}=${first}`, 'x-ip': '10.0.0.2' });
    const [row] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from identify_codes where id = ${first}`,
    );
    expect(row!.n).toBe(0);
    expect(second.cookies.find((c) => c.name === IDENTIFY_COOKIE)!.value).not.toBe(first);
  });

  it('is rate limited per client address, with the localised message', async () => {
    const answers = [];
    for (let i = 0; i < 7; i++) answers.push(await image({ 'x-ip': '10.0.0.3' }, i % 2 ? 'en_US' : 'zh_CN'));
    expect(answers.slice(0, 5).map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(answers[5]!.statusCode).toBe(429);
    expect(answers[5]!.json()).toMatchObject({
      statusCode: 429,
      message: translate('en_US', 'errors.tooManyRequests'),
    });
    expect(answers[6]!.json().message).toBe(translate('zh_CN', 'errors.tooManyRequests'));
    // Another address is not held back by this one.
    expect((await image({ 'x-ip': '10.0.0.4' })).statusCode).toBe(200);
  });
});

describe('realtime WebSocket origin', () => {
  const open = (token: string, origin?: string) =>
    new Promise<{ status: number; body: string }>((resolve) => {
      const socket = new WebSocket(`ws://127.0.0.1:${port}/api/ws?token=${token}&lang=en_US`, {
        headers: origin ? { origin } : {},
      });
      socket.on('open', () => {
        socket.close();
        resolve({ status: 101, body: '' });
      });
      socket.on('unexpected-response', (_req, res) => {
        let body = '';
        res.on('data', (c: Buffer) => {
          body += c.toString();
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      socket.on('error', () => undefined);
    });

  it("accepts the console's own origin, a listed one and a client without Origin; refuses any other", async () => {
    const token = await t.token();
    expect((await open(token, `http://127.0.0.1:${port}`)).status).toBe(101);
    expect((await open(token, 'https://console.example.com')).status).toBe(101);
    expect((await open(token)).status).toBe(101);
    for (const foreign of ['https://evil.example.com', `http://127.0.0.1:${port + 1}`, 'null']) {
      const refused = await open(token, foreign);
      expect(refused.status, foreign).toBe(403);
      expect(JSON.parse(refused.body)).toMatchObject({
        statusCode: 403,
        code: 'FORBIDDEN_ORIGIN',
        message: translate('en_US', 'errors.forbidden'),
      });
    }
  });
});

describe('the origin rule', () => {
  const guard = originGuard(['https://console.example.com']);
  const from = (origin: string | undefined, host: string) =>
    guard({ headers: origin === undefined ? {} : { origin }, host } as unknown as FastifyRequest);

  it('compares the whole host, or only the name when a proxy passed the name without its port', () => {
    expect(from('http://console.local:8080', 'console.local:8080')).toBe(true);
    expect(from('http://console.local:8081', 'console.local:8080')).toBe(false);
    expect(from('http://console.local:8080', 'console.local')).toBe(true);
    expect(from('http://evil.local', 'console.local')).toBe(false);
    expect(from('https://console.example.com', 'backend:8080')).toBe(true);
    expect(from('https://console.example.com:444', 'backend:8080')).toBe(false);
    expect(from(undefined, 'backend:8080')).toBe(true);
    expect(from('null', 'console.local')).toBe(false);
  });
});

describe('secrets in the database logs', () => {
  it('redacts secret fields and secrets inside text, keeping the rest', () => {
    expect(redactText('/api/home.do?token=abc123&lang=en_US')).toBe(`/api/home.do?token=${REDACTED}&lang=en_US`);
    expect(redactText('Authorization: Bearer abc.def')).toBe(`Authorization: Bearer ${REDACTED}`);
    expect(redactText('{"password":"p4ss","name":"x"}')).toBe(`{"password":"${REDACTED}","name":"x"}`);
    expect(redactText('mqtt://dev:s3cret@broker:1883')).toBe(`mqtt://dev:${REDACTED}@broker:1883`);
    expect(redactValue({ key1: { from: 'a', to: 'b' }, name: 'n', nested: [{ oldPassword: 'x' }] })).toEqual({
      key1: REDACTED,
      name: 'n',
      nested: [{ oldPassword: REDACTED }],
    });
  });

  it('leaves no key1 of a production item in the management log', async () => {
    const token = await t.token();
    const key1 = 'SecretKeyValue0123456789abcdef';
    const created = await t.app.inject({
      method: 'POST',
      url: `/api/biz/productionlib.do?token=${token}`,
      ...form({
        name: '密钥测试',
        no: 'KEYTEST001',
        key1,
        modelId: String(await builtinModelId(t.database.db, 'lcunb')),
        projectId: '1',
      }),
    });
    expect(created.statusCode, created.body).toBe(200);
    const rows = await queryRows<{ text: string }>(
      t.database.db,
      sql`select coalesce(changes::text, '') || summary as text from manage_logs`,
    );
    expect(rows.some((r) => r.text.includes(key1))).toBe(false);
  });
});

describe('secrets in the operation log', () => {
  it('stores a command with its secret arguments and result replaced', async () => {
    const rows: { args: unknown; result: string }[] = [];
    const log = createOperationLogService({
      ...createLogsRepository(t.database.db),
      deviceProject: async () => null,
      addOperate: async (row: { args: unknown; result: string }) => {
        rows.push(row);
        return [{ id: 1 }];
      },
    } as unknown as Parameters<typeof createOperationLogService>[0]);
    await log.record({
      actor: null,
      deviceId: null,
      deviceName: 'Gateway 1',
      command: 'setMqtt',
      args: { url: 'mqtt://dev:s3cretpw@broker:1883', password: 'wifi-pass-1', channel: 3 },
      result: 'ok token=abcdef123456',
      success: true,
      durationMs: 5,
    });
    expect(rows[0]).toMatchObject({
      args: { url: `mqtt://dev:${REDACTED}@broker:1883`, password: REDACTED, channel: 3 },
      result: `ok token=${REDACTED}`,
    });
  });
});
