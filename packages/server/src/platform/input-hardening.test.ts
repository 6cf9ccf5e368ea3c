import type { AddressInfo } from 'node:net';
import { translate } from '@sc/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRequest } from '../test/raw-http.js';
import { createTestApp, form, TEST_CODE, type TestApp } from '../test/test-app.js';

/** Issue 11 "No 500 and no raw framework error on any input". */
let t: TestApp;
let admin: string;
let port: number;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.token();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t.close());

const LANGS = [
  ['en_US', 'en-US'],
  ['zh_CN', 'zh-CN'],
] as const;

/** The catalogue's shape with the message of `key` in `lang`. */
function expectCatalogue(body: unknown, status: number, lang: 'en_US' | 'zh_CN', key: string) {
  expect(body).toMatchObject({ statusCode: status, code: expect.any(String), message: translate(lang, key) });
}

describe('invalid text in any value', () => {
  it('refuses a NUL in the anonymous sign-in (form and JSON) as invalid input, in both languages', async () => {
    for (const [lang] of LANGS) {
      const cookie = await t.identifyCookie();
      const asForm = await t.app.inject({
        method: 'POST',
        url: `/api/login.do?lang=${lang}`,
        headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ account: 'adm\u0000in', password: 'x', identifyCode: TEST_CODE }).toString(),
      });
      expect(asForm.statusCode).toBe(400);
      expectCatalogue(asForm.json(), 400, lang, 'errors.invalidText');
      expect(asForm.json().errors).toEqual([{ field: 'account', message: translate(lang, 'errors.invalidText') }]);
      const asJson = await t.app.inject({
        method: 'POST',
        url: `/api/login.do?lang=${lang}`,
        headers: { cookie },
        payload: { account: 'admin', password: 'a\u0000b', identifyCode: TEST_CODE },
      });
      expect(asJson.statusCode).toBe(400);
      expectCatalogue(asJson.json(), 400, lang, 'errors.invalidText');
    }
  });

  it('refuses NUL, control characters and lone surrogates in queries, path parameters and nested bodies', async () => {
    const cases = [
      { method: 'GET' as const, url: `/api/biz/devices.do?name=%00&token=${admin}` },
      { method: 'GET' as const, url: `/api/biz/devices.do?name=a%01b&token=${admin}` },
      { method: 'GET' as const, url: `/api/pjts/1/devices.do/types/%00/models?token=${admin}` },
      { method: 'POST' as const, url: `/api/bas/devicetypes.do?token=${admin}`, ...form({ name: 'ab\u0000c' }) },
      {
        method: 'POST' as const,
        url: `/api/bas/devicetypes.do?token=${admin}`,
        payload: { name: ['x', { y: '\u001b' }] },
      },
      { method: 'POST' as const, url: `/api/bas/devicetypes.do?token=${admin}`, payload: { 'n\u0000': 'x' } },
      {
        method: 'POST' as const,
        url: `/api/bas/devicetypes.do?token=${admin}`,
        headers: { 'content-type': 'application/json' },
        payload: '{"name":"a\\ud800b"}',
      },
    ];
    for (const c of cases) {
      for (const [lang] of LANGS) {
        const res = await t.app.inject({ ...c, url: `${c.url}&lang=${lang}` });
        expect(res.statusCode, c.url).toBe(400);
        expectCatalogue(res.json(), 400, lang, 'errors.invalidText');
      }
    }
  });

  it('keeps tabs, line breaks and every printable language', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/biz/devices.do?name=${encodeURIComponent('路灯\t😀\r\n')}&token=${admin}`,
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('framework errors speak the catalogue', () => {
  it('invalid JSON, an unsupported media type and a body over the limit', async () => {
    for (const [lang] of LANGS) {
      const url = `/api/bas/devicetypes.do?token=${admin}&lang=${lang}`;
      const json = await t.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/json' },
        payload: '{"name":',
      });
      expect(json.statusCode).toBe(400);
      expectCatalogue(json.json(), 400, lang, 'errors.invalidJson');
      const media = await t.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'text/xml' },
        payload: '<a/>',
      });
      expect(media.statusCode).toBe(415);
      expectCatalogue(media.json(), 415, lang, 'errors.unsupportedMedia');
      const big = await rawRequest(
        port,
        `POST ${url} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${13 * 1024 * 1024}\r\n\r\n{}`,
      );
      expect(big.status).toBe(413);
      expectCatalogue(JSON.parse(big.body), 413, lang, 'errors.payloadTooLarge');
    }
  });

  it('a path parameter over the router limit (414) and a malformed URL (400)', async () => {
    for (const [lang] of LANGS) {
      const long = await t.app.inject({ method: 'GET', url: `/api/biz/devices.do/${'9'.repeat(500)}?lang=${lang}` });
      expect(long.statusCode).toBe(414);
      expectCatalogue(long.json(), 414, lang, 'errors.uriTooLong');
      const bad = await rawRequest(port, `GET /api/biz/devices.do/%zz?lang=${lang} HTTP/1.1\r\nHost: x\r\n\r\n`);
      expect(bad.status).toBe(400);
      expectCatalogue(JSON.parse(bad.body), 400, lang, 'errors.badRequest');
    }
  });

  it("Node's HTTP parser: a request line too long (414), headers too large (431), a bad header byte (400)", async () => {
    for (const [lang] of LANGS) {
      const longLine = await rawRequest(port, `GET /api/home.do?lang=${lang}&x=${'a'.repeat(20_000)} HTTP/1.1\r\n\r\n`);
      expect(longLine.status).toBe(414);
      expectCatalogue(JSON.parse(longLine.body), 414, lang, 'errors.uriTooLong');
      const bigHeader = await rawRequest(
        port,
        `GET /api/home.do?lang=${lang} HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
      );
      expect(bigHeader.status).toBe(431);
      expectCatalogue(JSON.parse(bigHeader.body), 431, lang, 'errors.headersTooLarge');
      const badByte = await rawRequest(
        port,
        `GET /api/home.do?lang=${lang} HTTP/1.1\r\nHost: x\r\nX-Bad: a\u0000b\r\n\r\n`,
      );
      expect(badByte.status).toBe(400);
      expectCatalogue(JSON.parse(badByte.body), 400, lang, 'errors.badRequest');
      expect(badByte.headers['content-length']).toBe(String(Buffer.byteLength(badByte.body)));
    }
  });

  it('an unknown 4xx status of a framework error keeps its status with the catalogue shape', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/bas/devicetypes.do/1/icon?token=${admin}&lang=en_US`,
      headers: { 'content-type': 'multipart/form-data; boundary=zz' },
      payload:
        '--zz\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--zz\r\nContent-Disposition: form-data; name="b"\r\n\r\n',
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json()).toMatchObject({ statusCode: res.statusCode, message: expect.any(String) });
  });
});
