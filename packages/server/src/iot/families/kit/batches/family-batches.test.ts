import type { RealtimePush } from '@sc/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIotDevice, queryRows } from '../../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../../test/test-app.js';
import type { CommandTarget } from '../../../command-bus.js';
import { eventually } from '../../../test-device.js';
import type { FamilyContext } from '../../family-handler.js';
import { createFamilyBatches, type FamilyBatchOptions } from './family-batches.js';

/**
 * Batches on a real database with devices faked behind the bus: each device runs a command id once and
 * answers a repeated id with its first reply; a device may be told to hold its reply (a reply lost when
 * the instance waiting for it died). Two instances are two `createFamilyBatches` on one database.
 */
const TYPE = 'kittest';
let t: TestApp;
let lamps: CommandTarget[];

beforeAll(async () => {
  t = await createTestApp();
  lamps = [];
  for (let i = 0; i < 10; i++) {
    const d = await createIotDevice(t.database.db, { type: 'lighting', modelNo: 'lcunb', activeState: 1 });
    lamps.push({ id: d.id, projectId: 1, name: `L${i + 1}`, equipmentId: d.equipmentId, activeState: 1 });
  }
}, 120_000);
afterAll(() => t?.close());

/** The fake devices every instance sends to. */
function devices() {
  const executed = new Map<number, string[]>();
  const replies = new Map<string, { ok: boolean }>();
  const held = new Set<number>();
  const waiting: (() => void)[] = [];
  return {
    executed,
    held,
    /** Lets the held replies through. */
    letGo() {
      held.clear();
      for (const go of waiting.splice(0)) go();
    },
    async receive(deviceId: number, requestId: string) {
      await new Promise((r) => setImmediate(r));
      if (!replies.has(requestId)) {
        executed.set(deviceId, [...(executed.get(deviceId) ?? []), requestId]);
        replies.set(requestId, { ok: true });
      }
      if (held.has(deviceId)) await new Promise<void>((go) => waiting.push(go));
      return replies.get(requestId)!;
    },
  };
}

/** One server instance: its bus (recording what it sent), its pushes, its batches. */
function instance(
  fleet: ReturnType<typeof devices>,
  options: Partial<FamilyBatchOptions> & { acks?: number[][] } = {},
) {
  const sent: { deviceId: number; requestId: string; args: unknown; extraSeconds?: number }[] = [];
  const pushes: RealtimePush[] = [];
  const ctx = {
    repository: (create: (db: TestApp['database']['db']) => unknown) => create(t.database.db),
    iot: {
      hub: { publish: (p: RealtimePush) => pushes.push(p) },
      bus: {
        async send(
          _actor: unknown,
          target: CommandTarget,
          _command: string,
          args: unknown,
          o: { requestId: string; extraSeconds?: number },
        ) {
          sent.push({ deviceId: target.id, requestId: o.requestId, args, extraSeconds: o.extraSeconds });
          const reply = await fleet.receive(target.id, o.requestId);
          return { ...reply, requestId: o.requestId, durationMs: 1, attempts: 1 };
        },
      },
      recordOperation: t.app.iot.recordOperation,
    },
  } as unknown as FamilyContext;
  const batches = createFamilyBatches(ctx, {
    type: TYPE,
    targetsName: (n) => `${n} lamps`,
    onAcks: { runmode: async (set) => void options.acks?.push(set.map((x) => x.id)) },
    leaseMs: 400,
    sweepMs: 60_000,
    ...options,
  });
  return { batches, sent, pushes };
}

const targetRows = (batchId: string) =>
  queryRows<{ device_id: number; ok: boolean | null; request_id: string }>(
    t.database.db,
    sql`select device_id, ok, request_id from family_batch_targets where batch_id = ${batchId} order by seq`,
  );
const batchRow = async (batchId: string) =>
  (await queryRows(t.database.db, sql`select * from family_batches where id = ${batchId}`))[0]!;
