import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';

/** Issue 12, first load: the console precompressed and cached, API answers compressed when large. */
let t: TestApp;
let dist: string;
const script = `console.log(${JSON.stringify('smart city '.repeat(2000))});\n`;

beforeAll(async () => {
  // A small console build: index.html, one hashed script with its brotli and gzip copies.
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'sc-web-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  const file = path.join(dist, 'assets/index-AbC123.js');
  fs.writeFileSync(file, script);
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(script));
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(script));
  t = await createTestApp(
    { WEB_DIST: dist },
    {
      extraRoutes: (app) =>
        app.get('/test/export.csv', (_req, reply) =>
          reply
            .header('content-type', 'text/csv; charset=utf-8')
            .header('content-disposition', 'attachment; filename="export.csv"')
            .send(`\uFEFFno,name\r\n${Array.from({ length: 2000 }, (_, i) => `${i},device ${i}`).join('\r\n')}`),
        ),
    },
  );
});

afterAll(async () => {
  await t.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

const asset = (encoding?: string) =>
  t.app.inject({
    method: 'GET',
    url: '/assets/index-AbC123.js',
    headers: encoding ? { 'accept-encoding': encoding } : {},
  });

describe('the console precompressed', () => {
  it('sends the brotli copy to a client that accepts it, cached for a year', async () => {
    const res = await asset('gzip, deflate, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(script);
  });

  it('sends the gzip copy to a gzip-only client and the file itself to others', async () => {
    const gz = await asset('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(script);
    const plain = await asset();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.body).toBe(script);
  });

  it('revalidates index.html, at its path and at every route of the console', async () => {
    for (const url of ['/index.html', '/index', '/man/manmain']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
    }
  });
});

describe('API answers compressed when large', () => {
  it('compresses a large JSON answer for a client that accepts it', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/docs/json',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    const body = zlib.brotliDecompressSync(res.rawPayload);
    expect(res.rawPayload.length).toBeLessThan(body.length / 4);
    expect(JSON.parse(body.toString()).openapi).toBeTruthy();

    const gz = await t.app.inject({ method: 'GET', url: '/api/docs/json', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(gz.rawPayload).toString()).openapi).toBeTruthy();
  });

  it('leaves small answers and clients without compression alone', async () => {
    const small = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'accept-encoding': 'br, gzip' } });
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
    const plain = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json().openapi).toBeTruthy();
  });

  it('keeps a file download a download, its content intact', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/test/export.csv',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['content-disposition']).toBe('attachment; filename="export.csv"');
    const text = zlib.gunzipSync(res.rawPayload).toString();
    expect(text.startsWith('\uFEFFno,name\r\n0,device 0')).toBe(true);
    expect(text.endsWith('1999,device 1999')).toBe(true);
  });
});

/** Issue 30, the front door: both answers were right once and broke unnoticed. */
describe('the front door', () => {
  it('sends / to the console (spec 000 §2: / redirects to /index), never an error', async () => {
    for (const method of ['GET', 'HEAD'] as const) {
      const res = await t.app.inject({ method, url: '/' });
      expect(res.statusCode, method).toBe(302);
      expect(res.headers.location, method).toBe('/index');
    }
    const page = await t.app.inject({ method: 'GET', url: '/index' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<div id="root">');
  });

  it('shows the console for a folder of the build, not a 403', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
  });

  it('answers 404 for an unknown API path and 405 only for a known path with another verb', async () => {
    for (const url of ['/api/no-such-thing.do', '/api/no/such/thing', '/code/nothing.do']) {
      const res = await t.app.inject({ method: 'GET', url: `${url}?lang=en_US` });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual({ statusCode: 404, code: 'NOT_FOUND', message: expect.any(String) });
    }
    const wrongVerb = await t.app.inject({ method: 'DELETE', url: '/api/users.do?lang=en_US' });
    expect(wrongVerb.statusCode).toBe(405);
    expect(wrongVerb.headers.allow).toMatch(/GET/);
  });
});
