import { MTC_ALARM_DEFAULT, sunTimes, toMtcTime } from '@sc/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createIotDevice, createProject, createRole, createUser, queryRows } from '../../../test/factories.js';
import { connectTestDevice, eventually } from '../../test-device.js';
import { type Answer, connectOnline, echo, familySuite, jsonCaller, upgradeDone } from '../kit/test-fixtures.js';

// Commands give up after 2 s here; the system timezone is UTC+8.
const suite = familySuite({ mqtt: true, params: { httpTimeout: '2', commandAttempts: '2', timezone: '8' } });
const { pushes } = suite;

const base = '/api/pjts/1/iot/mtc';
const call = jsonCaller(suite);

async function cabinet(
  options: { online?: Answer | false; projectId?: number; model?: string; circuitCount?: number } = {},
) {
  const d = await createIotDevice(suite.t.database.db, {
    type: 'mtc',
    modelNo: options.model ?? 'mtchlsteth',
    projectId: options.projectId,
    props: { circuitCount: options.circuitCount ?? 8 },
  });
  await suite.t.database.db.execute(sql`update devices set lng = 116.4, lat = 39.9 where id = ${d.id}`);
  if (options.online === false) return { ...d, device: null };
  const device = await connectOnline(suite, d, options.online ?? echo);
  // Coming online it is sent its policies (none: an empty list); the tests' commands come after.
  await eventually(
    async () => device.received.some((r) => r.command === 'policy'),
    (sent) => sent,
  );
  return { ...d, device };
}

const report = (extra: Record<string, unknown> = {}) => ({
  values: {
    circuitCount: 8,
    circuitEnable: 255,
    circuitSetting: 0b101,
    circuitActual: 0b101,
    circuitActive: 0b001,
    circuitCableTheft: 0,
    alarmStatus: 0,
    mode: 'policy',
    version: 'MTC1.2.03',
    deviceTime: toMtcTime(new Date('2026-11-22T10:00:00Z')),
    voltageA: 230,
    voltageB: 231,
    voltageC: 229,
    currentA: 4000,
    currentB: 4100,
    currentC: 3900,
    powerA: 900,
    powerB: 920,
    powerC: 880,
    activePower: 2700,
    leakageCurrent: 3,
    temperature: 35,
    circuitsOn: 2,
    peripherals: JSON.stringify([{ index: 1, name: 'Door', kind: 'door', value: 0, unit: '' }]),
    ...extra,
  },
});

describe('MTC list and runtime', () => {
  it('lists cabinets with state, mode, circuits, alarms and version, and answers the runtime', async () => {
    const c = await cabinet();
    await c.device!.publish('telemetry', report({ alarmStatus: 1 }));
    const row = await eventually(
      async () =>
        (await call('GET', `${base}/pages?pageSize=100`)).json().list.find((x: { id: number }) => x.id === c.id),
      (x) => x?.lastReportAt != null,
    );
    expect(row).toMatchObject({
      state: 'online',
      mode: 'policy',
      circuitCount: 8,
      circuitsOn: 2,
      alarmStatus: 'alarm',
      alarms: ['overCurrent'],
      version: 'MTC1.2.03',
      model: 'mtchlsteth',
    });
    expect(row.circuits[0]).toEqual({
      no: 1,
      enable: true,
      setting: true,
      actual: true,
      active: true,
      cableTheft: false,
    });
    expect(row.circuits[1]).toMatchObject({ no: 2, actual: false });
    const runtime = (await call('GET', `${base}/${c.id}/runtime`)).json();
    expect(runtime.phases.a).toEqual({ voltage: 230, current: 4000, power: 900 });
    expect(runtime.deviceTime).toBe('2026-11-22T10:00:00.000Z');
    expect(runtime.peripherals[0]).toMatchObject({ index: 1, kind: 'door', value: 0 });
    expect(runtime.alarms.find((a: { kind: string }) => a.kind === 'overCurrent').active).toBe(true);
    // Live: the telemetry push spells out the circuits.
    const live = pushes.find((p) => p.kind === 'telemetry' && p.deviceId === c.id);
    expect((live as unknown as { values: { circuits: unknown[] } }).values.circuits).toHaveLength(8);
    expect(
      (await call('GET', `${base}/pages?alarm=normal&pageSize=100`)).json().list.map((x: { id: number }) => x.id),
    ).not.toContain(c.id);
    expect((await call('GET', `${base}/${c.id}/reports.do`)).json().total).toBeGreaterThan(0);
    await c.device!.close();
  });
});

