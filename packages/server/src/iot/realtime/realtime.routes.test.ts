import type { RealtimePush } from '@sc/contract';
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
