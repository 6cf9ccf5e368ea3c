import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../db/client.js';
import { queryRows } from '../../../test/factories.js';
import { openTestDatabase } from '../../../test/test-database.js';
import { deviceOffline } from '../../command-bus.js';
import type { FamilyContext } from '../family-handler.js';
import { createLightingBatches } from './lighting.batches.js';
import type { LampTarget, LightingRepository } from './lighting.repository.js';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

/** A batch over a fake bus and lighting repository: lamps with an even id acknowledge, odd ones are offline. */
function harness(count: number) {
  const modes: { ids: number[]; runMode: string; policyMode: string }[] = [];
  const operations: { result: string; args: unknown }[] = [];
  let batchId = '';
  const state = async () =>
    (await queryRows(database.db, sql`select state from family_batches where id = ${batchId}`))[0]?.state;
  const repo = {
    saveSettingsOf: async (lamps: LampTarget[], m: { runMode: string; policyMode: string }) => {
      // Written before the batch says it is done.
      expect(await state()).toBe('running');
      modes.push({ ids: lamps.map((l) => l.id), ...m });
    },
  } as unknown as LightingRepository;
  const ctx = {
    repository: (create: (db: Database['db']) => unknown) => create(database.db),
    iot: {
      hub: { publish: () => {} },
      bus: {
        send: async (_actor: unknown, lamp: LampTarget) => {
          await new Promise((r) => setImmediate(r));
          if (lamp.id % 2) throw deviceOffline();
          return { ok: true, durationMs: 1, attempts: 1, requestId: String(lamp.id) };
        },
      },
      recordOperation: async (o: { command: string; result: string; args: unknown }) => {
        operations.push(o);
        const [row] = await queryRows(
          database.db,
          sql`insert into operate_logs (command, result) values (${o.command}, ${o.result}) returning id`,
        );
        return row!.id;
      },
    },
  } as unknown as FamilyContext;
  const targets: LampTarget[] = Array.from({ length: count }, (_, i) => ({
    id: i + 1,
    projectId: 1,
    name: `L${i + 1}`,
    equipmentId: `E${i + 1}`,
    activeState: 1,
    parentEquipmentId: null,
    lng: null,
    lat: null,
  }));
  const batches = createLightingBatches(ctx, repo);
  return {
    batches,
    targets,
    modes,
    operations,
    track: (id: string) => {
      batchId = id;
    },
  };
}

describe('lighting batches', () => {
  it('stores the run mode of the lamps that acknowledged, in sets, before the batch is done', async () => {
    const h = harness(1200);
    const started = await h.batches.command(
      null as never,
      1,
      'runmode',
      { runMode: 'alwaysOn', policyMode: 'none' },
      h.targets,
    );
    h.track(started.batchId);
    expect(started.total).toBe(1200);
    await h.batches.settled();
    const stored = h.modes.flatMap((m) => m.ids).sort((a, b) => a - b);
    expect(stored).toEqual(h.targets.filter((t) => t.id % 2 === 0).map((t) => t.id));
    expect(h.modes.length).toBeLessThan(stored.length / 100); // sets, not a write per lamp
    expect(h.modes.every((m) => m.runMode === 'alwaysOn' && m.policyMode === 'none')).toBe(true);
    const done = await h.batches.status(1, started.batchId);
    expect(done).toMatchObject({ acknowledged: 600, failed: 600, done: true, state: 'done' });
    expect(done.results).toHaveLength(1200);
    expect(done.results[0]).toEqual({
      deviceId: 1,
      name: 'L1',
      ok: false,
      error: 'offline',
      durationMs: expect.any(Number),
    });
    expect(done.results[1]).toEqual({ deviceId: 2, name: 'L2', ok: true, error: null, durationMs: 1 });
    // Written at the start, completed at the end.
    expect(h.operations.map((o) => o.result)).toEqual(['0/1200 acknowledged, running']);
    const [log] = await queryRows(
      database.db,
      sql`select result, args from operate_logs where args->>'batchId' = ${started.batchId}`,
    );
    expect(log!.result).toBe('600/1200 acknowledged, 600 failed');
    expect((log!.args as { results: unknown[] }).results).toHaveLength(1200);
  });

  it('writes nothing per lamp for a power command', async () => {
    const h = harness(50);
    const started = await h.batches.command(null as never, 1, 'poweron', {}, h.targets);
    await h.batches.settled();
    expect(h.modes).toEqual([]);
    expect(await h.batches.status(1, started.batchId)).toMatchObject({ acknowledged: 25, failed: 25 });
  });
});
