import { AUTH_LEVEL, lightingManifest, type RealtimePush, whmManifest } from '@sc/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createIotDevice, createProject, createRole, createUser } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { connectTestDevice } from '../test-device.js';

let t: TestApp;
let url: string;
beforeAll(async () => {
  t = await createTestApp({}, { mqtt: true });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `ws://127.0.0.1:${(t.app.server.address() as { port: number }).port}/api/ws`;
});
afterAll(() => t.close());

/** A console tab: collects pushes, answers when one matches. */
async function openTab(token: string) {
  const socket = new WebSocket(`${url}?token=${token}`);
  const pushes: RealtimePush[] = [];
  const waiters: { match: (p: RealtimePush) => boolean; resolve: (p: RealtimePush) => void }[] = [];
  socket.on('message', (data) => {
    const push = JSON.parse(String(data)) as RealtimePush;
    pushes.push(push);
    for (const w of waiters.filter((x) => x.match(push))) w.resolve(push);
  });
  await new Promise((resolve, reject) => {
    socket.on('open', resolve);
    socket.on('error', reject);
  });
  const next = (match: (p: RealtimePush) => boolean, ms = 5000) =>
    new Promise<RealtimePush>((resolve, reject) => {
      const found = pushes.find(match);
      if (found) return resolve(found);
      waiters.push({ match, resolve });
      setTimeout(() => reject(new Error(`no push within ${ms} ms; got ${JSON.stringify(pushes)}`)), ms);
    });
  return { socket, pushes, next, send: (m: unknown) => socket.send(JSON.stringify(m)) };
}

describe('realtime channel', () => {
  it('refuses a socket without a valid token', async () => {
    const socket = new WebSocket(`${url}?token=nonsense`);
    const outcome = await new Promise((resolve) => {
      socket.on('open', () => resolve('open'));
      socket.on('error', () => resolve('refused'));
    });
    expect(outcome).toBe('refused');
  });

  it('pushes telemetry and state of subscribed devices, and nothing of others', async () => {
    const watched = await createIotDevice(t.database.db, { type: 'envmonitor', modelNo: 'envrs485' });
    const other = await createIotDevice(t.database.db, { type: 'envmonitor', modelNo: 'envrs485' });
    const tab = await openTab(await t.token());
    tab.send({ op: 'subscribe', devices: [watched.id] });
    expect(await tab.next((p) => p.kind === 'subscribed')).toEqual({
      kind: 'subscribed',
      devices: [watched.id],
      projects: [],
    });
    const a = await connectTestDevice(t.app.iot.broker()!.port, watched.equipmentId, watched.key1);
    const b = await connectTestDevice(t.app.iot.broker()!.port, other.equipmentId, other.key1);
    await b.publish('telemetry', { values: { temperature: 5 } });
    await a.publish('telemetry', { values: { temperature: 23.5 } });
    const telemetry = await tab.next((p) => p.kind === 'telemetry');
    expect(telemetry).toMatchObject({
      kind: 'telemetry',
      deviceId: watched.id,
      type: 'envmonitor',
      values: { temperature: 23.5 },
    });
    expect(await tab.next((p) => p.kind === 'state')).toMatchObject({ deviceId: watched.id, activeState: 1 });
    expect(tab.pushes.some((p) => 'deviceId' in p && p.deviceId === other.id)).toBe(false);
    tab.send({ op: 'ping' });
    expect(await tab.next((p) => p.kind === 'pong')).toEqual({ kind: 'pong' });
    tab.socket.close();
    await a.close();
    await b.close();
  });

  it("grants only devices and projects inside the user's subtree", async () => {
    const mine = await createProject(t.database.db, 1, ['env']);
    const theirs = await createProject(t.database.db, 1, ['env']);
    const foreign = await createIotDevice(t.database.db, {
      type: 'envmonitor',
      modelNo: 'envrs485',
      projectId: theirs.id,
    });
    const own = await createIotDevice(t.database.db, { type: 'envmonitor', modelNo: 'envrs485', projectId: mine.id });
    const user = await createUser(
      t.database.db,
      (await createRole(t.database.db, mine.id, { pjtdeviceenvmonitorlist: 1 })).id,
    );
    const tab = await openTab(await t.token(user.name, user.password));
    tab.send({ op: 'subscribe', devices: [foreign.id, own.id], projects: [theirs.id, mine.id] });
    expect(await tab.next((p) => p.kind === 'subscribed')).toEqual({
      kind: 'subscribed',
      devices: [own.id],
      projects: [mine.id],
    });
    tab.socket.close();
  });
});