describe('MTC fed devices', () => {
  it('lists the devices each circuit powers, by circuit: those naming it in its project and the child projects', async () => {
    const c = await cabinet({ online: false });
    const db = suite.t.database.db;
    const lamp = (props: Record<string, unknown>, projectId?: number) =>
      createIotDevice(db, { type: 'lighting', modelNo: 'lcunb', props, projectId });
    const second = await lamp({ feederNo: c.no, feederCircuit: 2 });
    const first = await lamp({ feederNo: c.no, feederCircuit: 1 });
    const unsaid = await lamp({ feederNo: c.no });
    await lamp({ feederNo: 'ANOTHER', feederCircuit: 1 });
    const child = await createProject(db, 1, ['mtc', 'lighting']);
    const below = await lamp({ feederNo: c.no, feederCircuit: 3 }, child.id);
    const fed = (await call('GET', `${base}/${c.id}/fed`)).json();
    expect(fed.map((d: { id: number; circuit: number | null }) => [d.id, d.circuit])).toEqual([
      [first.id, 1],
      [second.id, 2],
      [below.id, 3],
      [unsaid.id, null],
    ]);
    expect(fed[0]).toMatchObject({ name: first.name, no: first.no, type: 'lighting', registered: true });
    // A cabinet of the child project does not reach up to the parent's devices naming it.
    const inChild = await cabinet({ online: false, projectId: child.id });
    await lamp({ feederNo: inChild.no, feederCircuit: 1 });
    expect((await call('GET', `/api/pjts/${child.id}/iot/mtc/${inChild.id}/fed`)).json()).toEqual([]);
  });
});

describe('MTC circuit control', () => {
  it('switches one circuit and several, checks the circuit count, and corrects the time in UTC+8 seconds', async () => {
    const c = await cabinet({ circuitCount: 4 });
    const one = await call('POST', `${base}/${c.id}/switch`, { circuit: 2, on: true });
    expect(one.statusCode).toBe(200);
    expect(c.device!.received.at(-1)).toMatchObject({ command: 'switch', args: { circuit: 2, on: true } });
    const many = await call('POST', `${base}/${c.id}/multiswitch`, {
      circuits: [
        { circuit: 1, on: true },
        { circuit: 3, on: false },
      ],
    });
    expect(many.json()).toMatchObject({ command: 'multiswitch', ok: true });
    const beyond = await call('POST', `${base}/${c.id}/switch`, { circuit: 5, on: true });
    expect(beyond.statusCode).toBe(400);
    expect(beyond.json().message).toBe('Circuit 5 is beyond the controller’s 4 circuits');
    const twice = await call('POST', `${base}/${c.id}/multiswitch`, {
      circuits: [
        { circuit: 1, on: true },
        { circuit: 1, on: false },
      ],
    });
    expect(twice.statusCode).toBe(400);
    const before = toMtcTime(new Date());
    await call('POST', `${base}/${c.id}/correcttime`);
    const time = c.device!.received.at(-1)!.args.time as number;
    expect(time - before).toBeGreaterThanOrEqual(0);
    expect(time - before).toBeLessThan(5);
    expect(time - Math.floor(Date.now() / 1000)).toBeGreaterThan(8 * 3600 - 5);
    await c.device!.close();
  });

  it('switches a circuit of a cabinet in policy mode too (it holds until the schedule next moves)', async () => {
    const c = await cabinet();
    await c.device!.publish('telemetry', report({ mode: 'policy' }));
    await eventually(
      async () => (await call('GET', `${base}/${c.id}/runtime`)).json().mode,
      (mode) => mode === 'policy',
    );
    const switched = await call('POST', `${base}/${c.id}/switch`, { circuit: 3, on: true });
    expect(switched.statusCode).toBe(200);
    expect(switched.json()).toMatchObject({ command: 'switch', ok: true });
    expect(c.device!.received.at(-1)).toMatchObject({ command: 'switch', args: { circuit: 3, on: true } });
    await c.device!.close();
  });

  it('answers an offline cabinet with 409 and a silent one with 504, localised', async () => {
    const off = await cabinet({ online: false });
    const offline = await call('POST', `${base}/${off.id}/switch`, { circuit: 1, on: true }, suite.admin, 'zh_CN');
    expect(offline.statusCode).toBe(409);
    expect(offline.json().message).toMatch(/离线|通信异常/);
    const silent = await cabinet({ online: () => null });
    const timeout = await call('POST', `${base}/${silent.id}/switch`, { circuit: 1, on: false });
    expect(timeout.statusCode).toBe(504);
    expect(timeout.json().message).toMatch(/offline|abnormal/i);
    await silent.device!.close();
  });

  it('reads the version and sends reboot and recovery', async () => {
    const c = await cabinet({
      online: (r) => ({ ok: true, result: r.command === 'version' ? { version: 'MTC2.0.10' } : {} }),
    });
    expect((await call('POST', `${base}/${c.id}/version`)).json().result).toEqual({ version: 'MTC2.0.10' });
    expect((await call('POST', `${base}/${c.id}/reboot`)).statusCode).toBe(200);
    expect((await call('POST', `${base}/${c.id}/recovery`)).statusCode).toBe(200);
    await c.device!.close();
  });
});

