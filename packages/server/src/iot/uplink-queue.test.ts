import { type ParsedTopic, upTopic } from '@sc/contract';
import type { FastifyBaseLogger } from 'fastify';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EmbeddedBroker, startEmbeddedBroker } from './broker.js';
import type { DeviceDirectory, DirectoryEntry } from './device-directory.js';
import { createShedReporter, createUplinkQueue } from './uplink-queue.js';

const topic = (equipmentId = 'EQ1'): ParsedTopic =>
  ({ equipmentId, direction: 'up', kind: 'telemetry' }) as ParsedTopic;
const payload = (n: number) => Buffer.from(JSON.stringify({ n }));
const numberOf = (p: Buffer) => (JSON.parse(p.toString()) as { n: number }).n;

/** Turns of the event loop: whatever can run without the gate opening has run. */
const settle = async (turns = 20) => {
  for (let i = 0; i < turns; i++) await new Promise((r) => setImmediate(r));
};

/** A writer's room that is full until `open` is called. */
function gate() {
  let open = false;
  let waiters: (() => void)[] = [];
  return {
    room: () => (open ? Promise.resolve() : new Promise<void>((resolve) => waiters.push(resolve))),
    open() {
      open = true;
      for (const w of waiters) w();
      waiters = [];
    },
    close() {
      open = false;
    },
  };
}

describe('uplink queue', () => {
  it('sheds QoS 0 beyond its bound oldest first, counted, and handles the newest in order', async () => {
    const handled: number[] = [];
    const shedCalls: number[] = [];
    const full = gate();
    const queue = createUplinkQueue({
      handle: async (_t, p) => void handled.push(numberOf(p)),
      maxQos0: 4,
      room: full.room,
      onShed: (n) => shedCalls.push(n),
    });
    for (let n = 0; n < 10; n++) await queue.push(topic(), payload(n), 0);
    await settle();
    expect(handled).toEqual([]);
    expect(queue.stats.shed).toBe(6);
    expect(shedCalls.reduce((a, b) => a + b, 0)).toBe(6);
    expect(queue.size()).toBe(4);

    full.open();
    await queue.idle();
    expect(handled).toEqual([6, 7, 8, 9]);
    expect(queue.stats.shed).toBe(6);
  });

  it('never sheds QoS 1: its answers wait while ingest is full, then all are handled, in order', async () => {
    const handled: number[] = [];
    const full = gate();
    const queue = createUplinkQueue({
      handle: async (_t, p) => void handled.push(numberOf(p)),
      maxQos0: 2,
      room: full.room,
    });
    const answered: number[] = [];
    const answers: Promise<void>[] = [];
    for (let n = 0; n < 50; n++) {
      // QoS 0 in between: those beyond two are shed, QoS 1 are not.
      if (n % 5 === 0) void queue.push(topic(), payload(1000 + n), 0);
      answers.push(queue.push(topic(), payload(n), 1).then(() => void answered.push(n)));
    }
    await settle();
    expect(answered).toEqual([]);
    expect(queue.size()).toBe(52);
    expect(queue.stats.shed).toBe(8);

    full.open();
    await Promise.all(answers);
    expect(answered).toEqual(Array.from({ length: 50 }, (_, n) => n));
    const qos1 = handled.filter((n) => n < 1000);
    expect(qos1).toEqual(Array.from({ length: 50 }, (_, n) => n));
    // The two QoS 0 kept were the newest, handled in their place among the others.
    expect(handled.filter((n) => n >= 1000)).toEqual([1040, 1045]);
    expect(handled.indexOf(1045)).toBe(handled.indexOf(44) + 1);
  });

  it('rejects a QoS 1 whose handling failed (it is tried again by the caller), and goes on', async () => {
    const queue = createUplinkQueue({
      handle: async (_t, p) => {
        if (numberOf(p) === 1) throw new Error('database away');
      },
    });
    const results = await Promise.allSettled([0, 1, 2].map((n) => queue.push(topic(), payload(n), 1)));
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
  });

  it('lets the event loop go round between slices', async () => {
    let handled = 0;
    const queue = createUplinkQueue({ handle: async () => void handled++, sliceSize: 10 });
    for (let n = 0; n < 100; n++) void queue.push(topic(), payload(n), 0);
    // What an HTTP request's callback would see: it runs while messages still wait.
    const seen = await new Promise<number>((resolve) => setImmediate(() => resolve(handled)));
    expect(seen).toBeGreaterThan(0);
    expect(seen).toBeLessThan(100);
    await queue.idle();
    expect(handled).toBe(100);
  });

  it('when stopped, drops what waits and rejects the QoS 1 among it (not acknowledged)', async () => {
    const full = gate();
    const queue = createUplinkQueue({ handle: async () => {}, room: full.room });
    void queue.push(topic(), payload(0), 0);
    const waiting = queue.push(topic(), payload(1), 1);
    queue.stop(new Error('stopping'));
    await expect(waiting).rejects.toThrow('stopping');
    await expect(queue.push(topic(), payload(2), 1)).rejects.toThrow('stopping');
    expect(queue.size()).toBe(0);
  });
});

