import { toWireSeconds } from '@sc/contract/families/pgw';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCaller, signInWith } from '../../../test/caller.js';
import { createIotDevice, createProject, queryRows } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { connectTestDevice, eventually } from '../../test-device.js';

let t: TestApp;
let admin: string;
let viewer: string;
let port: number;
let other: { id: number };
const base = '/api/pjts/1/iot/pgw';
type Device = Awaited<ReturnType<typeof createIotDevice>>;
let pgw: Device;
let lamps: Device[];
let free: Device;
let rs485: Device;
let foreignLamp: Device;
let otherPgw: Device;

beforeAll(async () => {
  t = await createTestApp({}, { mqtt: true });
  const db = t.database.db;
  admin = await t.token();
  port = t.app.iot.broker()!.port;
  // Commands give up after 3 s in these tests, sent at most 3 times.
  await db.execute(
    sql`insert into web_params (key, value) values ('httpTimeout', '3'), ('commandAttempts', '3') on conflict (key) do update set value = excluded.value`,
  );
  pgw = await createIotDevice(db, {
    type: 'pgw',
    modelNo: 'plcgweth',
    props: { wireNo: 'L7', zoneCode: 'TQ4821', relayLevels: 2 },
  });
  lamps = [];
  for (let i = 0; i < 2; i++)
    lamps.push(await createIotDevice(db, { type: 'lighting', modelNo: 'lcuplc', parentId: pgw.id }));
  free = await createIotDevice(db, { type: 'lighting', modelNo: 'lcuplc' });
  rs485 = await createIotDevice(db, { type: 'lighting', modelNo: 'lcurs485' });
  otherPgw = await createIotDevice(db, { type: 'pgw', modelNo: 'plcgwcat' });
  viewer = await signInWith(t, 1, { pjtdevicepgwlist: 1 });
  other = await createProject(db, 1, ['pgw', 'lighting']);
  foreignLamp = await createIotDevice(db, { type: 'lighting', modelNo: 'lcuplc', projectId: other.id });
});
afterAll(() => t.close());

const call = apiCaller(
  () => t,
  () => admin,
);

async function online(device: Device, answer: Parameters<typeof connectTestDevice>[3]) {
  const [before] = await queryRows(t.database.db, sql`select active_state from devices where id = ${device.id}`);
  const client = await connectTestDevice(port, device.equipmentId, device.key1, answer);
  await client.publish('heartbeat', {});
  await eventually(
    () => queryRows(t.database.db, sql`select active_state from devices where id = ${device.id}`),
    (r) => r[0]?.active_state === 1,
  );
  // Coming online it is sent its configuration and lamps first (resend): the tests' commands come after.
  if (before?.active_state === 1) return client;
  await eventually(
    async () => client.received.some((r) => r.command === 'config'),
    (sent) => sent,
  );
  if (answer?.({ id: '', command: 'config', args: {}, ts: 0 })) await t.app.iot.resent();
  return client;
}