describe('MTC configs', () => {
  it('keeps the up port 1024-65535 (default 18089) and the alarm thresholds in the ranges of spec 001 §5', async () => {
    const c = await cabinet();
    const config = (await call('GET', `${base}/${c.id}/config`)).json();
    expect(config).toMatchObject({ upPort: 18089, updatedAt: null });
    expect(
      (await call('PUT', `${base}/${c.id}/config`, { address: 'A1', upServer: '10.0.0.1', upPort: 80 })).statusCode,
    ).toBe(400);
    const stored = await call('PUT', `${base}/${c.id}/config`, { address: 'A1', upServer: 'iot.example.com' });
    expect(stored.json()).toMatchObject({ upPort: 18089, upProtocol: 'tcp', delivered: true });
    expect(c.device!.received.at(-1)).toMatchObject({ command: 'config', args: { address: 'A1' } });

    const alarm = (await call('GET', `${base}/${c.id}/alarmconfig`)).json();
    const { updatedAt: _, delivered: __, ...body } = alarm;
    expect(body).toMatchObject({ overCurrent: MTC_ALARM_DEFAULT.overCurrent });
    for (const [field, value] of [
      ['overCurrent', 9001],
      ['underCurrent', 4],
      ['overVoltage', 301],
      ['underVoltage', 179],
      ['leakage', 251],
      ['temperature', 49],
      ['phaseCurrentDiff', 50001],
      ['phaseVoltageDiff', 31],
    ] as const) {
      const bad = await call('PUT', `${base}/${c.id}/alarmconfig`, { ...body, [field]: value });
      expect(bad.statusCode, field).toBe(400);
      expect(bad.json().errors[0].field).toBe(field);
    }
    const ok = await call('PUT', `${base}/${c.id}/alarmconfig`, { ...body, overCurrent: 9000, sameEventInterval: 60 });
    expect(ok.json()).toMatchObject({ overCurrent: 9000, sameEventInterval: 60, delivered: true });

    const comm = await call('PUT', `${base}/${c.id}/comm`, { up: { heartbeat: 30 }, down: { baudRate: 19200 } });
    expect(comm.json()).toMatchObject({ up: { heartbeat: 30 }, down: { baudRate: 19200, parity: 'none' } });
    expect((await call('PUT', `${base}/${c.id}/comm`, { down: { baudRate: 1000 } })).statusCode).toBe(400);
    const peripherals = await call('PUT', `${base}/${c.id}/peripherals`, {
      peripherals: [
        {
          index: 1,
          kind: 'meter',
          protocol: 'dlt645',
          port: 2,
          stationAddress: 5,
          addressType: 'holding',
          transferType: 'rtu',
          registerStart: 100,
        },
      ],
    });
    expect(peripherals.json().peripherals[0]).toMatchObject({ registerStart: 100, registerCount: 1 });
    await c.device!.close();
  });
});

