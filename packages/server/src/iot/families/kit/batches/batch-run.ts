import { FANOUT_MAX_ITEMS } from '@sc/contract';
import { AppError } from '../../../../platform/errors.js';
import type { CommandTarget } from '../../../command-bus.js';
import type { Actor, FamilyContext } from '../../family-handler.js';
import type { BatchRepository, TargetResult } from './batch.repository.js';

/** Results are stored at most this long after they arrive (one statement for all that came meanwhile). */
export const STORE_EVERY_MS = 250;
/** Progress pushes at most this often while a batch runs (and once at the end). */
const PUSH_EVERY_MS = 250;
/** Targets that acknowledged are handed to the family's `onAcks` in sets of at most this many. */
const ACK_SET = 500;

/** One target still to be sent: its place in the batch, its fixed command id, the device. */
export interface BatchWork {
  seq: number;
  requestId: string;
  deviceId: number;
  name: string;
  /** Null when the device is gone (deleted since the batch started). */
  target: CommandTarget | null;
  args: Record<string, unknown>;
}

/** What one slot of the window sends: a device's own command, or one fan-out to a gateway for its children. */
type Unit = { work: BatchWork } | { via: string; items: BatchWork[] };

/**
 * The batch's targets as units: the children of one gateway (two or more) together, in fan-outs of at
 * most `FANOUT_MAX_ITEMS`, so that 10,000 lamps behind 100 gateways take about one round trip of each
 * gateway rather than 10,000 ÷ the window of them; every other target on its own.
 */
export function unitsOf(work: BatchWork[]): Unit[] {
  const units: Unit[] = [];
  const byGateway = new Map<string, BatchWork[]>();
  for (const w of work) {
    const via = w.target?.parentEquipmentId;
    if (via && w.target?.equipmentId) byGateway.set(via, [...(byGateway.get(via) ?? []), w]);
    else units.push({ work: w });
  }
  for (const [via, children] of byGateway) {
    if (children.length === 1) units.push({ work: children[0]! });
    else
      for (let i = 0; i < children.length; i += FANOUT_MAX_ITEMS)
        units.push({ via, items: children.slice(i, i + FANOUT_MAX_ITEMS) });
  }
  return units;
}

export interface RunSettings {
  owner: string;
  leaseMs: number;
  concurrency: number;
}

export type RunEnd = 'finished' | 'released' | 'lost' | 'halted';

const errorOf = (error: unknown) => {
  if (error instanceof AppError)
    return error.code === 'DEVICE_OFFLINE' ? 'offline' : error.code === 'DEVICE_TIMEOUT' ? 'timeout' : error.code;
  return error instanceof Error ? error.message : String(error);
};

/**
 * Sends the batch's remaining targets, `concurrency` units at a time (`unitsOf`), each target with its
 * own command id, and stores each result within `STORE_EVERY_MS` of its arrival together with the counts and a longer lease (the
 * heartbeat that tells other instances the batch is alive). Stops sending when the instance stops
 * (`release`: what is known is stored and the lease let go), dies (`halt`: nothing more is written) or
 * the batch is no longer its own (another instance claimed it after its lease ran out).
 */