/**
 * Issue 30: a subscriber receives only what it may read through the API, at the same levels as the
 * calls that read it (per family): a user with N/A on lighting and meters subscribed to their project
 * gets none of their lamps' or meters' telemetry, state or batches, while a user with view does.
 */
describe('pushes follow the levels of the calls', () => {
  const screenKeys = (screens: readonly { key: string; kind?: string }[]) =>
    Object.fromEntries(screens.filter((s) => s.kind !== 'group').map((s) => [s.key, AUTH_LEVEL.view]));

  it('gives lighting and meter pushes only to a subscriber with view on them', async () => {
    const db = t.database.db;
    const project = await createProject(db, 1, ['env', 'lighting', 'whm']);
    const envOnly = await createUser(db, (await createRole(db, project.id, { pjtdeviceenvmonitorlist: 1 })).id);
    const viewer = await createUser(
      db,
      (
        await createRole(db, project.id, {
          pjtdeviceenvmonitorlist: 1,
          ...screenKeys(lightingManifest.screens),
          ...screenKeys(whmManifest.screens),
        })
      ).id,
    );
    const lamp = await createIotDevice(db, { type: 'lighting', modelNo: 'lcunb', projectId: project.id });
    const meter = await createIotDevice(db, { type: 'watthourmeter', modelNo: 'whmrs485', projectId: project.id });
    const env = await createIotDevice(db, { type: 'envmonitor', modelNo: 'envrs485', projectId: project.id });

    const restricted = await openTab(await t.token(envOnly.name, envOnly.password));
    const allowed = await openTab(await t.token(viewer.name, viewer.password));
    for (const tab of [restricted, allowed]) {
      tab.send({ op: 'subscribe', projects: [project.id] });
      expect(await tab.next((p) => p.kind === 'subscribed')).toMatchObject({ projects: [project.id] });
    }
    const port = t.app.iot.broker()!.port;
    const devices = [
      await connectTestDevice(port, lamp.equipmentId, lamp.key1),
      await connectTestDevice(port, meter.equipmentId, meter.key1),
      await connectTestDevice(port, env.equipmentId, env.key1),
    ];
    await devices[0]!.publish('telemetry', { values: { voltage: 230, current: 0.4, power: 90, level: 80 } });
    await devices[1]!.publish('telemetry', { values: { reading: 1000, power: 2 } });
    // The environment reading comes last: once the restricted tab has it, the others had their turn.
    await devices[2]!.publish('telemetry', { values: { temperature: 21 } });

    const of = (id: number) => (p: RealtimePush) => 'deviceId' in p && p.deviceId === id;
    for (const id of [lamp.id, meter.id, env.id]) await allowed.next((p) => of(id)(p) && p.kind === 'telemetry');
    await allowed.next((p) => of(lamp.id)(p) && p.kind === 'state');
    await restricted.next((p) => of(env.id)(p) && p.kind === 'telemetry');
    await restricted.next((p) => of(env.id)(p) && p.kind === 'state');
    await new Promise((r) => setTimeout(r, 300));
    const leaked = restricted.pushes.filter((p) => of(lamp.id)(p) || of(meter.id)(p));
    expect(leaked).toEqual([]);

    // A lighting batch's progress goes to lighting's readers only.
    const batch = {
      kind: 'batch' as const,
      batchId: 'b-1',
      projectId: project.id,
      type: 'lighting',
      command: 'switch',
      total: 1,
      acknowledged: 1,
      failed: 0,
      pending: 0,
      done: true,
      at: new Date().toISOString(),
    };
    t.app.iot.hub.publish(batch);
    t.app.iot.hub.publish({ ...batch, batchId: 'b-2', type: 'envmonitor' });
    await allowed.next((p) => p.kind === 'batch' && p.batchId === 'b-1');
    await restricted.next((p) => p.kind === 'batch' && p.batchId === 'b-2');
    expect(restricted.pushes.some((p) => p.kind === 'batch' && p.batchId === 'b-1')).toBe(false);

    for (const tab of [restricted, allowed]) tab.socket.close();
    for (const d of devices) await d.close();
  });
});