describe('MTC events', () => {
  it('keeps a repeat of the same event out within the minimum interval, and sends cable theft to site messages at once', async () => {
    const c = await cabinet({ model: 'cabletheftrs485' });
    await call('PUT', `${base}/${c.id}/alarmconfig`, { ...MTC_ALARM_DEFAULT, sameEventInterval: 600 });
    const [{ n: before }] = await queryRows<{ n: number }>(
      suite.t.database.db,
      sql`select count(*)::int as n from site_messages where title_ref like ${'%system.alarm%'}`,
    );
    for (let i = 0; i < 3; i++)
      await c.device!.publish('event', {
        code: 'CABLE_THEFT',
        type: 'occur',
        level: 'alarm',
        detail: { circuit: 3 },
      });
    const events = await eventually(
      async () => (await call('GET', `${base}/${c.id}/events`)).json(),
      (page) => page.total >= 1,
    );
    await new Promise((r) => setTimeout(r, 500));
    expect((await call('GET', `${base}/${c.id}/events`)).json().total).toBe(1);
    expect(events.list[0]).toMatchObject({ code: 'CABLE_THEFT', level: 'alarm', detail: { circuit: 3 } });
    const messages = await eventually(
      () =>
        queryRows<{ n: number }>(
          suite.t.database.db,
          sql`select count(*)::int as n from site_messages where title_ref like ${'%system.alarm%'}`,
        ),
      (r) => r[0]!.n > before,
    );
    expect(messages[0]!.n).toBeGreaterThan(before);
    await c.device!.close();
  });
});

