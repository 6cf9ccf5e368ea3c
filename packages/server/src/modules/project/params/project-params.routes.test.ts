import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCaller, signInWith } from '../../../test/caller.js';
import { createProject } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';

/** Project parameters (spec 001 §7 GET/POST projectparams.do, §5 rules). */
let t: TestApp;
let admin: string;
const call = apiCaller(
  () => t,
  () => admin,
);
let city: { id: number };
let sibling: { id: number };

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.token();
  city = await createProject(t.database.db, 1, ['project']);
  sibling = await createProject(t.database.db, 1, ['project']);
});
afterAll(() => t?.close());

const body = (over: Record<string, string> = {}) => ({
  serverAddress: 'iot.city.example.cn',
  webPort: '8443',
  livePort: '1935',
  mapLng: '118.78',
  mapLat: '32.04',
  mapZoom: '14',
  timezone: '8',
  contactName: '王工',
  contactPhone: '13800138000',
  remark: '',
  ...over,
});

describe('/api/pjts/{projectId}/projectparams.do', () => {
  it('answers the defaults until saved, then what was saved', async () => {
    const before = (await call('GET', `/api/pjts/${city.id}/projectparams.do`)).json();
    expect(before).toMatchObject({ projectId: city.id, saved: false, serverAddress: '127.0.0.1', timezone: 8 });
    const saved = await call('POST', `/api/pjts/${city.id}/projectparams.do`, body());
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ saved: true, webPort: 8443, livePort: 1935, contactName: '王工' });
    const after = (await call('GET', `/api/pjts/${city.id}/projectparams.do`)).json();
    expect(after).toMatchObject({ serverAddress: 'iot.city.example.cn', mapZoom: 14 });
    const ip = await call('POST', `/api/pjts/${city.id}/projectparams.do`, body({ serverAddress: '10.0.0.8' }));
    expect(ip.json().serverAddress).toBe('10.0.0.8');
  });

  it('refuses a bad port or address with the localised message', async () => {
    const en = await call('POST', `/api/pjts/${city.id}/projectparams.do`, body({ webPort: '79' }));
    expect(en.statusCode).toBe(400);
    expect(en.json().errors[0]).toMatchObject({ field: 'webPort', message: 'Allowed range: 80 - 65534.' });
    const zh = await call('POST', `/api/pjts/${city.id}/projectparams.do`, body({ livePort: '65535' }), admin, 'zh_CN');
    expect(zh.json().errors[0].field).toBe('livePort');
    expect(zh.json().message).toMatch(/80 - 65534/);
    const host = await call('POST', `/api/pjts/${city.id}/projectparams.do`, body({ serverAddress: 'http://x.cn' }));
    expect(host.json().message).toBe('Enter a valid IPv4 address or domain');
    const phone = await call(
      'POST',
      `/api/pjts/${city.id}/projectparams.do`,
      body({ contactPhone: '123' }),
      admin,
      'zh_CN',
    );
    expect(phone.json().errors[0].field).toBe('contactPhone');
  });

  it("refuses another project's parameters (404) and a viewer's write (403)", async () => {
    const other = await signInWith(t, sibling.id, { pjtparams: 5 });
    expect((await call('GET', `/api/pjts/${city.id}/projectparams.do`, undefined, other)).statusCode).toBe(404);
    expect((await call('POST', `/api/pjts/${city.id}/projectparams.do`, body(), other)).statusCode).toBe(404);
    const viewer = await signInWith(t, city.id, { pjtparams: 1 });
    expect((await call('GET', `/api/pjts/${city.id}/projectparams.do`, undefined, viewer)).statusCode).toBe(200);
    expect((await call('POST', `/api/pjts/${city.id}/projectparams.do`, body(), viewer)).statusCode).toBe(403);
  });
});
