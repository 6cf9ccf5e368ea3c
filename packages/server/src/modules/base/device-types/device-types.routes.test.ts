import { UPLOAD_LIMITS } from '@sc/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceModels, devices, manageLogs } from '../../../db/schema/index.js';
import { apiCaller } from '../../../test/caller.js';
import { createRole, createUser, queryRows } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';

let t: TestApp;
let admin: string;
let viewer: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.token();
  const user = await createUser(t.database.db, (await createRole(t.database.db, 1, { devicetypelist: 1 })).id);
  viewer = await t.token(user.name, user.password);
});
afterAll(() => t.close());

const call = apiCaller(
  () => t,
  () => admin,
);

/** A multipart body with one file field `file`, as the console's upload sends it. */
function upload(id: number, bytes: Buffer, filename: string, mime: string, token = admin, lang = 'en_US') {
  const boundary = '----scboundary7MA4YWxk';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${mime}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.app.inject({
    method: 'PUT',
    url: `/api/bas/devicetypes.do/${id}/icon?token=${token}&lang=${lang}`,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
}

/** A real 1x1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
/** A PNG header (signature, IHDR) of `width` × `height` pixels: enough for the size check. */
const pngOf = (width: number, height: number) => {
  const png = Buffer.from(PNG);
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  return png;
};
/** A JFIF JPEG's start (SOI, APP0), a baseline frame header (SOF0) of `width` × `height`, its end. */
const jpegOf = (width: number, height: number) =>
  Buffer.concat([
    Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
    Buffer.from('JFIF\0'),
    Buffer.alloc(9, 1),
    Buffer.from([0xff, 0xc0, 0x00, 0x11, 0x08, height >> 8, height & 0xff, width >> 8, width & 0xff, 0x03]),
    Buffer.alloc(9, 1),
    Buffer.alloc(64, 1),
    Buffer.from([0xff, 0xd9]),
  ]);
const JPEG = jpegOf(32, 32);

let seq = 0;
const valid = (extra: Record<string, string> = {}) => ({
  name: `自定义类型${++seq}`,
  no: `TYPE-${seq}-${Date.now() % 100000}`,
  ...extra,
});

describe('/api/bas/devicetypes.do', () => {
  it('lists the built-in types and pages them by keyword', async () => {
    const list = (await call('GET', '/api/bas/devicetypes.do')).json();
    expect(list.length).toBeGreaterThanOrEqual(15);
    expect(list.find((x: { no: string }) => x.no === 'lighting')).toMatchObject({
      builtin: true,
      icon: null,
      deviceCount: 0,
    });
    const page = (await call('GET', '/api/bas/devicetypes.do/pages?keyword=envmonitor')).json();
    expect(page).toMatchObject({ total: 1, page: 1 });
    expect(page.list[0].no).toBe('envmonitor');
  });

  it('creates, reads, updates and deletes a type, and logs each write', async () => {
    const created = await call('POST', '/api/bas/devicetypes.do', valid());
    expect(created.statusCode).toBe(200);
    const type = created.json();
    expect(type).toMatchObject({ builtin: false, icon: null, deviceCount: 0 });
    expect((await call('GET', `/api/bas/devicetypes.do/${type.id}`)).json().no).toBe(type.no);
    const updated = await call('PUT', `/api/bas/devicetypes.do/${type.id}`, { name: '新名称类型', no: `${type.no}X` });
    expect(updated.json()).toMatchObject({ name: '新名称类型', no: `${type.no}X` });
    expect((await call('DELETE', `/api/bas/devicetypes.do/${type.id}`)).json()).toEqual({ ok: true });
    expect((await call('GET', `/api/bas/devicetypes.do/${type.id}`)).statusCode).toBe(404);
    const logs = await t.database.db
      .select()
      .from(manageLogs)
      .where(eq(manageLogs.entityId, String(type.id)));
    const mine = logs.filter((l) => l.entity === 'deviceType');
    expect(mine.map((l) => l.action).sort()).toEqual(['create', 'delete', 'update']);
    expect(mine.find((l) => l.action === 'update')!.changes).toMatchObject({ name: { to: '新名称类型' } });
  });

  it('validates name and no in the caller language', async () => {
    const en = await call('POST', '/api/bas/devicetypes.do', { name: 'x', no: '' });
    expect(en.statusCode).toBe(400);
    expect(en.json().errors).toEqual(
      expect.arrayContaining([
        { field: 'name', message: '3-25 characters' },
        { field: 'no', message: 'Required' },
      ]),
    );
    const zh = await call('POST', '/api/bas/devicetypes.do', { name: 'x', no: 'abc' }, admin, 'zh_CN');
    expect(zh.json().errors).toEqual([{ field: 'name', message: '3-25 个字符' }]);
  });

  it('refuses a duplicate number (409 on no)', async () => {
    const res = await call('POST', '/api/bas/devicetypes.do', valid({ no: 'camera' }));
    expect(res.statusCode).toBe(409);
    expect(res.json().errors).toEqual([{ field: 'no', message: 'The number is already used' }]);
  });

  it('keeps the number of a built-in type and never deletes one', async () => {
    const lighting = (await call('GET', '/api/bas/devicetypes.do'))
      .json()
      .find((x: { no: string }) => x.no === 'lighting');
    const renamed = await call('PUT', `/api/bas/devicetypes.do/${lighting.id}`, { name: '路灯控制器', no: 'lighting' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().name).toBe('路灯控制器');
    const res = await call('PUT', `/api/bas/devicetypes.do/${lighting.id}`, { name: '路灯控制器', no: 'lamps' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ field: 'no', message: 'The number of a built-in item cannot be changed' }]);
    const del = await call('DELETE', `/api/bas/devicetypes.do/${lighting.id}`, undefined, admin, 'zh_CN');
    expect(del.statusCode).toBe(409);
    expect(del.json().message).toBe('内置数据不能删除');
  });

  it('refuses deleting a type that models or devices use, naming the counts', async () => {
    const type = (await call('POST', '/api/bas/devicetypes.do', valid())).json();
    const [model] = await t.database.db
      .insert(deviceModels)
      .values({ name: 'M', no: `M${type.no}`, typeNo: type.no, factoryId: 1 })
      .returning();
    await t.database.db.insert(devices).values({ name: 'D', no: `D${type.no}`, type: type.no, projectId: 1 });
    const res = await call('DELETE', `/api/bas/devicetypes.do/${type.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('The device type is still in use (devices: 1, models: 1): it cannot be deleted');
    expect((await call('GET', `/api/bas/devicetypes.do/${type.id}`)).json().deviceCount).toBe(1);
    await t.database.db.delete(devices).where(eq(devices.type, type.no));
    await t.database.db.delete(deviceModels).where(eq(deviceModels.id, model!.id));
    expect((await call('DELETE', `/api/bas/devicetypes.do/${type.id}`)).statusCode).toBe(200);
  });

  it('lets a view-only role read but not write (403)', async () => {
    expect((await call('GET', '/api/bas/devicetypes.do', undefined, viewer)).statusCode).toBe(200);
    expect((await call('POST', '/api/bas/devicetypes.do', valid(), viewer)).statusCode).toBe(403);
    expect(
      (await call('PUT', '/api/bas/devicetypes.do/1', { name: '摄像机类型', no: 'camera' }, viewer)).statusCode,
    ).toBe(403);
    expect((await call('DELETE', '/api/bas/devicetypes.do/1', undefined, viewer)).statusCode).toBe(403);
    expect((await upload(1, PNG, 'a.png', 'image/png', viewer)).statusCode).toBe(403);
  });
});

describe('/api/bas/devicetypes.do/:id/icon', () => {
  it('stores a PNG, serves it with its type and caching headers, and bumps the version', async () => {
    const type = (await call('POST', '/api/bas/devicetypes.do', valid())).json();
    expect((await call('GET', `/api/bas/devicetypes.do/${type.id}/icon`)).statusCode).toBe(404);
    const res = await upload(type.id, PNG, 'icon.png', 'image/png');
    expect(res.statusCode).toBe(200);
    expect(res.json().icon).toBe(`/api/bas/devicetypes.do/${type.id}/icon?v=1`);
    const icon = await call('GET', res.json().icon, undefined, viewer);
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toBe('image/png');
    expect(icon.headers['cache-control']).toBe('private, max-age=86400');
    expect(icon.headers['x-content-type-options']).toBe('nosniff');
    expect(icon.rawPayload.equals(PNG)).toBe(true);

    const jpeg = await upload(type.id, JPEG, 'photo.jpg', 'image/jpeg');
    expect(jpeg.json().icon).toBe(`/api/bas/devicetypes.do/${type.id}/icon?v=2`);
    const served = await call('GET', `/api/bas/devicetypes.do/${type.id}/icon`);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.rawPayload.equals(JPEG)).toBe(true);
    const [log] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from manage_logs where entity = 'deviceType' and entity_id = ${String(type.id)} and action = 'update'`,
    );
    expect(log!.n).toBe(2);
  });

  it('refuses a file that only claims to be a PNG (by content), in both languages', async () => {
    const type = (await call('POST', '/api/bas/devicetypes.do', valid())).json();
    const fake = Buffer.from('<html><script>alert(1)</script></html>');
    const en = await upload(type.id, fake, 'evil.png', 'image/png');
    expect(en.statusCode).toBe(400);
    expect(en.json()).toMatchObject({ message: 'The icon must be JPG or PNG', errors: [{ field: 'file' }] });
    const zh = await upload(type.id, fake, 'evil.png', 'image/png', admin, 'zh_CN');
    expect(zh.json().message).toBe('图标只能是 jpg 或 png');
    expect((await call('GET', `/api/bas/devicetypes.do/${type.id}`)).json().icon).toBeNull();
  });

  it('refuses an image over 1024 x 1024 pixels by its header, in both languages (issue 30)', async () => {
    const type = (await call('POST', '/api/bas/devicetypes.do', valid())).json();
    // 48 KB on disk, 20,000 x 20,000 pixels once decoded.
    const huge = Buffer.concat([pngOf(20_000, 20_000), Buffer.alloc(48 * 1024 - PNG.length, 0)]);
    const en = await upload(type.id, huge, 'huge.png', 'image/png');
    expect(en.statusCode).toBe(400);
    expect(en.json()).toMatchObject({
      message: 'The icon must be at most 1024 × 1024 pixels',
      errors: [{ field: 'file' }],
    });
    const zh = await upload(type.id, jpegOf(1024, 1025), 'tall.jpg', 'image/jpeg', admin, 'zh_CN');
    expect(zh.statusCode).toBe(400);
    expect(zh.json().message).toBe('图标不能超过 1024 × 1024 像素');
    expect((await upload(type.id, pngOf(2000, 10), 'wide.png', 'image/png')).statusCode).toBe(400);
    // A JPEG whose frame header cannot be found is no image we can size.
    const headless = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), Buffer.alloc(64, 1)]);
    expect((await upload(type.id, headless, 'odd.jpg', 'image/jpeg')).statusCode).toBe(400);
    expect((await call('GET', `/api/bas/devicetypes.do/${type.id}`)).json().icon).toBeNull();
    expect((await upload(type.id, pngOf(1024, 1024), 'max.png', 'image/png')).statusCode).toBe(200);
    expect((await upload(type.id, jpegOf(1024, 768), 'max.jpg', 'image/jpeg')).statusCode).toBe(200);
  });

  it('refuses an icon over 100KB', async () => {
    const type = (await call('POST', '/api/bas/devicetypes.do', valid())).json();
    const big = Buffer.concat([PNG, Buffer.alloc(UPLOAD_LIMITS.icon, 0)]);
    const res = await upload(type.id, big, 'big.png', 'image/png');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The icon must be under 100KB');
    expect((await call('GET', `/api/bas/devicetypes.do/${type.id}`)).json().icon).toBeNull();
  });

  it('refuses an icon of exactly 100KB (102,400 bytes) as the console does, and takes one byte less', async () => {
    const type = (await call('POST', '/api/bas/devicetypes.do', valid())).json();
    const sized = (n: number) => Buffer.concat([PNG, Buffer.alloc(n - PNG.length, 0)]);
    const exact = await upload(type.id, sized(UPLOAD_LIMITS.icon), 'exact.png', 'image/png');
    expect(exact.statusCode).toBe(400);
    expect(exact.json().message).toBe('The icon must be under 100KB');
    const under = await upload(type.id, sized(UPLOAD_LIMITS.icon - 1), 'under.png', 'image/png');
    expect(under.statusCode).toBe(200);
  });

  it('answers a truncated or malformed multipart body with 400 and a localised message', async () => {
    const type = (await call('POST', '/api/bas/devicetypes.do', valid())).json();
    const boundary = '----scboundaryTrunc';
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`;
    const bodies: [string, string | Buffer][] = [
      [`multipart/form-data; boundary=${boundary}`, Buffer.concat([Buffer.from(head), PNG])],
      [`multipart/form-data; boundary=${boundary}`, `--${boundary}\r\nContent-Disposition: form-data\r\n`],
      [`multipart/form-data; boundary=${boundary}`, 'garbage'],
      ['multipart/form-data', `--x\r\n${head}`],
      [`multipart/form-data; boundary=${'b'.repeat(300)}`, 'x'],
    ];
    for (const [contentType, payload] of bodies) {
      for (const lang of ['en_US', 'zh_CN']) {
        const res = await t.app.inject({
          method: 'PUT',
          url: `/api/bas/devicetypes.do/${type.id}/icon?token=${admin}&lang=${lang}`,
          headers: { 'content-type': contentType },
          payload,
        });
        expect(res.statusCode, `${contentType} ${String(payload).slice(0, 40)}`).toBeGreaterThanOrEqual(400);
        expect(res.statusCode).toBeLessThan(500);
        expect(res.json().message).toMatch(lang === 'en_US' ? /^[\x20-\x7e]+$/ : /[\u4e00-\u9fa5]/);
      }
    }
  });

  it('asks for a file when the request carries none, and 404s an unknown type', async () => {
    const res = await call('PUT', '/api/bas/devicetypes.do/1/icon');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Choose a jpg or png icon file');
    expect((await upload(999999, PNG, 'a.png', 'image/png')).statusCode).toBe(404);
  });
});
