import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('security headers', () => {
  it('are on API answers, errors included, with the content security policy of app.ts', async () => {
    for (const url of ['/api/pub/runningparams.do', '/api/menus.do']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
      expect(res.headers['content-security-policy']).toContain("connect-src 'self' ws: wss:");
      expect(res.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(res.headers['strict-transport-security']).toContain('max-age=');
      expect(res.headers['x-powered-by']).toBeUndefined();
    }
  });
});

describe('the fast paths (http/fast-paths.ts)', () => {
  it('send the same security headers as every other answer', async () => {
    t.app.fastPaths!.get('/api/pub/fast-path-test/', (rest) =>
      rest === 'x' ? { body: Buffer.from('found'), headers: { 'content-type': 'text/plain' } } : null,
    );
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const fast = await fetch(`${base}/api/pub/fast-path-test/x`);
    expect(fast.status).toBe(200);
    expect(await fast.text()).toBe('found');
    const routed = await fetch(`${base}/api/pub/runningparams.do`);
    for (const name of [
      'content-security-policy',
      'x-content-type-options',
      'x-frame-options',
      'strict-transport-security',
    ])
      expect(fast.headers.get(name), name).toBe(routed.headers.get(name));
    expect(fast.headers.get('x-powered-by')).toBeNull();
    // Not found by the fast path: fastify's 404.
    expect((await fetch(`${base}/api/pub/fast-path-test/y`)).status).toBe(404);
  });
});
