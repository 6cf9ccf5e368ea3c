import { FANOUT_COMMAND, type FanoutArgs } from '@sc/contract';
import { describe, expect, it } from 'vitest';
import { Connection, type FleetStats } from './device.js';
import { gateway } from './families/gateway.js';
import { lighting } from './families/lighting.js';
import { simDevice } from './families/test-fixtures.js';

/** A gateway's connection with `lamps` children, its replies kept instead of published. */
function gatewayConnection(lamps: number, executeMs = 0) {
  const owner = simDevice('gateway', 'GW1', { family: gateway });
  const children = Array.from({ length: lamps }, (_, i) =>
    simDevice('lighting', `L${i + 1}`, { parent: 'GW1', family: lighting }),
  );
  const stats: FleetStats = { connected: 0, sent: 0, answered: 0, executed: 0, repeated: 0, failedConnects: 0 };
  const connection = new Connection(owner, children, {
    url: 'mqtt://unused',
    secret: 's',
    protocol: 2,
    qos: 1,
    intervalMs: 60_000,
    stats,
    executeMs,
  });
  const replies: { id: string; ok: boolean; device?: string }[] = [];
  connection.client = {
    publish: (topic: string, payload: string) => topic.endsWith('/reply') && replies.push(JSON.parse(payload)),
  } as never;
  connection.online = true;
  const receive = (request: object) =>
    (connection as unknown as { onCommand(p: Buffer): Promise<void> }).onCommand(Buffer.from(JSON.stringify(request)));
  return { children, stats, replies, receive };
}

const fanout = (id: string, items: { id: string; device: string }[]) => ({
  id,
  command: FANOUT_COMMAND,
  args: { command: 'poweron', items: items.map((i) => ({ ...i, args: {} })) } satisfies FanoutArgs,
  ts: Date.now(),
});

describe('a simulated gateway', () => {
  it("executes a fan-out's items at once and answers each with its own id, a repeated id once", async () => {
    const g = gatewayConnection(150, 50);
    const items = g.children.map((c, i) => ({ id: `r${i}`, device: c.equipmentId }));
    const started = Date.now();
    await g.receive(fanout('e1', items));
    // 150 lamps of 50 ms each, at once: about one round trip, not 150.
    expect(Date.now() - started).toBeLessThan(1000);
    expect(g.replies.map((r) => r.id).sort()).toEqual(items.map((i) => i.id).sort());
    expect(g.replies.every((r) => r.ok)).toBe(true);
    expect(g.stats.executed).toBe(150);
    // The repeat of two items (their replies lost): answered again, not executed again.
    await g.receive(fanout('e2', items.slice(0, 2)));
    expect(g.replies.slice(150).map((r) => r.id)).toEqual(['r0', 'r1']);
    expect(g.stats.executed).toBe(150);
    expect(g.stats.repeated).toBe(2);
  });

  it('answers an item for a device it does not carry as an error of that item', async () => {
    const g = gatewayConnection(1);
    await g.receive(fanout('e1', [{ id: 'x', device: 'NOT-MINE' }]));
    expect(g.replies).toEqual([expect.objectContaining({ id: 'x', ok: false, error: 'unknown child NOT-MINE' })]);
  });
});