describe('MTC firmware upgrade', () => {
  const upload = (id: number, name: string, bytes: Buffer) => {
    const boundary = '----mtc-boundary';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    );
    return suite.t.app.inject({
      method: 'POST',
      url: `${base}/${id}/firmware?token=${suite.admin}&lang=en_US`,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([head, bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    });
  };
  const image = (size: number, head = 'MTCFMTC1.3.00') => {
    const bytes = Buffer.alloc(size, 7);
    bytes.write(head, 0, 'latin1');
    return bytes;
  };

  it('refuses a bad file with a clear message and a too large one, and sends a good one in chunks with progress', async () => {
    const c = await cabinet();
    const exe = await upload(c.id, 'tool.exe', image(4096));
    expect(exe.statusCode).toBe(400);
    expect(exe.json().message).toBe('The firmware file must be a .bin file');
    const bad = await upload(c.id, 'mtc.bin', image(4096, '\x7fELF'));
    expect(bad.json().message).toContain('Not a firmware of this device');
    expect((await upload(c.id, 'mtc.bin', image(100))).json().message).toContain('too small');
    const big = await upload(c.id, 'mtc.bin', image(4 * 1024 * 1024 + 10));
    expect(big.statusCode).toBe(400);
    expect(big.json().message).toContain('too large');

    const ok = await upload(c.id, 'mtc.bin', image(100 * 1024));
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ version: 'MTC1.3.00', total: 4, state: 'running' });
    const done = await upgradeDone(() => call('GET', `${base}/${c.id}/firmware`));
    expect(done).toMatchObject({ sent: 4, total: 4, percent: 100 });
    const chunks = c.device!.received.filter((r) => r.command === 'upgrade');
    expect(chunks.map((r) => r.args.index)).toEqual([0, 1, 2, 3]);
    expect(Buffer.from(String(chunks[0]!.args.data), 'base64').subarray(0, 13).toString('latin1')).toBe(
      'MTCFMTC1.3.00',
    );
    const progress = await eventually(
      async () => pushes.filter((p) => p.kind === 'firmware' && p.deviceId === c.id),
      (list) => list.some((p) => p.kind === 'firmware' && p.state === 'done'),
    );
    expect(progress.at(-1)).toMatchObject({ state: 'done', percent: 100 });
    expect(progress.length).toBeGreaterThanOrEqual(4);
    await c.device!.close();

    const off = await cabinet({ online: false });
    expect((await upload(off.id, 'mtc.bin', image(4096))).statusCode).toBe(409);
  });

  it('marks an upgrade a previous server process left running as interrupted, and lets a new one start', async () => {
    const c = await cabinet();
    await suite.t.database.db.execute(
      sql`insert into device_upgrades (id, project_id, device_id, file_name, version, size, total, sent, state, started_at)
        values ('00000000-0000-4000-8000-00000000abcd', 1, ${c.id}, 'old.bin', 'MTC1.2.00', 4096, 4, 2, 'running',
          now() - interval '5 minutes')`,
    );
    const last = (await call('GET', `${base}/${c.id}/firmware`)).json();
    expect(last).toMatchObject({
      upgradeId: '00000000-0000-4000-8000-00000000abcd',
      state: 'failed',
      sent: 2,
      error: 'firmware.interrupted',
    });
    expect(last.finishedAt).not.toBeNull();
    const zh = (await call('GET', `${base}/${c.id}/firmware`, undefined, suite.admin, 'zh_CN')).json();
    expect(zh.error).toBe('firmware.interrupted');
    await suite.t.database.db.execute(
      sql`update device_upgrades set state = 'running', finished_at = null, error = null where device_id = ${c.id}`,
    );
    // A new upgrade asking finds it, marks it and starts.
    const again = await upload(c.id, 'mtc.bin', image(4096));
    expect(again.statusCode).toBe(200);
    const old = await queryRows<{ state: string; error: string }>(
      suite.t.database.db,
      sql`select state, error from device_upgrades where id = '00000000-0000-4000-8000-00000000abcd'`,
    );
    expect(old[0]).toEqual({ state: 'failed', error: 'firmware.interrupted' });
    await upgradeDone(() => call('GET', `${base}/${c.id}/firmware`));
    await c.device!.close();
  });
});

