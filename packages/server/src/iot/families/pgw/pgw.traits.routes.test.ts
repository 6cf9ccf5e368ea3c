import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInWith } from '../../../test/caller.js';
import { createIotDevice, createProject, queryRows } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { connectTestDevice, eventually } from '../../test-device.js';
import { upgradeDone } from '../kit/test-fixtures.js';

/**
 * The calls a power-line gateway gets by listing the kit's traits (spec 001 §7 "mtc and pgw"): version,
 * comm args, peripherals, location and firmware, with no code of its own.
 */
let t: TestApp;
let admin: string;
let port: number;
const base = '/api/pjts/1/iot/pgw';
type Device = Awaited<ReturnType<typeof createIotDevice>>;

beforeAll(async () => {
  t = await createTestApp({}, { mqtt: true });
  admin = await t.token();
  port = t.app.iot.broker()!.port;
  await t.database.db.execute(
    sql`insert into web_params (key, value) values ('httpTimeout', '2'), ('commandAttempts', '1') on conflict (key) do update set value = excluded.value`,
  );
});
afterAll(() => t.close());

const gateway = () => createIotDevice(t.database.db, { type: 'pgw', modelNo: 'plcgweth', props: { wireNo: 'L1' } });
const call = (method: 'GET' | 'PUT' | 'POST', url: string, body?: unknown, lang = 'en_US', as = admin) =>
  t.app.inject({
    method,
    url: `${url}?token=${as}&lang=${lang}`,
    ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
  });

async function online(device: Device, answer: Parameters<typeof connectTestDevice>[3] = () => ({ ok: true })) {
  const client = await connectTestDevice(port, device.equipmentId, device.key1, answer);
  await client.publish('heartbeat', {});
  await eventually(
    () => queryRows(t.database.db, sql`select active_state from devices where id = ${device.id}`),
    (r) => r[0]?.active_state === 1,
  );
  await t.app.iot.resent();
  return client;
}

