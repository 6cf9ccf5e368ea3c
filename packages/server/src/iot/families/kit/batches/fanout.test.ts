import { type CommandRequest, FANOUT_COMMAND, type FanoutArgs, upTopic } from '@sc/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIotDevice, queryRows } from '../../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../../test/test-app.js';
import type { CommandTarget } from '../../../command-bus.js';
import { connectTestDevice } from '../../../test-device.js';
import type { FamilyContext } from '../../family-handler.js';
import { createFamilyBatches } from './family-batches.js';

/**
 * Batches through real gateways on the embedded broker: the children of one gateway go out as one
 * `fanout` request and come back as one reply per child; a repeat carries only the children not
 * answered, with their ids of the first time.
 */
let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await createTestApp({}, { mqtt: true });
  port = t.app.iot.broker()!.port;
}, 120_000);
afterAll(() => t?.close());

const ctx = () =>
  ({
    repository: (create: (db: TestApp['database']['db']) => unknown) => create(t.database.db),
    iot: { hub: t.app.iot.hub, bus: t.app.iot.bus, recordOperation: t.app.iot.recordOperation },
  }) as unknown as FamilyContext;

/** A gateway with `lamps` children, all active; one of them inactive when `inactive`. */
async function gatewayWithLamps(lamps: number, options: { inactive?: number } = {}) {
  const gw = await createIotDevice(t.database.db, { type: 'gateway', modelNo: 'gws', activeState: 1 });
  const targets: CommandTarget[] = [];
  for (let i = 0; i < lamps; i++) {
    const activeState = i === options.inactive ? 2 : 1;
    const d = await createIotDevice(t.database.db, {
      type: 'lighting',
      modelNo: 'lcunb',
      parentId: gw.id,
      activeState,
    });
    targets.push({
      id: d.id,
      projectId: 1,
      name: `L${i + 1}`,
      equipmentId: d.equipmentId,
      activeState,
      parentEquipmentId: gw.equipmentId,
    });
  }
  return { gw, targets };
}

/**
 * Connects the gateway: answers each fan-out item once per id (a repeat with the first reply) unless
 * `drop` says to lose that reply the first time; `refuse` answers `fanout` as an unknown command and
 * single requests as a gateway that relays them.
 */
async function connectGateway(
  gw: { equipmentId: string; key1: string },
  options: { drop?: (device: string) => boolean; refuse?: boolean } = {},
) {
  const executed: string[] = [];
  const answered = new Set<string>();
  const requests: CommandRequest[] = [];
  const device = await connectTestDevice(port, gw.equipmentId, gw.key1, (request) => {
    requests.push(request);
    if (request.command !== FANOUT_COMMAND) {
      if (!answered.has(request.id)) executed.push(request.device ?? gw.equipmentId);
      answered.add(request.id);
      return { ok: true, result: { level: 100 } };
    }
    if (options.refuse) return { ok: false, error: 'unsupported command fanout' };
    const { items } = request.args as unknown as FanoutArgs;
    for (const item of items) {
      const first = !answered.has(item.id);
      if (first) executed.push(item.device);
      answered.add(item.id);
      if (first && options.drop?.(item.device)) continue;
      void device.client.publishAsync(
        upTopic(gw.equipmentId, 'reply'),
        JSON.stringify({ id: item.id, ok: true, result: { level: 100 } }),
        { qos: 1 },
      );
    }
    return null;
  });
  return { device, executed, requests };
}

const resultsOf = (batchId: string) =>
  queryRows<{ device_id: number; ok: boolean | null; error: string | null }>(
    t.database.db,
    sql`select device_id, ok, error from family_batch_targets where batch_id = ${batchId} order by seq`,
  );

async function runBatch(targets: CommandTarget[]) {
  const batches = createFamilyBatches(ctx(), { type: 'fanouttest', targetsName: (n) => `${n} lamps` });
  const { batchId } = await batches.start({ actor: null, projectId: 1, command: 'poweron', targets, args: {} });
  await batches.settled();
  return resultsOf(batchId);
}

describe('gateway fan-out', () => {
  it("sends a gateway's children one request and stores each child's reply", async () => {
    const { gw, targets } = await gatewayWithLamps(12);
    const gateway = await connectGateway(gw);
    const results = await runBatch(targets);
    expect(results.map((r) => r.ok)).toEqual(targets.map(() => true));
    expect(gateway.requests).toHaveLength(1);
    expect(gateway.requests[0]!.command).toBe(FANOUT_COMMAND);
    const args = gateway.requests[0]!.args as unknown as FanoutArgs;
    expect(args.command).toBe('poweron');
    expect(args.items.map((i) => i.device)).toEqual(targets.map((l) => l.equipmentId));
    await gateway.device.close();
  });

  it('sends again only the children whose reply was lost, with their first ids, each executed once', async () => {
    const { gw, targets } = await gatewayWithLamps(6);
    const lost = new Set([targets[1]!.equipmentId, targets[4]!.equipmentId]);
    const gateway = await connectGateway(gw, { drop: (device) => lost.has(device) });
    const results = await runBatch(targets);
    expect(results.every((r) => r.ok === true)).toBe(true);
    expect(gateway.requests).toHaveLength(2);
    const first = gateway.requests[0]!.args as unknown as FanoutArgs;
    const repeat = gateway.requests[1]!.args as unknown as FanoutArgs;
    expect(repeat.items.map((i) => i.device).sort()).toEqual([...lost].sort());
    for (const item of repeat.items) expect(first.items.find((i) => i.device === item.device)?.id).toBe(item.id);
    expect(gateway.executed.sort()).toEqual(targets.map((l) => l.equipmentId!).sort());
    await gateway.device.close();
  });

  it('marks an inactive child offline without asking the gateway for it', async () => {
    const { gw, targets } = await gatewayWithLamps(4, { inactive: 2 });
    const gateway = await connectGateway(gw);
    const results = await runBatch(targets);
    expect(results.map((r) => [r.ok, r.error])).toEqual([
      [true, null],
      [true, null],
      [false, 'offline'],
      [true, null],
    ]);
    const args = gateway.requests[0]!.args as unknown as FanoutArgs;
    expect(args.items).toHaveLength(3);
    await gateway.device.close();
  });

  it('answers every child offline when the gateway is not connected', async () => {
    const { targets } = await gatewayWithLamps(3);
    const results = await runBatch(targets);
    expect(results.map((r) => r.error)).toEqual(['offline', 'offline', 'offline']);
  });

  it('sends the children one by one, with the same ids, to a gateway that does not fan out', async () => {
    const { gw, targets } = await gatewayWithLamps(3);
    const gateway = await connectGateway(gw, { refuse: true });
    const results = await runBatch(targets);
    expect(results.every((r) => r.ok === true)).toBe(true);
    const fanout = gateway.requests.find((r) => r.command === FANOUT_COMMAND)!;
    const singles = gateway.requests.filter((r) => r.command === 'poweron');
    expect(singles.map((r) => r.device)).toEqual(targets.map((l) => l.equipmentId));
    const items = (fanout.args as unknown as FanoutArgs).items;
    expect(singles.map((r) => r.id)).toEqual(items.map((i) => i.id));
    await gateway.device.close();
  });
});