describe('MTC policies', () => {
  const policy = (no: string, extra: Record<string, unknown> = {}) => ({
    name: `Night${no}`,
    no,
    timeMode: 'relative',
    units: [
      { relativeTo: 'sunset', offset: 15, circuits: [1, 2, 3] },
      { relativeTo: 'midnight', offset: 60, circuits: [1] },
      { relativeTo: 'sunrise', offset: -10, circuits: [] },
    ],
    cycle: { mode: 'everyday' },
    ...extra,
  });

  it('creates, previews relative and absolute times against known sun times, uses on cabinets and refuses deleting a used one', async () => {
    const created = await call('POST', `${base}/policies`, policy('MP1'));
    expect(created.statusCode).toBe(200);
    const p = created.json();
    expect(p).toMatchObject({ timeMode: 'relative', cabinetCount: 0 });
    expect((await call('POST', `${base}/policies`, policy('MP1'))).statusCode).toBe(409);
    const bad = await call('POST', `${base}/policies`, policy('MP2', { timeMode: 'absolute' }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].field).toBe('units.0.time');

    const preview = (
      await call('GET', `${base}/policies/${p.id}/preview?lng=116.4&lat=39.9&date=2026-06-21&year=2026&circuitCount=3`)
    ).json();
    const sun = sunTimes('2026-06-21', { lng: 116.4, lat: 39.9 }, 8);
    const minuteOf = (circuits: string) =>
      preview.day.events.find((e: { circuits: number[] }) => e.circuits.join(',') === circuits).minute;
    expect(minuteOf('1,2,3')).toBe(sun.sunset! + 15);
    expect(minuteOf('1')).toBe(60);
    expect(minuteOf('')).toBe(sun.sunrise! - 10);
    // Beijing on 21 June: sunset about 19:46, sunrise about 04:46 (UTC+8).
    expect(Math.abs(sun.sunset! - (19 * 60 + 46))).toBeLessThanOrEqual(3);
    expect(preview.year.days).toHaveLength(365);

    const absolute = (
      await call('POST', `${base}/policies`, {
        ...policy('MP3'),
        timeMode: 'absolute',
        units: [
          { time: '18:30', circuits: [1, 2] },
          { time: '06:00', circuits: [] },
        ],
      })
    ).json();
    const abs = (
      await call('GET', `${base}/policies/${absolute.id}/preview?lng=116.4&lat=39.9&date=2026-12-21`)
    ).json();
    expect(abs.day.events.map((e: { time: string }) => e.time)).toEqual(['06:00', '18:30']);
    expect(abs.day.circuitMinutes).toEqual([690, 690]);

    const c = await cabinet();
    const off = await cabinet({ online: false });
    const used = await call('POST', `${base}/policies/${p.id}/use`, { cabinetIds: [c.id, off.id] });
    expect(used.json()).toMatchObject({ total: 2, delivered: 1 });
    expect(used.json().results.find((r: { deviceId: number }) => r.deviceId === off.id).error).toBe('offline');
    expect(c.device!.received.at(-1)).toMatchObject({ command: 'policy', args: { timezone: 8, lng: 116.4 } });
    expect((c.device!.received.at(-1)!.args.policies as unknown[]).length).toBe(1);
    expect((await call('GET', `${base}/${c.id}/policies`)).json().map((x: { id: number }) => x.id)).toEqual([p.id]);
    const fromCabinet = (
      await call('GET', `${base}/policies/${p.id}/preview?cabinetId=${c.id}&date=2026-06-21`)
    ).json();
    expect(fromCabinet.circuitCount).toBe(8);
    const del = await call('DELETE', `${base}/policies/${p.id}`);
    expect(del.statusCode).toBe(409);
    await call('POST', `${base}/policies/${p.id}/remove`, { cabinetIds: [c.id, off.id] });
    expect((await call('DELETE', `${base}/policies/${p.id}`)).json()).toEqual({ id: p.id, deleted: true });
    await c.device!.close();
  });

  it("refuses another project's cabinets and policies", async () => {
    const other = await createProject(suite.t.database.db, 1, ['mtc']);
    const foreign = await cabinet({ online: false, projectId: other.id });
    const p = (await call('POST', `${base}/policies`, policy('MP9'))).json();
    const use = await call('POST', `${base}/policies/${p.id}/use`, { cabinetIds: [foreign.id] });
    expect(use.statusCode).toBe(400);
    expect(use.json().errors[0]).toMatchObject({ field: 'cabinetIds' });
    expect(JSON.stringify(use.json())).not.toContain(foreign.equipmentId);
    const preview = await call('GET', `${base}/policies/${p.id}/preview?cabinetId=${foreign.id}`);
    expect(preview.statusCode).toBe(400);
    // A user of the other project sees neither this project's policies nor its cabinets.
    const role = await createRole(suite.t.database.db, other.id, { pjtdevicemtcpolicy: 10, pjtdevicemtclist: 10 });
    const user = await createUser(suite.t.database.db, role.id);
    const token = await suite.t.token(user.name, user.password);
    expect((await call('GET', `${base}/policies/${p.id}`, undefined, token)).statusCode).toBeGreaterThanOrEqual(403);
    const own = `/api/pjts/${other.id}/iot/mtc`;
    const missing = await call('GET', `${own}/policies/${p.id}`, undefined, token);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('The policy does not exist or is not in this project');
    expect((await call('POST', `${own}/policies/${p.id}/use`, { cabinetIds: [foreign.id] }, token)).statusCode).toBe(
      404,
    );
    const lamp = await createIotDevice(suite.t.database.db, { type: 'lighting', modelNo: 'lcunb' });
    const notCabinet = await call('POST', `${base}/policies/${p.id}/use`, { cabinetIds: [lamp.id] });
    expect(notCabinet.statusCode).toBe(400);
  });
});