const image = (size: number, head = 'PGWFPGW2.1.04') => {
  const bytes = Buffer.alloc(size, 5);
  bytes.write(head, 0, 'latin1');
  return bytes;
};
const upload = (id: number, name: string, bytes: Buffer, lang = 'en_US') => {
  const boundary = '----pgw';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  return t.app.inject({
    method: 'POST',
    url: `${base}/${id}/firmware?token=${admin}&lang=${lang}`,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([head, bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
  });
};

describe('power-line gateway traits', () => {
  it('reads the version from the gateway', async () => {
    const gw = await gateway();
    const client = await online(gw, (r) =>
      r.command === 'version' ? { ok: true, result: { version: 'PGW2.0.01' } } : { ok: true },
    );
    const res = await call('POST', `${base}/${gw.id}/version`);
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toEqual({ version: 'PGW2.0.01' });
    await client.close();
  });

  it('stores comm args with their ranges, tells a connected gateway, and resends them when it comes back', async () => {
    const gw = await gateway();
    const defaults = (await call('GET', `${base}/${gw.id}/comm`)).json();
    expect(defaults).toMatchObject({ up: { heartbeat: 60 }, down: { baudRate: 9600 }, updatedAt: null });

    const bad = await call('PUT', `${base}/${gw.id}/comm`, { up: { heartbeat: 5 } }, 'zh_CN');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields?.[0]?.field ?? bad.json().errors?.[0]?.field).toContain('heartbeat');
    expect(bad.json().message).toMatch(/[\u4e00-\u9fff]/);

    const offline = await call('PUT', `${base}/${gw.id}/comm`, { up: { heartbeat: 120 }, down: { baudRate: 19200 } });
    expect(offline.statusCode).toBe(200);
    expect(offline.json()).toMatchObject({ up: { heartbeat: 120 }, down: { baudRate: 19200 }, delivered: false });
    expect((await call('GET', `${base}/${gw.id}/comm`)).json()).toMatchObject({ up: { heartbeat: 120 } });

    // Coming online it is sent the stored comm args (the stored-settings trait's round).
    const client = await online(gw);
    expect(client.received.find((r) => r.command === 'comm')?.args).toMatchObject({ up: { heartbeat: 120 } });
    const told = await call('PUT', `${base}/${gw.id}/comm`, { up: { heartbeat: 90 } });
    expect(told.json().delivered).toBe(true);
    await client.close();
  });

  it('stores peripherals, refusing a repeated index in the caller language', async () => {
    const gw = await gateway();
    const meter = {
      index: 1,
      name: 'meter',
      kind: 'meter',
      protocol: 'dlt645',
      port: 1,
      stationAddress: 3,
      addressType: 'holding',
      transferType: 'rtu',
      registerStart: 0,
    };
    const twice = await call('PUT', `${base}/${gw.id}/peripherals`, { peripherals: [meter, meter] }, 'zh_CN');
    expect(twice.statusCode).toBe(400);
    expect(JSON.stringify(twice.json())).toContain('外设序号不能重复');
    const ok = await call('PUT', `${base}/${gw.id}/peripherals`, { peripherals: [meter] });
    expect(ok.statusCode).toBe(200);
    expect((await call('GET', `${base}/${gw.id}/peripherals`)).json().peripherals).toEqual([
      { ...meter, registerCount: 1 },
    ]);
  });

  it('sets the location within the coordinate ranges', async () => {
    const gw = await gateway();
    expect((await call('PUT', `${base}/${gw.id}/location`, { lng: 200, lat: 30 })).statusCode).toBe(400);
    const ok = await call('PUT', `${base}/${gw.id}/location`, { lng: 121.47, lat: 31.23 });
    expect(ok.json()).toEqual({ id: gw.id, lng: 121.47, lat: 31.23 });
    const [row] = await queryRows(t.database.db, sql`select lng, lat from devices where id = ${gw.id}`);
    expect(row).toEqual({ lng: 121.47, lat: 31.23 });
  });

  it('checks a firmware file against the gateway spec and sends a good one in chunks; offline refused', async () => {
    const gw = await gateway();
    expect((await upload(gw.id, 'gw.bin', image(4096))).statusCode).toBe(409);
    const client = await online(gw);
    const cabinetImage = await upload(gw.id, 'gw.bin', image(4096, 'MTCFMTC1.3.00'), 'zh_CN');
    expect(cabinetImage.statusCode).toBe(400);
    expect(cabinetImage.json().message).toBe('不是该设备的固件：文件头缺少 PGWF 标识和 PGWx.x.xx 版本');
    expect((await upload(gw.id, 'gw.exe', image(4096))).json().message).toBe('The firmware file must be a .bin file');
    const ok = await upload(gw.id, 'gw.bin', image(70 * 1024));
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ version: 'PGW2.1.04', total: 3, state: 'running' });
    const done = await upgradeDone(() => call('GET', `${base}/${gw.id}/firmware`));
    expect(done).toMatchObject({ sent: 3, percent: 100 });
    expect(client.received.filter((r) => r.command === 'upgrade').map((r) => r.args.index)).toEqual([0, 1, 2]);
    await client.close();
  });

  it("hands the gateway its lamps' policies: on asking, told now to a connected one, and when it comes back", async () => {
    const db = t.database.db;
    const gw = await gateway();
    const lit = await createIotDevice(db, { type: 'lighting', modelNo: 'lcuplc', parentId: gw.id });
    await db.execute(sql`update devices set lng = 118.8, lat = 32.1 where id = ${lit.id}`);
    const plain = await createIotDevice(db, { type: 'lighting', modelNo: 'lcuplc', parentId: gw.id });
    const policy = {
      name: 'Night',
      no: `PGW-P${gw.id}`,
      units: [
        { type: 'on', start: { kind: 'sunset', offset: 15 } },
        { type: 'off', start: { kind: 'sunrise', offset: -10 } },
      ],
      cycle: { mode: 'everyday' },
    };
    const created = (await call('POST', '/api/pjts/1/iot/lighting/policies', policy)).json();
    expect(
      (await call('POST', `/api/pjts/1/iot/lighting/policies/${created.id}/use`, { lampIds: [lit.id] })).statusCode,
    ).toBe(200);

    // Away: nothing is told, and the caller hears so.
    expect((await call('POST', `${base}/${gw.id}/childpolicies`)).json()).toEqual({
      devices: 2,
      scheduled: 1,
      delivered: false,
    });
    // Coming back: after its lamps, their policies (one with its place and the policy, one with none).
    const client = await online(gw);
    const sent = client.received.find((r) => r.command === 'childpolicies');
    expect(client.received.map((r) => r.command).slice(-2)).toEqual(['addchildren', 'childpolicies']);
    expect(sent?.args.devices).toHaveLength(2);
    expect(sent?.args.devices).toEqual(
      expect.arrayContaining([
        {
          device: lit.equipmentId,
          timezone: 8,
          lng: 118.8,
          lat: 32.1,
          policies: [
            expect.objectContaining({ id: created.id, no: policy.no, inUse: true, cycle: { mode: 'everyday' } }),
          ],
        },
        { device: plain.equipmentId, timezone: 8, lng: null, lat: null, policies: [] },
      ]),
    );
    // Asked while connected: told now.
    const res = await call('POST', `${base}/${gw.id}/childpolicies`);
    expect(res.json()).toEqual({ devices: 2, scheduled: 1, delivered: true });
    expect(client.received.filter((r) => r.command === 'childpolicies')).toHaveLength(2);
    // The operation log names the lamps told; their policies stay the lighting family's records.
    const logged = await queryRows<{ args: unknown }>(
      db,
      sql`select args from operate_logs where device_id = ${gw.id} and command = 'childpolicies' order by id`,
    );
    // Asked while away (offline), sent when it came back, asked while connected.
    const told = { devices: expect.arrayContaining([lit.equipmentId, plain.equipmentId]) };
    expect(logged.map((r) => (typeof r.args === 'string' ? JSON.parse(r.args) : r.args))).toEqual([told, told, told]);
    await client.close();
  });

  it("refuses another project's caller and a viewer's writes", async () => {
    const gw = await gateway();
    const other = await createProject(t.database.db, 1, ['pgw']);
    const outsider = await signInWith(t, other.id, { pjtdevicepgwlist: 5 });
    for (const path of ['comm', 'peripherals', 'firmware']) {
      expect((await call('GET', `${base}/${gw.id}/${path}`, undefined, 'en_US', outsider)).statusCode, path).toBe(404);
      expect(
        (await call('GET', `/api/pjts/${other.id}/iot/pgw/${gw.id}/${path}`, undefined, 'en_US', outsider)).statusCode,
        path,
      ).toBe(404);
    }
    const put = (as: string) => call('PUT', `${base}/${gw.id}/location`, { lng: 1, lat: 1 }, 'en_US', as);
    expect((await put(outsider)).statusCode).toBe(404);
    const viewer = await signInWith(t, 1, { pjtdevicepgwlist: 1 });
    expect((await call('GET', `${base}/${gw.id}/comm`, undefined, 'en_US', viewer)).statusCode).toBe(200);
    expect((await put(viewer)).statusCode).toBe(403);
    // Handing over the lamps' policies is a write too: the viewer is refused, the outsider finds no gateway.
    expect((await call('POST', `${base}/${gw.id}/childpolicies`, undefined, 'en_US', viewer)).statusCode).toBe(403);
    expect((await call('POST', `${base}/${gw.id}/childpolicies`, undefined, 'en_US', outsider)).statusCode).toBe(404);
  });
});