describe('power-line gateways', () => {
  it('stores the carrier table a gateway reports and shows it on its lamps and in the list', async () => {
    const heard = Date.UTC(2026, 10, 22, 3, 15, 0);
    const client = await online(pgw, () => ({ ok: true }));
    await client.publish('telemetry', {
      values: {},
      links: [
        { device: lamps[0]!.equipmentId, signal: 87, seen: toWireSeconds(heard) },
        { device: lamps[1]!.equipmentId, signal: 0, seen: toWireSeconds(heard - 3600_000) },
        { device: 'NOT-A-CHILD', signal: 50 },
      ],
    });
    const rows = await eventually(
      async () => (await call('GET', `${base}/${pgw.id}/lamps`)).json(),
      (r: { id: number; signal: number | null }[]) => r.some((x) => x.signal !== null),
    );
    expect(rows).toHaveLength(2);
    const byId = new Map(rows.map((r: { id: number }) => [r.id, r]));
    // The gateway's clock is UTC+8 on the wire; the API answers UTC.
    expect(byId.get(lamps[0]!.id)).toMatchObject({
      signal: 87,
      lastContact: new Date(heard).toISOString(),
      model: 'lcuplc',
      type: 'lighting',
    });
    expect(byId.get(lamps[1]!.id)).toMatchObject({ signal: 0 });
    const page = (await call('GET', `${base}/pages?pageSize=100`)).json();
    expect(page.list.find((g: { id: number }) => g.id === pgw.id)).toMatchObject({
      wireNo: 'L7',
      zoneCode: 'TQ4821',
      activeState: 1,
      lamps: 2,
      reachable: 1,
    });
    const found = (await call('GET', `${base}/pages?keyword=TQ4821`)).json();
    expect(found.list.map((g: { id: number }) => g.id)).toEqual([pgw.id]);
    await client.client.endAsync();
  });

  it('registers lamp controllers of the project on the power line, and refuses others', async () => {
    const options = (await call('GET', `${base}/${pgw.id}/lamps/options`)).json();
    const ids = options.map((o: { id: number }) => o.id);
    expect(ids).toContain(free.id);
    expect(ids).not.toContain(rs485.id);
    expect(ids).not.toContain(lamps[0]!.id);
    expect(ids).not.toContain(foreignLamp.id);

    const foreign = await call('POST', `${base}/${pgw.id}/lamps`, { childIds: String(foreignLamp.id) });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toBe('The lamp controller does not exist or is not in this project');
    const zh = await call('POST', `${base}/${pgw.id}/lamps`, { childIds: String(foreignLamp.id) }, admin, 'zh_CN');
    expect(zh.json().message).toBe('灯控器不存在或不在当前项目');
    expect(JSON.stringify(foreign.json())).not.toContain(foreignLamp.name);

    const wrong = await call('POST', `${base}/${pgw.id}/lamps`, { childIds: String(rs485.id) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(`${rs485.name} is not a power-line lamp controller`);

    const taken = await call('POST', `${base}/${otherPgw.id}/lamps`, { childIds: String(lamps[0]!.id) });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(`${lamps[0]!.name} is behind ${pgw.name}: unregister it there first`);

    const none = await call('POST', `${base}/${pgw.id}/lamps`, { childIds: '' });
    expect(none.statusCode).toBe(400);
    expect((await call('POST', `${base}/${pgw.id}/lamps`, { childIds: String(free.id) }, viewer)).statusCode).toBe(403);

    // The gateway is offline: registered all the same, told when it reconnects.
    const ok = await call('POST', `${base}/${pgw.id}/lamps`, { childIds: String(free.id) });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ changed: 1, delivered: false });
    const lampIds = (await call('GET', `${base}/${pgw.id}/lamps`)).json().map((l: { id: number }) => l.id);
    expect(lampIds).toContain(free.id);
    const [log] = await queryRows(
      t.database.db,
      sql`select summary from manage_logs where entity_id = ${String(pgw.id)} order by id desc limit 1`,
    );
    expect(log?.summary).toContain('register lamps');
  });

  it('unregisters a lamp controller and tells the connected gateway', async () => {
    const client = await online(pgw, () => ({ ok: true }));
    const notMine = await call('DELETE', `${base}/${otherPgw.id}/lamps`, { childIds: String(free.id) });
    expect(notMine.statusCode).toBe(400);
    expect(notMine.json().message).toBe('The lamp controller is not behind this gateway');
    const res = await call('DELETE', `${base}/${pgw.id}/lamps`, { childIds: String(free.id) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ changed: 1, delivered: true });
    expect(client.received.at(-1)).toMatchObject({ command: 'removechildren', args: { devices: [free.equipmentId] } });
    const lampIds = (await call('GET', `${base}/${pgw.id}/lamps`)).json().map((l: { id: number }) => l.id);
    expect(lampIds).not.toContain(free.id);
    const [row] = await queryRows(t.database.db, sql`select parent_id from devices where id = ${free.id}`);
    expect(row?.parent_id).toBeNull();
    await client.client.endAsync();
  });

  it('reads the runtime (device time UNIX seconds at UTC+8) and corrects the time', async () => {
    const client = await online(pgw, (r) =>
      r.command === 'runtime'
        ? {
            ok: true,
            result: {
              deviceTime: toWireSeconds(Date.now()) - 120,
              uptime: 3600,
              firmware: 'PGW1.2.07',
              lamps: 3,
              reachable: 2,
              relayLevels: 2,
              searchInterval: 30,
              carrierBand: 'narrow',
            },
          }
        : { ok: true, result: { deviceTime: r.args.time } },
    );
    const res = await call('POST', `${base}/${pgw.id}/runtime`);
    expect(res.statusCode, res.body).toBe(200);
    const runtime = res.json();
    expect(runtime).toMatchObject({ uptimeSeconds: 3600, firmware: 'PGW1.2.07', lamps: 3, reachable: 2 });
    expect(runtime.clockOffsetSeconds).toBeGreaterThanOrEqual(-122);
    expect(runtime.clockOffsetSeconds).toBeLessThanOrEqual(-118);
    expect(Math.abs(Date.parse(runtime.deviceTime) - (Date.now() - 120_000))).toBeLessThan(5000);

    const time = await call('POST', `${base}/${pgw.id}/correcttime`);
    expect(time.statusCode, time.body).toBe(200);
    const sent = client.received.find((r) => r.command === 'correcttime')!;
    expect(Math.abs((sent.args.time as number) - toWireSeconds(Date.now()))).toBeLessThan(5);
    await client.client.endAsync();
  });

  it('answers offline and timeout in the caller language, and logs them', async () => {
    const offline = await call('POST', `${base}/${otherPgw.id}/runtime`);
    expect(offline.statusCode).toBe(409);
    expect(offline.json().message).toBe('Offline or abnormal communication, retry later');
    const zh = await call('POST', `${base}/${otherPgw.id}/reboot`, undefined, admin, 'zh_CN');
    expect(zh.statusCode).toBe(409);
    expect(zh.json().message).toBe('设备离线或通讯异常，请稍后重试');
    const client = await online(otherPgw, () => null);
    const silent = await call('POST', `${base}/${otherPgw.id}/runtime`);
    expect(silent.statusCode).toBe(504);
    expect(silent.json().message).not.toMatch(/^pgw\.|^errors\./);
    const logs = await queryRows(
      t.database.db,
      sql`select command, result from operate_logs where device_id = ${otherPgw.id} and command <> 'config' order by id`,
    );
    expect(logs).toEqual([
      { command: 'runtime', result: 'offline' },
      { command: 'reboot', result: 'offline' },
      { command: 'runtime', result: 'timeout' },
    ]);
    await client.client.endAsync();
  }, 15_000);

  it('reads and sets the configuration with its ranges', async () => {
    expect((await call('GET', `${base}/${pgw.id}/config`)).json()).toEqual({
      relayLevels: 2,
      searchInterval: 30,
      carrierBand: 'narrow',
    });
    const bad = await call('PUT', `${base}/${pgw.id}/config`, {
      relayLevels: '9',
      searchInterval: '30',
      carrierBand: 'narrow',
    });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain('1 - 7');
    const badZh = await call(
      'PUT',
      `${base}/${pgw.id}/config`,
      { relayLevels: '3', searchInterval: '', carrierBand: 'narrow' },
      admin,
      'zh_CN',
    );
    expect(badZh.statusCode).toBe(400);
    expect(
      (
        await call(
          'PUT',
          `${base}/${pgw.id}/config`,
          { relayLevels: '3', searchInterval: '60', carrierBand: 'wide' },
          viewer,
        )
      ).statusCode,
    ).toBe(403);
    const ok = await call('PUT', `${base}/${pgw.id}/config`, {
      relayLevels: '4',
      searchInterval: '60',
      carrierBand: 'wide',
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ relayLevels: 4, searchInterval: 60, carrierBand: 'wide', delivered: false });
    const [row] = await queryRows(t.database.db, sql`select props from devices where id = ${pgw.id}`);
    expect(row?.props).toMatchObject({ wireNo: 'L7', zoneCode: 'TQ4821', relayLevels: 4, carrierBand: 'wide' });
  });

  it('sends a gateway coming back its configuration and exactly the lamps registered behind it', async () => {
    const db = t.database.db;
    const gw = await createIotDevice(db, { type: 'pgw', modelNo: 'plcgweth', props: { relayLevels: 3 } });
    const [kept, dropped] = [
      await createIotDevice(db, { type: 'lighting', modelNo: 'lcuplc', parentId: gw.id }),
      await createIotDevice(db, { type: 'lighting', modelNo: 'lcuplc', parentId: gw.id }),
    ];
    const added = await createIotDevice(db, { type: 'lighting', modelNo: 'lcuplc' });
    const first = await online(gw, () => ({ ok: true }));
    expect(first.received.map((r) => [r.command, r.args])).toEqual([
      ['config', { relayLevels: 3, searchInterval: 30, carrierBand: 'narrow' }],
      ['addchildren', { devices: [kept.equipmentId, dropped.equipmentId] }],
      [
        'childpolicies',
        { devices: [kept, dropped].map((l) => expect.objectContaining({ device: l.equipmentId, policies: [] })) },
      ],
    ]);
    await first.publish('telemetry', {
      values: {},
      links: [
        { device: kept.equipmentId, signal: 80 },
        { device: dropped.equipmentId, signal: 70 },
      ],
    });
    await eventually(
      () => queryRows(db, sql`select equipment_id from pgw_links where gateway_id = ${gw.id}`),
      (r) => r.length === 2,
    );
    await first.client.endAsync();
    // Away (the silence job marked it): a lamp unregistered, one registered and the config changed.
    await db.execute(sql`update devices set active_state = 2 where id = ${gw.id}`);
    expect((await call('DELETE', `${base}/${gw.id}/lamps`, { childIds: String(dropped.id) })).json()).toEqual({
      changed: 1,
      delivered: false,
    });
    expect((await call('POST', `${base}/${gw.id}/lamps`, { childIds: String(added.id) })).json()).toEqual({
      changed: 1,
      delivered: false,
    });
    await call('PUT', `${base}/${gw.id}/config`, { relayLevels: '5', searchInterval: '90', carrierBand: 'wide' });

    const back = await online(gw, () => ({ ok: true }));
    expect(back.received.map((r) => [r.command, r.args])).toEqual([
      ['config', { relayLevels: 5, searchInterval: 90, carrierBand: 'wide' }],
      ['removechildren', { devices: [dropped.equipmentId] }],
      ['addchildren', { devices: [kept.equipmentId, added.equipmentId] }],
      ['childpolicies', { devices: [kept, added].map((l) => expect.objectContaining({ device: l.equipmentId })) }],
    ]);
    // Told: the removed lamp's link is gone, and more traffic sends nothing again.
    expect(
      await queryRows(db, sql`select equipment_id from pgw_links where gateway_id = ${gw.id} order by equipment_id`),
    ).toEqual([{ equipment_id: kept.equipmentId }]);
    await back.publish('heartbeat', {});
    await new Promise((r) => setTimeout(r, 1500));
    expect(back.received).toHaveLength(4);
    await back.client.endAsync();
  });

  it("refuses another project's gateway and lets a viewer read", async () => {
    const outsider = await signInWith(t, other.id, { pjtdevicepgwlist: 5 });
    expect((await call('GET', `${base}/${pgw.id}/lamps`, undefined, outsider)).statusCode).toBe(404);
    expect((await call('GET', `/api/pjts/${other.id}/iot/pgw/${pgw.id}/lamps`, undefined, outsider)).statusCode).toBe(
      404,
    );
    expect((await call('GET', `${base}/pages`, undefined, viewer)).statusCode).toBe(200);
    expect((await call('GET', `${base}/${pgw.id}/lamps`, undefined, viewer)).statusCode).toBe(200);
    expect((await call('POST', `${base}/${pgw.id}/reboot`, undefined, viewer)).statusCode).toBe(403);
    expect((await call('GET', `${base}/${pgw.id}/lamps`)).statusCode).toBe(200);
    // A device of another family is not a power-line gateway.
    expect((await call('GET', `${base}/${lamps[0]!.id}/lamps`)).statusCode).toBe(400);
  });
});
