import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createIotDevice, createProject, createRole, createUser, queryRows } from '../../../test/factories.js';
import { eventually } from '../../test-device.js';
import { type Answer, connectOnline, echo, familySuite, jsonCaller } from '../kit/test-fixtures.js';

// Commands give up after 2 s here; the system timezone is UTC+8.
const suite = familySuite({ mqtt: true, params: { httpTimeout: '2', commandAttempts: '2', timezone: '8' } });
const { pushes } = suite;

const base = '/api/pjts/1/iot/lighting';
const call = jsonCaller(suite);

async function lamp(options: { online?: Answer | false; lng?: number; lat?: number; projectId?: number } = {}) {
  const d = await createIotDevice(suite.t.database.db, {
    type: 'lighting',
    modelNo: 'lcunb',
    projectId: options.projectId,
    props: { ratedPower: 100 },
  });
  await suite.t.database.db.execute(
    sql`update devices set lng = ${options.lng ?? 116.4}, lat = ${options.lat ?? 39.9} where id = ${d.id}`,
  );
  if (options.online === false) return { ...d, device: null };
  return { ...d, device: await connectOnline(suite, d, options.online ?? echo) };
}

const waitBatch = (batchId: string) =>
  eventually(
    async () => (await call('GET', `${base}/batches/${batchId}`)).json(),
    (b) => b.done === true,
    10_000,
  );

const policy = (no: string, extra: Record<string, unknown> = {}) => ({
  name: `Night${no}`,
  no,
  units: [
    { type: 'on', start: { kind: 'sunset', offset: 15 } },
    { type: 'eco', level: 40, start: { kind: 'clock', time: '23:30' } },
    { type: 'off', start: { kind: 'sunrise', offset: -10 } },
  ],
  cycle: { mode: 'everyday' },
  ...extra,
});

describe('lighting config and alarm config', () => {
  it('checks ranges and cross-field rules in the caller language, stores and answers them', async () => {
    const l = await lamp({ online: false });
    const fallback = (await call('GET', `${base}/${l.id}/config`)).json();
    expect(fallback).toMatchObject({ defaultLevel: 100, ratedPower: 100, updatedAt: null });
    const bad = await call('PUT', `${base}/${l.id}/config`, { ...fallback, underCurrent: 3000, overCurrent: 2000 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Under current must be below over current');
    const zh = await call('PUT', `${base}/${l.id}/config`, { ...fallback, illuminanceUpper: 13 }, suite.admin, 'zh_CN');
    expect(zh.json().errors[0]).toEqual({ field: 'illuminanceUpper', message: expect.stringContaining('1') });
    const { updatedAt: _, delivered: __, ...body } = fallback;
    const ok = await call('PUT', `${base}/${l.id}/config`, { ...body, defaultLevel: 60 });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ defaultLevel: 60, delivered: false });
    expect((await call('GET', `${base}/${l.id}/config`)).json().defaultLevel).toBe(60);

    const alarm = (await call('GET', `${base}/${l.id}/alarmconfig`)).json();
    const { updatedAt: ___, delivered: ____, ...alarmBody } = alarm;
    const over = await call('PUT', `${base}/${l.id}/alarmconfig`, { ...alarmBody, overVoltage: 260 });
    expect(over.statusCode).toBe(400);
    expect(over.json().errors[0].field).toBe('overVoltage');
    const equal = await call('PUT', `${base}/${l.id}/alarmconfig`, {
      ...alarmBody,
      overVoltage: 220,
      underVoltage: 220,
    });
    expect(equal.json().message).toBe('Under voltage must be below over voltage');
    expect((await call('PUT', `${base}/${l.id}/alarmconfig`, { ...alarmBody, tilt: 20 })).json().tilt).toBe(20);
  });
});