const logOf = async (batchId: string) =>
  (
    await queryRows<{ result: string; success: boolean; args: { results: { ok: boolean | null }[] } }>(
      t.database.db,
      sql`select result, success, args from operate_logs where args->>'batchId' = ${batchId}`,
    )
  )[0];
const answered = (rows: { ok: boolean | null }[]) => rows.filter((r) => r.ok !== null).length;

describe('family batches', () => {
  it('stores each result as it arrives and writes the log entry at the start', async () => {
    const fleet = devices();
    fleet.held.add(lamps[3]!.id);
    const a = instance(fleet);
    const started = await a.batches.start({
      actor: null,
      projectId: 1,
      command: 'poweron',
      targets: lamps.slice(0, 4),
      args: {},
    });
    expect((await logOf(started.batchId))?.result).toBe('0/4 acknowledged, running');
    // Three answered while the fourth holds its reply: stored, the batch still running.
    const rows = await eventually(
      () => targetRows(started.batchId),
      (r) => answered(r) === 3,
    );
    expect(rows.map((r) => r.ok)).toEqual([true, true, true, null]);
    expect(await batchRow(started.batchId)).toMatchObject({ state: 'running', acknowledged: 3 });
    fleet.letGo();
    await a.batches.settled();
    expect(await batchRow(started.batchId)).toMatchObject({ state: 'done', acknowledged: 4, failed: 0 });
    expect(await logOf(started.batchId)).toMatchObject({ result: '4/4 acknowledged, 0 failed', success: true });
    expect((await logOf(started.batchId))!.args.results).toHaveLength(4);
    await a.batches.stop();
  });

  it("awaits each target's reply the extra seconds the family asks for its arguments", async () => {
    const a = instance(devices(), { extraSeconds: (_command, args) => Number(args.bytes) / 1000 });
    const started = await a.batches.start({
      actor: null,
      projectId: 1,
      command: 'poweron',
      targets: lamps.slice(0, 2),
      args: (target) => ({ bytes: target.id === lamps[0]!.id ? 80_000 : 0 }),
    });
    await a.batches.settled();
    expect(await batchRow(started.batchId)).toMatchObject({ state: 'done', acknowledged: 2 });
    expect(a.sent.map((s) => s.extraSeconds)).toEqual([80, 0]);
    await a.batches.stop();
  });

  it('closes a batch left by a crash as interrupted at start-up, with what is known', async () => {
    const fleet = devices();
    for (const l of lamps.slice(6)) fleet.held.add(l.id);
    const acks: number[][] = [];
    const a = instance(fleet, { acks });
    const started = await a.batches.start({
      actor: null,
      projectId: 1,
      command: 'runmode',
      targets: lamps,
      args: { runMode: 'alwaysOn', policyMode: 'none' },
    });
    await eventually(
      () => targetRows(started.batchId),
      (r) => answered(r) === 6,
    );
    a.batches.halt(); // killed: nothing more is written

    // The next process, starting: it claims the batch once the lease ran out and closes it.
    const bAcks: number[][] = [];
    const b = instance(fleet, { acks: bAcks });
    await eventually(
      async () => {
        await b.batches.sweep();
        return (await batchRow(started.batchId)).state;
      },
      (s) => s === 'interrupted',
    );
    expect(b.sent).toEqual([]);
    const status = (await b.batches.status(1, started.batchId))!;
    expect(status).toMatchObject({ state: 'interrupted', done: true, acknowledged: 6, failed: 0, pending: 4 });
    expect(status.results.map((r) => r.ok)).toEqual([true, true, true, true, true, true, null, null, null, null]);
    // What the acknowledged lamps now run is stored (again), the log entry completed.
    expect(bAcks.flat().sort()).toEqual(
      lamps
        .slice(0, 6)
        .map((l) => l.id)
        .sort(),
    );
    expect(await logOf(started.batchId)).toMatchObject({
      result: 'interrupted: 6/10 acknowledged, 0 failed, 4 not answered',
      success: false,
    });
    expect(b.pushes.at(-1)).toMatchObject({ kind: 'batch', state: 'interrupted', done: true, acknowledged: 6 });
    fleet.letGo();
    await b.batches.stop();
  });

  it('is taken over by another instance after its lease ran out, without sending anything twice', async () => {
    const fleet = devices();
    const b = instance(fleet, { sweepMs: 100 });
    // B has been up longer than its first lease and sweep: it takes over rather than closes.
    await new Promise((r) => setTimeout(r, 600));
    for (const l of lamps.slice(6)) fleet.held.add(l.id);
    const a = instance(fleet);
    const started = await a.batches.start({
      actor: null,
      projectId: 1,
      command: 'dim',
      targets: lamps,
      args: { level: 40 },
    });
    await eventually(
      () => targetRows(started.batchId),
      (r) => answered(r) === 6,
    );
    // The last four went out (and ran) but their replies die with A.
    await eventually(
      async () => a.sent.length,
      (n) => n === 10,
    );
    a.batches.halt();
    fleet.held.clear();

    await eventually(
      async () => {
        await b.batches.sweep();
        return (await batchRow(started.batchId)).state;
      },
      (s) => s !== 'running',
      10_000,
    );
    await b.batches.settled();
    const rows = await targetRows(started.batchId);
    expect(await batchRow(started.batchId)).toMatchObject({ state: 'done', acknowledged: 10, failed: 0 });
    // B sent only what was not answered, each with the command id A used: the devices ran each once.
    expect(b.sent.map((s) => s.deviceId)).toEqual(lamps.slice(6).map((l) => l.id));
    expect(b.sent.map((s) => s.requestId)).toEqual(rows.slice(6).map((r) => r.request_id));
    expect(b.sent.every((s) => (s.args as { level: number }).level === 40)).toBe(true);
    for (const l of lamps) expect(fleet.executed.get(l.id)).toHaveLength(1);
    expect(await logOf(started.batchId)).toMatchObject({ result: '10/10 acknowledged, 0 failed', success: true });
    await b.batches.stop();
  });

  it('claims back its own batch whose lease ran out while it runs it, and goes on with it', async () => {
    const fleet = devices();
    fleet.held.add(lamps[1]!.id);
    const a = instance(fleet);
    const started = await a.batches.start({
      actor: null,
      projectId: 1,
      command: 'poweron',
      targets: lamps.slice(0, 2),
      args: {},
    });
    await eventually(
      () => targetRows(started.batchId),
      (r) => answered(r) === 1,
    );
    // As if the database had been away past the lease: its own sweep finds the batch.
    await t.database.db.execute(
      sql`update family_batches set lease_until = now() - interval '1 second' where id = ${started.batchId}`,
    );
    await a.batches.sweep();
    expect(await batchRow(started.batchId)).toMatchObject({ state: 'running' });
    fleet.letGo();
    await a.batches.settled();
    expect(await batchRow(started.batchId)).toMatchObject({ state: 'done', acknowledged: 2 });
    expect(a.sent).toHaveLength(2);
    await a.batches.stop();
  });

  it('lets go of its batches when the instance stops, so another may go on at once', async () => {
    const fleet = devices();
    fleet.held.add(lamps[1]!.id);
    const a = instance(fleet);
    const started = await a.batches.start({
      actor: null,
      projectId: 1,
      command: 'poweroff',
      targets: lamps.slice(0, 2),
      args: {},
    });
    await eventually(
      () => targetRows(started.batchId),
      (r) => answered(r) === 1,
    );
    await a.batches.stop();
    const row = await batchRow(started.batchId);
    expect(row).toMatchObject({ state: 'running', owner: null, acknowledged: 1 });
    expect(new Date(row.lease_until as string).getTime()).toBeLessThanOrEqual(Date.now());
    fleet.letGo();
  });
});
