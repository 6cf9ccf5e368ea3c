import { describe, expect, it } from 'vitest';
import { type CommandTarget, createCommandBus } from './command-bus.js';

const TARGET: CommandTarget = { id: 1, projectId: 1, name: 'Screen 1', equipmentId: 'LED-1', activeState: 1 };

/** A bus with a one-second timeout over a fake link whose device answers `replyAfterMs` after the first request. */
function busAnswering(replyAfterMs: number) {
  const published: string[] = [];
  const bus = createCommandBus({
    transport: () => ({
      isConnected: () => true,
      async publish(_topic, payload) {
        published.push(payload);
        if (published.length > 1) return;
        const { id } = JSON.parse(payload) as { id: string };
        setTimeout(() => bus.settle({ id, ok: true, result: {} } as never), replyAfterMs);
      },
    }),
    settings: async () => ({ timeoutSeconds: 1, attempts: 4 }),
    hub: { publish: () => {} } as never,
    record: async () => {},
  });
  return { bus, published };
}

describe('command bus', () => {
  it('gives up on a device silent past the timeout (504)', async () => {
    const { bus } = busAnswering(2_000);
    await expect(bus.send(null, TARGET, 'program', {}, { log: false, push: false })).rejects.toMatchObject({
      statusCode: 504,
    });
  });

  it('awaits a reply the extra seconds a command needs (files to fetch), repeating it only as the settings say', async () => {
    const { bus, published } = busAnswering(2_000);
    const outcome = await bus.send(null, TARGET, 'program', {}, { log: false, push: false, extraSeconds: 3 });
    expect(outcome.ok).toBe(true);
    expect(outcome.durationMs).toBeGreaterThanOrEqual(1_900);
    expect(published.length).toBeLessThanOrEqual(4);
    expect(new Set(published.map((p) => (JSON.parse(p) as { id: string }).id)).size).toBe(1);
  });
});
