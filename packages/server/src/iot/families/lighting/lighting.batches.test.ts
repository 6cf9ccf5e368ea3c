import { describe, expect, it } from 'vitest';
import { deviceOffline } from '../../command-bus.js';
import type { FamilyContext } from '../family-handler.js';
import { createLightingBatches } from './lighting.batches.js';
import type { LampTarget, LightingRepository } from './lighting.repository.js';

/** A batch over a fake bus and repository: lamps with an even id acknowledge, odd ones are offline. */
function harness(count: number) {
  const saved: { done: boolean; acknowledged: number; failed: number; results?: unknown[] }[] = [];
  const modes: { ids: number[]; runMode: string; policyMode: string }[] = [];
  const operations: { result: string; args: unknown }[] = [];
  const repo = {
    createBatch: async () => undefined,
    saveBatch: async (b: (typeof saved)[number]) => {
      saved.push(b);
    },
    saveSettingsOf: async (lamps: LampTarget[], m: { runMode: string; policyMode: string }) => {
      // Written before the batch says it is done.
      expect(saved.some((s) => s.done)).toBe(false);
      modes.push({ ids: lamps.map((l) => l.id), ...m });
    },
  } as unknown as LightingRepository;
  const ctx = {
    iot: {
      hub: { publish: () => {} },
      bus: {
        send: async (_actor: unknown, lamp: LampTarget) => {
          await new Promise((r) => setImmediate(r));
          if (lamp.id % 2) throw deviceOffline();
          return { ok: true, durationMs: 1, attempts: 1, requestId: String(lamp.id) };
        },
      },
      recordOperation: async (o: { result: string; args: unknown }) => {
        operations.push(o);
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
  return { batches: createLightingBatches(ctx, repo), targets, saved, modes, operations };
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
    expect(started.total).toBe(1200);
    await h.batches.settled();
    const stored = h.modes.flatMap((m) => m.ids).sort((a, b) => a - b);
    expect(stored).toEqual(h.targets.filter((t) => t.id % 2 === 0).map((t) => t.id));
    expect(h.modes.length).toBeLessThan(stored.length / 100); // sets, not a write per lamp
    expect(h.modes.every((m) => m.runMode === 'alwaysOn' && m.policyMode === 'none')).toBe(true);
    const done = h.saved.find((s) => s.done)!;
    expect(done).toMatchObject({ acknowledged: 600, failed: 600 });
    expect(done.results).toHaveLength(1200);
    expect(done.results![0]).toEqual({
      deviceId: 1,
      name: 'L1',
      ok: false,
      error: 'offline',
      durationMs: expect.any(Number),
    });
    expect(done.results![1]).toEqual({ deviceId: 2, name: 'L2', ok: true, error: null, durationMs: 1 });
    expect(h.operations[0]!.result).toBe('600/1200 acknowledged, 600 failed');
  });

  it('writes nothing per lamp for a power command', async () => {
    const h = harness(50);
    await h.batches.command(null as never, 1, 'poweron', {}, h.targets);
    await h.batches.settled();
    expect(h.modes).toEqual([]);
    expect(h.saved.find((s) => s.done)).toMatchObject({ acknowledged: 25, failed: 25 });
  });
});