export function runBatch(input: {
  ctx: Pick<FamilyContext, 'iot'>;
  repo: BatchRepository;
  settings: RunSettings;
  batchId: string;
  deviceCommand: string;
  actor: Actor | null;
  work: BatchWork[];
  counts: { acknowledged: number; failed: number };
  /** Adds what the family computes as a command goes out. */
  atSend: (deviceCommand: string, args: Record<string, unknown>) => Record<string, unknown>;
  /** Seconds a target needs beyond the command timeout for these arguments (files to fetch first). */
  extraSeconds?: (deviceCommand: string, args: Record<string, unknown>) => number;
  onAcks?: (targets: { id: number; projectId: number }[]) => Promise<unknown>;
  onProgress: (counts: { acknowledged: number; failed: number }) => void;
}) {
  const { ctx, repo, settings, batchId, work, counts } = input;
  let ended: RunEnd | null = null;
  let arrived: TargetResult[] = [];
  let acked: { id: number; projectId: number }[] = [];
  let lastPush = 0;
  let lastStored = Date.now();
  let chain: Promise<unknown> = Promise.resolve();

  /** Stores what arrived (and moves the lease on); one statement in flight at a time. */
  const store = (heartbeat = false) => {
    if (ended === 'halted' || ended === 'lost') return chain;
    if (arrived.length === 0 && !heartbeat) return chain;
    const results = arrived;
    const snapshot = { ...counts };
    arrived = [];
    lastStored = Date.now();
    chain = chain
      .then(async () => {
        if (ended === 'halted') return;
        const mine = await repo.store(batchId, settings.owner, settings.leaseMs, snapshot, results);
        if (!mine && ended === null) ended = 'lost';
      })
      .catch((error) => console.error('batch results not stored', batchId, error));
    return chain;
  };
  /** Hands acknowledged targets to the family once their results are stored. */
  const handAcks = () => {
    if (!input.onAcks || acked.length === 0) return chain;
    const set = acked;
    acked = [];
    chain = chain
      .then(() => (ended === 'halted' ? undefined : input.onAcks!(set)))
      .catch((error) => console.error('batch acknowledgements not handled', batchId, error));
    return chain;
  };

  const timer = setInterval(() => {
    store(Date.now() - lastStored >= settings.leaseMs / 3);
    handAcks();
  }, STORE_EVERY_MS);
  timer.unref();

  const record = (w: BatchWork, ok: boolean, error: string | null, durationMs: number) => {
    if (ended) return;
    arrived.push({ seq: w.seq, deviceId: w.deviceId, name: w.name, ok, error, durationMs });
    if (ok) {
      counts.acknowledged++;
      if (input.onAcks && w.target) {
        acked.push({ id: w.target.id, projectId: w.target.projectId });
        if (acked.length >= ACK_SET) {
          store();
          handAcks();
        }
      }
    } else counts.failed++;
    if (Date.now() - lastPush >= PUSH_EVERY_MS) {
      lastPush = Date.now();
      input.onProgress(counts);
    }
  };

  const send = async (w: BatchWork) => {
    const t0 = Date.now();
    if (!w.target) {
      record(w, false, 'deleted', 0);
      return;
    }
    try {
      const outcome = await ctx.iot.bus.send(
        input.actor,
        w.target,
        input.deviceCommand,
        input.atSend(input.deviceCommand, w.args),
        {
          log: false,
          push: false,
          requestId: w.requestId,
          extraSeconds: input.extraSeconds?.(input.deviceCommand, w.args) ?? 0,
        },
      );
      record(w, outcome.ok, outcome.ok ? null : (outcome.error ?? 'error'), outcome.durationMs);
    } catch (error) {
      record(w, false, errorOf(error), Date.now() - t0);
    }
  };
  const fanout = async (via: string, items: BatchWork[]) => {
    const t0 = Date.now();
    const outcomes = ctx.iot.bus.fanout(
      via,
      input.deviceCommand,
      items.map((w) => ({
        requestId: w.requestId,
        target: w.target!,
        args: input.atSend(input.deviceCommand, w.args),
      })),
    );
    await Promise.all(
      outcomes.map((outcome, i) =>
        outcome.then(
          (o) => record(items[i]!, o.ok, o.ok ? null : (o.error ?? 'error'), o.durationMs),
          (error) => record(items[i]!, false, errorOf(error), Date.now() - t0),
        ),
      ),
    );
  };

  const units = unitsOf(work);
  let next = 0;
  const worker = async () => {
    while (next < units.length && !ended) {
      const unit = units[next++]!;
      await ('work' in unit ? send(unit.work) : fanout(unit.via, unit.items));
    }
  };

  const done = (async (): Promise<RunEnd> => {
    await Promise.all(Array.from({ length: Math.min(settings.concurrency, units.length) }, worker));
    clearInterval(timer);
    if (ended) return ended;
    await store(true);
    await handAcks();
    return ended ?? 'finished';
  })();

  return {
    /** Resolves once every target answered, or the run was released, lost or halted. */
    done,
    /** A graceful stop: no more commands; what is known is stored and the lease let go at once. */
    async release() {
      if (ended) return;
      ended = 'released';
      clearInterval(timer);
      await store();
      await handAcks();
      await repo.release(batchId, settings.owner).catch(() => {});
    },
    /** What a killed process leaves: nothing more is sent or written; the lease runs out on its own. */
    halt() {
      clearInterval(timer);
      ended = 'halted';
    },
  };
}