describe('lighting commands', () => {
  it('sends power and dim commands, refuses bad levels, and answers offline and silent lamps', async () => {
    const l = await lamp();
    const on = await call('POST', `${base}/${l.id}/poweron`);
    expect(on.statusCode).toBe(200);
    expect(l.device!.received.at(-1)).toMatchObject({ command: 'poweron', args: { channel: 'all' } });
    const dim = await call('POST', `${base}/${l.id}/dim`, { level: 40 });
    expect(dim.json()).toMatchObject({ command: 'dim', ok: true });
    expect((await call('POST', `${base}/${l.id}/dim`, { level: 120 })).statusCode).toBe(400);
    const reset = await call('POST', `${base}/${l.id}/reset`, { hours: 3 });
    expect(reset.statusCode).toBe(200);
    const real = (await call('GET', `${base}/${l.id}/realdata`)).json();
    expect(new Date(real.unusableUntil).getTime()).toBeGreaterThan(Date.now() + 2.9 * 3_600_000);
    expect((await call('POST', `${base}/${l.id}/reset`, { hours: 13 })).statusCode).toBe(400);
    const time = await call('POST', `${base}/${l.id}/correcttime`);
    expect(l.device!.received.at(-1)!.args.time).toEqual(expect.any(String));
    expect(time.statusCode).toBe(200);

    const offline = await lamp({ online: false });
    const res = await call('POST', `${base}/${offline.id}/poweroff`);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('DEVICE_OFFLINE');
    const silent = await lamp({ online: () => null });
    expect((await call('POST', `${base}/${silent.id}/poweroff`)).statusCode).toBe(504);
    await l.device!.close();
    await silent.device!.close();
  });

  it('refuses policy mode without a policy in use: "No matching policy found, re-issue"', async () => {
    const l = await lamp();
    const res = await call('POST', `${base}/${l.id}/runmode`, { runMode: 'chronology', policyMode: 'policy' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('No matching policy found, re-issue');
    expect((await call('POST', `${base}/${l.id}/policydef`)).statusCode).toBe(409);
    const ok = await call('POST', `${base}/${l.id}/runmode`, { runMode: 'alwaysOn', policyMode: 'none' });
    expect(ok.statusCode).toBe(200);
    expect((await call('GET', `${base}/${l.id}/realdata`)).json()).toMatchObject({
      runMode: 'alwaysOn',
      policyMode: 'none',
    });
    await l.device!.close();
  });
});

describe('lighting policies', () => {
  it('checks units, the units maximum of the settings, channels and cycle dates', async () => {
    expect((await call('POST', `${base}/policies`, policy('P1', { units: [] }))).json().message).toBe(
      'At least one step is required',
    );
    const six = policy('P1', { units: Array.from({ length: 6 }, () => ({ type: 'on', start: { kind: 'sunset' } })) });
    expect((await call('POST', `${base}/policies`, six)).json().message).toBe('The maximum of 5 steps is reached');
    expect((await call('POST', `${base}/policies`, policy('P1', { channelControl: true }))).json().message).toBe(
      'No channel selected',
    );
    const dates = policy('P1', { cycle: { mode: 'week', weekdays: [1], from: '2026-05-01', to: '2026-04-01' } });
    expect((await call('POST', `${base}/policies`, dates)).json().message).toBe(
      'The end date cannot be before the start date',
    );
    const created = await call('POST', `${base}/policies`, policy('P1'));
    expect(created.statusCode).toBe(200);
    expect(created.json()).toMatchObject({ no: 'P1', range: 'all', inUse: true, lampCount: 0 });
    expect((await call('POST', `${base}/policies`, policy('P1'))).statusCode).toBe(409);
    const page = (await call('GET', `${base}/policies`)).json();
    expect(page.list.map((p: { no: string }) => p.no)).toContain('P1');
  });

  it('previews a day and a year at a lamp, uses the policy on a group with batch progress', async () => {
    const a = await lamp();
    const b = await lamp();
    const off = await lamp({ online: false });
    const p = (await call('POST', `${base}/policies`, policy('P2'))).json();
    const preview = (
      await call('GET', `${base}/policies/${p.id}/preview?lampId=${a.id}&date=2024-12-21&year=2024`)
    ).json();
    expect(preview.day.sunset).toMatch(/^16:5\d$/); // Beijing, winter solstice: 16:53
    expect(preview.day.events.map((e: { type: string }) => e.type)).toEqual(['off', 'on', 'eco']);
    expect(preview.year.days).toHaveLength(366);

    const group = (
      await call('POST', `${base}/groups`, { name: 'Avenue', no: 'G1', lampIds: [a.id, b.id, off.id] })
    ).json();
    expect(group.memberCount).toBe(3);
    pushes.length = 0;
    const started = (await call('POST', `${base}/policies/${p.id}/use`, { groupIds: [group.id] })).json();
    expect(started).toMatchObject({ command: 'use', total: 3 });
    const done = await waitBatch(started.batchId);
    expect(done).toMatchObject({ acknowledged: 2, failed: 1, pending: 0 });
    expect(done.results.find((r: { deviceId: number }) => r.deviceId === off.id)).toMatchObject({
      ok: false,
      error: 'offline',
    });
    const sent = a.device!.received.find((r) => r.command === 'policydef')!;
    expect(sent.args).toMatchObject({ timezone: 8, lng: 116.4, lat: 39.9 });
    expect((sent.args.policies as unknown[]).length).toBe(1);
    const progress = await eventually(
      async () => pushes.filter((x) => x.kind === 'batch' && x.batchId === started.batchId),
      (list) => list.some((x) => x.kind === 'batch' && x.done),
    );
    expect(progress.at(-1)).toMatchObject({ done: true, acknowledged: 2, failed: 1, pending: 0, total: 3 });
    // One operation-log entry for the batch, with each lamp's result.
    const logs = await queryRows(
      suite.t.database.db,
      sql`select command, args, success from operate_logs where command = 'batch:use'`,
    );
    expect(logs).toHaveLength(1);
    expect((logs[0]!.args as { results: unknown[] }).results).toHaveLength(3);
    expect((await call('GET', `${base}/${a.id}/policies`)).json().map((x: { id: number }) => x.id)).toEqual([p.id]);
    expect((await call('DELETE', `${base}/policies/${p.id}`)).statusCode).toBe(409);
    // Now the lamp may run in policy mode.
    expect(
      (await call('POST', `${base}/${a.id}/runmode`, { runMode: 'chronology', policyMode: 'policy' })).statusCode,
    ).toBe(200);

    const cleared = (await call('POST', `${base}/policies/clear`, { lampIds: [a.id, b.id, off.id] })).json();
    await waitBatch(cleared.batchId);
    expect((await call('DELETE', `${base}/policies/${p.id}`)).statusCode).toBe(200);

    const groupCommand = (
      await call('POST', `${base}/groups/${group.id}/command`, { command: 'dim', args: { level: 30 } })
    ).json();
    expect((await waitBatch(groupCommand.batchId)).acknowledged).toBe(2);
    expect(b.device!.received.at(-1)).toMatchObject({ command: 'dim', args: { level: 30, channel: 'all' } });
    await a.device!.close();
    await b.device!.close();
  }, 30_000);

  it('sends a power command to the lamps inside a drawn area only', async () => {
    const inside = await lamp({ lng: 100.5, lat: 30.5 });
    const outside = await lamp({ lng: 101.5, lat: 30.5 });
    const polygon = [
      [100, 30],
      [101, 30],
      [101, 31],
      [100, 31],
    ];
    const found = (await call('POST', `${base}/area/lamps`, { polygon })).json();
    expect(found.map((l: { id: number }) => l.id)).toEqual([inside.id]);
    const started = (await call('POST', `${base}/area/command`, { polygon, command: 'poweroff' })).json();
    expect(started.total).toBe(1);
    expect((await waitBatch(started.batchId)).acknowledged).toBe(1);
    expect(inside.device!.received.at(-1)!.command).toBe('poweroff');
    expect(outside.device!.received).toHaveLength(0);
    await inside.device!.close();
    await outside.device!.close();
  });
});

describe('lighting telemetry, energy and overview', () => {
  it('keeps the last state, sums energy by day and the energy dimming saved', async () => {
    const l = await lamp({ lng: 116.41, lat: 39.91 });
    const report = (values: Record<string, unknown>) => l.device!.publish('telemetry', { values });
    await report({
      on: 1,
      level: 100,
      activePower: 100,
      energy: 0.1,
      dailyEnergy: 0.1,
      runStatus: 'normal',
      voltage: 220,
    });
    await report({
      on: 1,
      level: 50,
      activePower: 50,
      energy: 0.05,
      dailyEnergy: 0.15,
      runStatus: 0,
      deviceTime: '2026-11-23 08:00:00',
    });
    const row = await eventually(
      async () => (await call('GET', `${base}/pages?keyword=${encodeURIComponent(l.name)}`)).json().list[0],
      (r) => r?.level === 50,
    );
    expect(row).toMatchObject({ state: 'dimmed', activePower: 50, energyToday: 0.15, on: true, runStatus: 'normal' });
    expect((await call('GET', `${base}/${l.id}/realdata`)).json().deviceTime).toBe('2026-11-23 08:00:00');
    const summary = await eventually(
      async () => (await call('GET', `${base}/power/summary?scope=lamp&id=${l.id}`)).json(),
      (s) => s.energy > 0.14,
    );
    expect(summary.energy).toBeCloseTo(0.15, 3);
    expect(summary.byDay).toHaveLength(1);
    const last = (await call('GET', `${base}/power/last?scope=lamp&id=${l.id}`)).json();
    expect(last[0]).toMatchObject({ id: l.id, activePower: 50 });
    (suite.t.app as unknown as { lighting: { forgetEnergy(): void } }).lighting.forgetEnergy();
    const overview = (await call('GET', `${base}/summary`)).json();
    expect(overview.byState.dimmed).toBeGreaterThanOrEqual(1);
    expect(overview.energyToday).toBeGreaterThanOrEqual(0.15);
    // 0.05 kWh at 50 %: full power would have drawn 0.1.
    expect(overview.savedToday).toBeGreaterThanOrEqual(0.05);
    expect(overview.total).toBe(
      Object.values(overview.byState as Record<string, number>).reduce((s: number, n: number) => s + n, 0),
    );
    // Events with their codes land in the overview's faults.
    await l.device!.publish('event', { code: 19, type: 'occur', level: 'alarm', detail: { triggerType: 'other' } });
    const faults = await eventually(
      async () => (await call('GET', `${base}/summary`)).json().faultsByCode,
      (f) => f.some((x: { code: string }) => x.code === '19'),
    );
    expect(faults.find((x: { code: string }) => x.code === '19').count).toBeGreaterThanOrEqual(1);
    await l.device!.close();
  });

  it('computes the lighting rate from the policies in use at the lamps’ coordinates', async () => {
    const a = await lamp({ lng: 120, lat: 30 });
    const b = await lamp({ lng: 120, lat: 30 });
    // Always on by clock: on at 00:00, nothing else.
    const p = (
      await call('POST', `${base}/policies`, {
        name: 'AllDay',
        no: 'PA',
        units: [{ type: 'on', start: { kind: 'clock', time: '00:00' } }],
        cycle: { mode: 'everyday' },
      })
    ).json();
    await waitBatch((await call('POST', `${base}/policies/${p.id}/use`, { lampIds: [a.id, b.id] })).json().batchId);
    await a.device!.publish('telemetry', { values: { on: 1, level: 100 } });
    await b.device!.publish('telemetry', { values: { on: 0, level: 0 } });
    const overview = await eventually(
      async () => (await call('GET', `${base}/summary`)).json(),
      (o) => o.shouldBeLit >= 2 && o.litOfShould >= 1,
    );
    expect(overview.shouldBeLit).toBe(2);
    expect(overview.litOfShould).toBe(1);
    expect(overview.lightingRate).toBe(0.5);
    await a.device!.close();
    await b.device!.close();
  });
});

describe('lighting scope', () => {
  it("refuses another project's lamps, groups and policies", async () => {
    const other = await createProject(suite.t.database.db, 1, ['lighting']);
    const theirs = await lamp({ online: false, projectId: other.id });
    // A lamp of another project's subtree is not there (a child project's is, from its parent: issue 13).
    const sibling = await createProject(suite.t.database.db, 1, ['lighting']);
    expect((await call('GET', `/api/pjts/${sibling.id}/iot/lighting/${theirs.id}/config`)).statusCode).toBe(404);
    // Its last report is read beside the scope check: still nothing of it in the answer.
    const refused = await call('GET', `/api/pjts/${sibling.id}/iot/lighting/${theirs.id}/realdata`);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).not.toHaveProperty('values');
    // From its own project's parent (the subtree), it is there.
    expect((await call('GET', `${base}/${theirs.id}/realdata`)).json()).toMatchObject({ id: theirs.id });
    // Commands and groups too: from the sibling's screens, the lamp is not there.
    const siblingBase = `/api/pjts/${sibling.id}/iot/lighting`;
    expect(
      (await call('POST', `${siblingBase}/batch/command`, { command: 'poweron', lampIds: [theirs.id] })).statusCode,
    ).toBe(404);
    const group = (await call('POST', `${siblingBase}/groups`, { name: 'Mine', no: 'GM' })).json();
    expect((await call('POST', `${siblingBase}/groups/${group.id}/members`, { add: [theirs.id] })).statusCode).toBe(
      404,
    );
    const outsider = await createUser(
      suite.t.database.db,
      (await createRole(suite.t.database.db, other.id, { pjtdevicelightinglist: 10, pjtdevicelightinggroup: 10 })).id,
    );
    const token = await suite.t.token(outsider.name, outsider.password);
    expect((await call('GET', `${base}/groups/${group.id}`, undefined, token)).statusCode).toBe(404);
    expect(
      (await call('GET', `/api/pjts/${other.id}/iot/lighting/groups/${group.id}`, undefined, token)).statusCode,
    ).toBe(404);
    const viewer = await createUser(
      suite.t.database.db,
      (await createRole(suite.t.database.db, 1, { pjtdevicelightinglist: 1 })).id,
    );
    const viewerToken = await suite.t.token(viewer.name, viewer.password);
    expect(
      (await call('POST', `${base}/batch/command`, { command: 'poweron', lampIds: [1] }, viewerToken)).statusCode,
    ).toBe(403);
    expect((await call('GET', `${base}/pages`, undefined, viewerToken)).statusCode).toBe(200);
  });
});

describe('the lamp list', () => {
  it('pages a project’s lamps by name with their total, and filters them by state', async () => {
    const project = await createProject(suite.t.database.db, 1, ['lighting']);
    const names = ['灯G', '灯A', '灯F', '灯B', '灯E', '灯C', '灯D'];
    const ids = new Map<string, number>();
    for (const name of names) {
      const l = await lamp({ online: false, projectId: project.id });
      await suite.t.database.db.execute(sql`update devices set name = ${name}, active_state = 1 where id = ${l.id}`);
      ids.set(name, l.id);
    }
    // 灯F reported itself on at half its level: dimmed; the others never reported (off).
    await suite.t.database.db.execute(
      sql`insert into lighting_state (device_id, project_id, at, "on", level) values (${ids.get('灯F')!}, ${project.id}, now(), 1, 50)`,
    );
    const list = `/api/pjts/${project.id}/iot/lighting/pages`;
    const nameList = (page: { list: { name: string }[] }) => page.list.map((r) => r.name);
    const second = (await call('GET', `${list}?pageSize=5&page=2`)).json();
    expect(second).toMatchObject({ total: 7, page: 2, pageSize: 5 });
    expect(nameList(second)).toEqual(['灯F', '灯G']);
    expect(second.list[0]).toMatchObject({ id: ids.get('灯F'), state: 'dimmed', level: 50, on: true });
    const dimmed = (await call('GET', `${list}?state=dimmed`)).json();
    expect(dimmed).toMatchObject({ total: 1, list: [{ name: '灯F', state: 'dimmed' }] });
    const off = (await call('GET', `${list}?state=off&pageSize=5`)).json();
    expect(off.total).toBe(6);
    expect(nameList(off)).toEqual(['灯A', '灯B', '灯C', '灯D', '灯E']);
    expect((await call('GET', `${list}?state=fault`)).json()).toMatchObject({ total: 0, list: [] });
  });
});