describe('MTC reconnection', () => {
  it('sends an offline cabinet its changed config and policies once when it reconnects', async () => {
    const c = await cabinet({ online: false });
    const stored = await call('PUT', `${base}/${c.id}/config`, { address: 'B7', upServer: 'iot.example.com' });
    expect(stored.json()).toMatchObject({ address: 'B7', delivered: false });
    const p = (
      await call('POST', `${base}/policies`, {
        name: 'Reconnect',
        no: 'MPR1',
        timeMode: 'absolute',
        units: [
          { time: '18:30', circuits: [1, 2] },
          { time: '06:00', circuits: [] },
        ],
        cycle: { mode: 'everyday' },
      })
    ).json();
    expect((await call('POST', `${base}/policies/${p.id}/use`, { cabinetIds: [c.id] })).json()).toMatchObject({
      delivered: 0,
    });

    const device = await connectTestDevice(suite.port, c.equipmentId, c.key1, echo);
    await device.publish('heartbeat', {});
    const received = await eventually(
      async () => device.received.map((r) => r.command),
      (list) => list.includes('policy'),
    );
    expect(received).toEqual(['config', 'policy']);
    expect(device.received[0]).toMatchObject({ args: { address: 'B7', upServer: 'iot.example.com' } });
    expect(device.received[1]!.args.policies).toEqual([expect.objectContaining({ id: p.id, timeMode: 'absolute' })]);
    // Once: more traffic from a cabinet already online sends nothing again.
    await device.publish('heartbeat', {});
    await device.publish('telemetry', report());
    await new Promise((r) => setTimeout(r, 1500));
    expect(device.received.map((r) => r.command)).toEqual(['config', 'policy']);
    await call('POST', `${base}/policies/${p.id}/remove`, { cabinetIds: [c.id] });
    await device.close();
  });

  it("tells a cabinet the policies removed while it was offline: it ends up with exactly the server's", async () => {
    const c = await cabinet();
    const unit = (time: string, circuits: number[]) => ({ time, circuits });
    const make = async (no: string) =>
      (
        await call('POST', `${base}/policies`, {
          name: no,
          no,
          timeMode: 'absolute',
          units: [unit('18:30', [1]), unit('06:00', [])],
          cycle: { mode: 'everyday' },
        })
      ).json() as { id: number };
    const kept = await make('MPK1');
    const dropped = await make('MPD1');
    for (const p of [kept, dropped])
      expect((await call('POST', `${base}/policies/${p.id}/use`, { cabinetIds: [c.id] })).json()).toMatchObject({
        delivered: 1,
      });
    await c.device!.close();
    // The silence job marks it (active_state 2): both removals are stored, neither is told.
    await suite.t.database.db.execute(sql`update devices set active_state = 2 where id = ${c.id}`);
    expect((await call('POST', `${base}/policies/${dropped.id}/remove`, { cabinetIds: [c.id] })).json()).toMatchObject({
      delivered: 0,
    });

    const device = await connectTestDevice(suite.port, c.equipmentId, c.key1, echo);
    await device.publish('heartbeat', {});
    const sent = await eventually(
      async () => device.received.filter((r) => r.command === 'policy'),
      (list) => list.length > 0,
    );
    expect(sent[0]!.args.policies).toEqual([expect.objectContaining({ id: kept.id })]);

    // The last one removed too while it is away: it is sent an empty list, which clears them.
    await device.close();
    await suite.t.database.db.execute(sql`update devices set active_state = 2 where id = ${c.id}`);
    await call('POST', `${base}/policies/${kept.id}/remove`, { cabinetIds: [c.id] });
    const again = await connectTestDevice(suite.port, c.equipmentId, c.key1, echo);
    await again.publish('heartbeat', {});
    const cleared = await eventually(
      async () => again.received.filter((r) => r.command === 'policy'),
      (list) => list.length > 0,
    );
    expect(cleared).toHaveLength(1);
    expect(cleared[0]!.args).toMatchObject({ policies: [], timezone: 8 });
    await again.close();
  });

  it('resends once to a cabinet first heard after a server start, though a previous process left it active', async () => {
    const c = await cabinet({ online: false });
    await call('PUT', `${base}/${c.id}/comm`, {
      up: { heartbeat: 45, reportInterval: 60, timeout: 30, retries: 3 },
      down: { baudRate: 9600, dataBits: 8, parity: 'none', stopBits: 1, pollInterval: 10 },
    });
    // What the previous process left: marked active, though it changed while the server was down.
    await suite.t.database.db.execute(
      sql`update devices set active_state = 1, last_active_at = now() where id = ${c.id}`,
    );
    const device = await connectTestDevice(suite.port, c.equipmentId, c.key1, echo);
    await device.publish('heartbeat', {});
    const received = await eventually(
      async () => device.received.map((r) => r.command),
      (list) => list.includes('policy'),
    );
    expect(received).toEqual(['comm', 'policy']);
    expect(device.received[0]!.args).toMatchObject({ up: { heartbeat: 45 } });
    // Once: it is heard from now.
    await device.publish('heartbeat', {});
    await new Promise((r) => setTimeout(r, 1500));
    expect(device.received.map((r) => r.command)).toEqual(['comm', 'policy']);
    await device.close();
  });
});