describe('shed reporter', () => {
  it('says it at most once per interval, with the count since it last said so', () => {
    let clock = 0;
    const said: { shed: number; total: number }[] = [];
    const report = createShedReporter(
      (f) => said.push(f),
      60_000,
      () => clock,
    );
    for (let i = 0; i < 1000; i++) report(1);
    expect(said).toEqual([{ shed: 1, total: 1 }]);
    clock = 59_999;
    report(5);
    expect(said).toHaveLength(1);
    clock = 60_000;
    report(1);
    expect(said).toEqual([
      { shed: 1, total: 1 },
      { shed: 1005, total: 1006 },
    ]);
  });
});

/**
 * An embedded broker whose uplinks go to a queue in front of a writer that is full until `full.open()`;
 * one device, `equipmentId`, may connect. Registers its start and stop with the describe block.
 */
function brokerOverQueue(
  equipmentId: string,
  queueOptions: { maxQos0?: number },
  brokerOptions: { backlogHigh?: number } = {},
) {
  const entry: DirectoryEntry = {
    id: 1,
    equipmentId,
    projectId: 1,
    type: 'envmonitor',
    parentId: null,
    protocolVersion: 2,
    registered: true,
    key1: `key-${equipmentId}`,
    name: equipmentId,
  };
  const directory = {
    get: async (id: string) => (id === equipmentId ? entry : null),
    childrenOf: async () => [],
  } as unknown as DeviceDirectory;
  const log = { info: () => {}, warn: () => {}, error: () => {} } as unknown as FastifyBaseLogger;
  const full = gate();
  const stored: number[] = [];
  const queue = createUplinkQueue({
    handle: async (_t, p) => void stored.push(numberOf(p)),
    room: full.room,
    ...queueOptions,
  });
  let broker: EmbeddedBroker;
  beforeAll(async () => {
    broker = await startEmbeddedBroker({
      port: 0,
      host: '127.0.0.1',
      directory,
      serverPassword: 'x',
      log,
      uplink: (t, p, qos) => queue.push(t, p, qos),
      ...(brokerOptions.backlogHigh ? { backlog: () => queue.size(), backlogHigh: brokerOptions.backlogHigh } : {}),
    });
  });
  afterAll(() => broker?.close());
  const connect = () =>
    mqtt.connectAsync(`mqtt://127.0.0.1:${broker.port}`, {
      clientId: equipmentId,
      username: equipmentId,
      password: `key-${equipmentId}`,
      reconnectPeriod: 0,
    });
  return { full, stored, queue, connect };
}

describe('back-pressure through the embedded broker', () => {
  const { full, stored, queue, connect } = brokerOverQueue('EQBP', { maxQos0: 5 });

  it('withholds QoS 1 acknowledgements while ingest is full and loses none; sheds QoS 0 beyond the bound', async () => {
    const device = await connect();
    const acked: number[] = [];
    const sends = Array.from({ length: 30 }, (_, n) =>
      device.publishAsync(upTopic('EQBP', 'telemetry'), JSON.stringify({ n }), { qos: 1 }).then(() => acked.push(n)),
    );
    await settle(50);
    expect(acked).toEqual([]);
    expect(stored).toEqual([]);

    full.open();
    await Promise.all(sends);
    expect(acked).toHaveLength(30);
    expect(stored).toEqual(Array.from({ length: 30 }, (_, n) => n));

    // QoS 0 while full: what is over the bound is shed, the oldest first.
    full.close();
    stored.length = 0;
    for (let n = 100; n < 120; n++)
      await device.publishAsync(upTopic('EQBP', 'telemetry'), JSON.stringify({ n }), { qos: 0 });
    // A QoS 1 behind them: its acknowledgement says the broker has read everything before it.
    const marker = device.publishAsync(upTopic('EQBP', 'telemetry'), JSON.stringify({ n: 999 }), { qos: 1 });
    await new Promise<void>((resolve) => {
      const check = () => (queue.size() === 6 ? resolve() : setImmediate(check));
      check();
    });
    expect(queue.stats.shed).toBe(15);
    full.open();
    await marker;
    expect(stored).toEqual([115, 116, 117, 118, 119, 999]);
    await device.endAsync();
  });
});

describe('the embedded broker while ingest is behind', () => {
  const { full, stored, queue, connect } = brokerOverQueue('EQFLOOD', {}, { backlogHigh: 100 });

  it('reads a QoS 0 flood no further than ingest keeps up with: the device is slowed, nothing is shed', async () => {
    const device = await connect();
    const COUNT = 20_000;
    for (let n = 0; n < COUNT; n++)
      void device.publish(upTopic('EQFLOOD', 'telemetry'), JSON.stringify({ n }), { qos: 0 });
    await new Promise((r) => setTimeout(r, 500));
    // Held: what waits is what the connection's reads brought before it was held, not the flood.
    expect(queue.size()).toBeGreaterThan(0);
    expect(queue.size()).toBeLessThan(COUNT / 2);
    expect(queue.stats.shed).toBe(0);

    full.open();
    await new Promise<void>((resolve) => {
      const check = () => (stored.length === COUNT ? resolve() : setTimeout(check, 20));
      check();
    });
    expect(stored).toEqual(Array.from({ length: COUNT }, (_, n) => n));
    expect(queue.stats.shed).toBe(0);
    await device.endAsync();
  });
});
