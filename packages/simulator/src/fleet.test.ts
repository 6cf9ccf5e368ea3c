import { commandTopic, type ReplyMessage } from '@sc/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../server/src/demo/seed-demo.js';
import type { CommandTarget } from '../../server/src/iot/command-bus.js';
import { eventually } from '../../server/src/iot/test-device.js';
import { queryRows } from '../../server/src/test/factories.js';
import { createTestApp, type TestApp } from '../../server/src/test/test-app.js';
import { createFleet, type Fleet } from './fleet.js';

let t: TestApp;
let fleet: Fleet;
const replies: ReplyMessage[] = [];

beforeAll(async () => {
  t = await createTestApp({}, { mqtt: true });
  const { secret } = await seedDemo(t.database.db, 20);
  // See every reply the server settles (the bus is looked up at call time by the ingest).
  const settle = t.app.iot.bus.settle.bind(t.app.iot.bus);
  t.app.iot.bus.settle = (reply) => {
    replies.push(reply);
    settle(reply);
  };
  fleet = createFleet({
    url: `mqtt://127.0.0.1:${t.app.iot.broker()!.port}`,
    secret,
    devices: 20,
    rate: 60,
    offline: 0,
  });
  await fleet.start();
});
afterAll(async () => {
  await fleet?.stop();
  await t?.close();
});

const rows = (query: ReturnType<typeof sql>) => queryRows(t.database.db, query);

async function target(equipmentId: string): Promise<CommandTarget> {
  const [row] =
    await rows(sql`select d.id, d.project_id as "projectId", d.name, d.equipment_id as "equipmentId", p.equipment_id as "parentEquipmentId"
    from devices d left join devices p on p.id = d.parent_id where d.equipment_id = ${equipmentId}`);
  return { ...(row as unknown as CommandTarget), activeState: 1 };
}

describe('a fleet of 20 demo devices on the embedded broker', () => {
  it('connects with demo keys; gateways carry their children, which open no connection of their own', async () => {
    // 20 planned, one without a model (no production item, cannot sign in).
    expect(fleet.devices).toHaveLength(19);
    const gateway = fleet.connectionOf('DEMO000001')!;
    expect(gateway.children.map((c) => c.equipmentId)).toContain('DEMO000004');
    expect(fleet.connectionOf('DEMO000004')).toBe(gateway);
    expect(fleet.stats.failedConnects).toBe(0);
    expect(fleet.stats.connected).toBe(fleet.connections.length);
    const online = t.app.iot.broker()!.connected();
    expect(online.has('DEMO000001')).toBe(true);
    expect(online.has('DEMO000004')).toBe(false);
  });

  it('sends readings the server stores, relayed by the gateway, and marks the devices active', async () => {
    const stored = await eventually(
      () =>
        rows(
          sql`select r.temperature, r.pm25, r.atmosphere from env_readings r join devices d on d.id = r.device_id where d.equipment_id = 'DEMO000004'`,
        ),
      (r) => r.length > 0,
      15_000,
    );
    expect(stored.length).toBeGreaterThan(0);
    expect(Number(stored[0]!.atmosphere)).toBeGreaterThan(95);
    const active = await eventually(
      () =>
        rows(
          sql`select equipment_id from devices where active_state = 1 and equipment_id in ('DEMO000001', 'DEMO000004', 'DEMO000005')`,
        ),
      (r) => r.length === 3,
      10_000,
    );
    expect(active).toHaveLength(3);
  });

  it('answers gateway and child commands through the command bus, and runs a repeated id once', async () => {
    const gateway = await target('DEMO000001');
    const outcome = await t.app.iot.bus.send(null, gateway, 'correcttime', { time: new Date().toISOString() });
    expect(outcome.ok).toBe(true);
    expect(outcome.result).toMatchObject({ previousOffsetMs: expect.any(Number) });
    for (const command of ['clearlcus', 'register'])
      expect((await t.app.iot.bus.send(null, gateway, command, {})).ok).toBe(true);

    // The same request again (as the bus does when a reply is lost): the first reply, not a second run.
    const repeated = fleet.stats.repeated;
    const request = { id: outcome.requestId, command: 'correcttime', args: {}, ts: Date.now() };
    await t.app.iot.link()!.publish(commandTopic('DEMO000001'), JSON.stringify(request), 1);
    const both = await eventually(
      async () => replies.filter((r) => r.id === outcome.requestId),
      (r) => r.length === 2,
    );
    expect(both[1]).toEqual(both[0]);
    // Answered from the first run, not run again. The fleet's counts are not the measure: its other
    // devices may run (and the bus repeat) the server's own commands meanwhile on a loaded machine.
    expect(fleet.stats.repeated).toBeGreaterThanOrEqual(repeated + 1);

    // A child's command goes to its gateway, naming the child.
    const monitor = await target('DEMO000004');
    expect(monitor.parentEquipmentId).toBe('DEMO000001');
    const report = await t.app.iot.bus.send(null, monitor, 'report', {});
    expect(report.ok).toBe(true);
    expect((report.result as { values: Record<string, number> }).values.temperature).toEqual(expect.any(Number));
    const unknown = await t.app.iot.bus.send(null, gateway, 'selfdestruct', {});
    expect(unknown.ok).toBe(false);
  });

  it('reboots a gateway: it drops off the broker and comes back', async () => {
    const gateway = await target('DEMO000002');
    expect((await t.app.iot.bus.send(null, gateway, 'reboot', {})).ok).toBe(true);
    const online = () => Promise.resolve(t.app.iot.broker()!.connected().has('DEMO000002'));
    expect(await eventually(online, (v) => !v, 3000)).toBe(false);
    expect(await eventually(online, (v) => v, 15_000)).toBe(true);
  });
});
