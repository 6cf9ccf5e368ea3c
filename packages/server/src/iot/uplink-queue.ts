import type { ParsedTopic } from '@sc/contract';

/** A first-in first-out list that takes from its head without moving the rest (Array#shift does). */
class Fifo<T> {
  private items: (T | undefined)[] = [];
  private head = 0;
  get size() {
    return this.items.length - this.head;
  }
  push(item: T) {
    this.items.push(item);
  }
  peek(): T | undefined {
    return this.items[this.head];
  }
  shift(): T | undefined {
    if (this.head >= this.items.length) return undefined;
    const item = this.items[this.head];
    this.items[this.head++] = undefined;
    if (this.head > 1024 && this.head * 2 > this.items.length) {
      this.items = this.items.slice(this.head);
      this.head = 0;
    }
    return item;
  }
}

interface Queued {
  seq: number;
  topic: ParsedTopic;
  payload: Buffer;
  qos: 0 | 1 | 2;
  /** QoS 1 and 2: whoever waits for the message to be handled (then stored) before acknowledging it. */
  done?: { resolve(): void; reject(error: unknown): void };
}

export interface UplinkQueueStats {
  /** QoS 0 messages shed, oldest first, because more than `maxQos0` waited (ingest could not keep up). */
  shed: number;
  /** The most messages that waited at once since start. */
  peak: number;
}

/**
 * What stands between the devices and ingest: device messages wait here in arrival order and are
 * handled a slice at a time, each slice followed by a turn of the event loop, so that HTTP requests
 * and the realtime channel are served between slices whatever the devices send. While `room` says the
 * writer is full, nothing is handled: QoS 0 messages beyond `maxQos0` waiting are shed, the oldest
 * first, and counted; QoS 1 messages are never shed, their acknowledgements wait (the embedded broker
 * reads nothing more from a connection whose acknowledgement waits, an external broker sends no more
 * than its in-flight window): that is what slows the devices down.
 */
export function createUplinkQueue(options: {
  handle: (topic: ParsedTopic, payload: Buffer, qos: 0 | 1 | 2) => Promise<void>;
  /** QoS 0 messages that may wait; past it the oldest are shed. */
  maxQos0?: number;
  /** Messages handled together before letting the event loop go round. */
  sliceSize?: number;
  /** Resolves when ingest may go on (the writer has room): the queue waits for it before each slice. */
  room?: () => Promise<void>;
  /** `count` more QoS 0 messages were shed (the caller logs it, at most once in a while). */
  onShed?: (count: number) => void;
  /** A message's handling failed: QoS 0 has nobody waiting for it. */
  onError?: (error: unknown) => void;
}) {
  const maxQos0 = options.maxQos0 ?? 20_000;
  const sliceSize = options.sliceSize ?? 100;
  const qos0 = new Fifo<Queued>();
  const qos1 = new Fifo<Queued>();
  const stats: UplinkQueueStats = { shed: 0, peak: 0 };
  let seq = 0;
  let pumping = false;
  let stopped: Error | null = null;
  let idle: (() => void)[] = [];

  /** The older of the two heads: the messages are handled in the order they came. */
  const next = () => {
    const a = qos0.peek();
    const b = qos1.peek();
    if (!a) return qos1.shift();
    if (!b) return qos0.shift();
    return a.seq < b.seq ? qos0.shift() : qos1.shift();
  };

  const handleOne = (m: Queued) =>
    options.handle(m.topic, m.payload, m.qos).then(
      () => m.done?.resolve(),
      (error) => (m.done ? m.done.reject(error) : options.onError?.(error)),
    );

  async function pump() {
    pumping = true;
    try {
      while (qos0.size + qos1.size > 0 && !stopped) {
        await options.room?.();
        if (stopped) break;
        const slice: Promise<void>[] = [];
        for (let i = 0; i < sliceSize; i++) {
          const m = next();
          if (!m) break;
          slice.push(handleOne(m));
        }
        await Promise.all(slice);
        // A turn of the event loop: the HTTP requests and socket reads that came meanwhile go first.
        await new Promise((resolve) => setImmediate(resolve));
      }
    } finally {
      pumping = false;
      const waiting = idle;
      idle = [];
      for (const resolve of waiting) resolve();
    }
  }

  return {
    stats,
    /** Messages waiting now. */
    size: () => qos0.size + qos1.size,
    /**
     * Queues a device's message. QoS 0: answers at once (it may be shed later). QoS 1 and 2: the
     * answer resolves once ingest handled it (rejects with ingest's error), never shed.
     */
    push(topic: ParsedTopic, payload: Buffer, qos: 0 | 1 | 2): Promise<void> {
      if (stopped) return qos === 0 ? Promise.resolve() : Promise.reject(stopped);
      const m: Queued = { seq: seq++, topic, payload, qos };
      let answer: Promise<void>;
      if (qos === 0) {
        qos0.push(m);
        let shed = 0;
        while (qos0.size > maxQos0) {
          qos0.shift();
          shed++;
        }
        if (shed) {
          stats.shed += shed;
          options.onShed?.(shed);
        }
        answer = Promise.resolve();
      } else {
        answer = new Promise<void>((resolve, reject) => {
          m.done = { resolve, reject };
        });
        qos1.push(m);
      }
      stats.peak = Math.max(stats.peak, qos0.size + qos1.size);
      if (!pumping) void pump();
      return answer;
    },
    /**
     * Handles nothing more (the server is stopping): what waits is dropped, QoS 1 rejected with
     * `reason`, so it is not acknowledged and comes again.
     */
    stop(reason: Error) {
      stopped = reason;
      while (qos0.size) qos0.shift();
      for (let m = qos1.shift(); m; m = qos1.shift()) m.done?.reject(reason);
    },
    /** Resolves once nothing waits (tests, stopping). */
    idle(): Promise<void> {
      if (!pumping) return Promise.resolve();
      return new Promise((resolve) => idle.push(resolve));
    },
  };
}

export type UplinkQueue = ReturnType<typeof createUplinkQueue>;

/**
 * Says that messages were shed at most once per `intervalMs`, with how many since it last said so:
 * one log line a minute under a flood, not one per message.
 */
export function createShedReporter(
  warn: (figures: { shed: number; total: number }) => void,
  intervalMs = 60_000,
  now: () => number = Date.now,
) {
  let total = 0;
  let unsaid = 0;
  let saidAt = Number.NEGATIVE_INFINITY;
  return (count: number) => {
    total += count;
    unsaid += count;
    if (now() - saidAt < intervalMs) return;
    saidAt = now();
    warn({ shed: unsaid, total });
    unsaid = 0;
  };
}
