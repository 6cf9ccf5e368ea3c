import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createSettingsRepository } from './settings.repository.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ MAP_TILE_URL: 'http://tiles.example.local/{z}/{x}/{y}.png' });
});
afterAll(() => t.close());

describe('GET /api/pub/runningparams.do', () => {
  it('answers the parameters the console needs before sign-in, without a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/pub/runningparams.do' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      version: 'V6.3.01',
      defaultLang: 'zh_CN',
      timezone: 8,
      identifyCode: true,
      map: { lng: 119.50081, lat: 32.1692833, zoom: 18, tileUrl: 'http://tiles.example.local/{z}/{x}/{y}.png' },
      pageSize: 25,
      logPageSize: 50,
      parentListSize: 1000,
      requestTimeout: 300000,
      liveHeartbeat: 3,
      watermark: { enabled: false, text: '' },
      policyUnitsMax: 5,
    });
  });

  it('reflects a changed setting without a restart', async () => {
    const repository = createSettingsRepository(t.database.db);
    await repository.upsert('pageSize', 50);
    await repository.upsert('watermarkEnabled', true);
    await repository.upsert('policyUnitsMax', 3);
    await new Promise((r) => setTimeout(r, 3100)); // the settings cache lives 3 s
    const body = (await t.app.inject({ method: 'GET', url: '/api/pub/runningparams.do' })).json();
    expect(body.pageSize).toBe(50);
    expect(body.watermark.enabled).toBe(true);
    // The policy forms check units against it (the server checks the same setting).
    expect(body.policyUnitsMax).toBe(3);
  });
});

describe('GET /api/health', () => {
  it('answers ok when the database answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.json()).toEqual({ status: 'ok' });
  });
});