describe('MTC policy edits', () => {
  it('sends an edited policy to the connected cabinets using it, without a new use', async () => {
    const c = await cabinet();
    const body = {
      name: 'Edited',
      no: 'MPE1',
      timeMode: 'absolute',
      units: [
        { time: '18:30', circuits: [1] },
        { time: '06:00', circuits: [] },
      ],
      cycle: { mode: 'everyday' },
    };
    const p = (await call('POST', `${base}/policies`, body)).json();
    expect((await call('POST', `${base}/policies/${p.id}/use`, { cabinetIds: [c.id] })).json()).toMatchObject({
      delivered: 1,
    });
    const edited = await call('PUT', `${base}/policies/${p.id}`, {
      ...body,
      units: [
        { time: '19:00', circuits: [1, 2] },
        { time: '06:00', circuits: [] },
      ],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const sent = await eventually(
      async () => c.device!.received.filter((r) => r.command === 'policy'),
      (list) => list.length >= 3,
    );
    // Coming online (an empty list), the use, then the edit.
    expect(sent[2]!.args.policies).toEqual([
      expect.objectContaining({ id: p.id, units: [expect.objectContaining({ circuits: [1, 2] }), expect.anything()] }),
    ]);
    await call('POST', `${base}/policies/${p.id}/remove`, { cabinetIds: [c.id] });
    await c.device!.close();
  });
});

describe('MTC threshold settings', () => {
  it("gives a new cabinet's alarm thresholds the system settings (spec 001 §9), kept in the cabinet's ranges", async () => {
    await suite.t.database.db.execute(
      sql`insert into web_params (key, value) values ('mtcOverCurrent', '7000'), ('mtcTemperature', '90'),
        ('mtcLeakage', '0') on conflict (key) do update set value = excluded.value`,
    );
    const c = await cabinet({ online: false });
    const alarm = await eventually(
      async () => (await call('GET', `${base}/${c.id}/alarmconfig`)).json(),
      (a) => a.overCurrent === 7000,
      10_000,
    );
    expect(alarm).toMatchObject({
      overCurrent: 7000,
      temperature: 90,
      leakage: 5, // 0 in the settings: the lowest a cabinet accepts
      overVoltage: MTC_ALARM_DEFAULT.overVoltage,
      underCurrent: MTC_ALARM_DEFAULT.underCurrent,
      updatedAt: null,
    });
    // A cabinet's stored thresholds are its own: the settings no longer change them.
    const { updatedAt: _, delivered: __, ...body } = alarm;
    await call('PUT', `${base}/${c.id}/alarmconfig`, { ...body, overCurrent: 6000 });
    expect((await call('GET', `${base}/${c.id}/alarmconfig`)).json().overCurrent).toBe(6000);
    await suite.t.database.db.execute(
      sql`delete from web_params where key in ('mtcOverCurrent', 'mtcTemperature', 'mtcLeakage')`,
    );
  });
});
