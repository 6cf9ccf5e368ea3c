import { randomBytes, randomUUID } from 'node:crypto';
import os from 'node:os';
import type { batchStatus } from '@sc/contract';
import type { z } from 'zod';
import type { CommandTarget } from '../../../command-bus.js';
import type { Actor, FamilyContext } from '../../family-handler.js';
import { type BatchRow, type BatchState, createBatchRepository, type TargetResult } from './batch.repository.js';
import { type BatchWork, runBatch } from './batch-run.js';

/**
 * Commands in flight at once for one batch. The replies of those in flight arrive together and are
 * handled in one turn of the event loop that also answers the console: 400 made turns of a few hundred
 * ms under a 10,000-lamp batch (the lamp page's p99 0.4-0.8 s). On a quiet machine 100 gave a page p99
 * of 90-138 ms and 50 gave 72-90 ms, the batch ending in 5 s instead of 4.3-4.7 s (target 10 s):
 * docs/performance.md, lighting.
 */
export const BATCH_CONCURRENCY = 50;
/**
 * How long a batch stays its instance's without a sign of life (results stored or a heartbeat), unless
 * the configuration says otherwise (BATCH_LEASE_S).
 */
const LEASE_MS = 30_000;
/** How often an instance looks for batches whose lease ran out: half a lease. */
const SWEEP_MS = 15_000;
/** A batch taken over later than this after it started is closed instead: the operator's ask is stale. */
const RESUME_WITHIN_MS = 10 * 60_000;

type Args = Record<string, unknown>;
type Acked = { id: number; projectId: number }[];

export interface FamilyBatchOptions {
  /** The family's device type: its batches are the ones this finishes or takes over. */
  type: string;
  /** The operation log's device name for a batch of many (`120 lamps`). */
  targetsName: (count: number) => string;
  /** Added to a target's arguments as its command goes out (the current time, …). */
  atSend?: (deviceCommand: string, args: Args) => Args;
  /**
   * Seconds a target needs beyond the command timeout before it can answer these arguments (an LED
   * screen fetches the program's files first): its reply is awaited that much longer.
   */
  extraSeconds?: (deviceCommand: string, args: Args) => number;
  /**
   * Per batch command: what to store for targets that acknowledged, in sets. Called again with every
   * acknowledged target when a batch is closed after its instance died, so it must be idempotent.
   */
  onAcks?: Partial<Record<string, (targets: Acked, args: Args) => Promise<unknown>>>;
  leaseMs?: number;
  sweepMs?: number;
  concurrency?: number;
}

export interface BatchStart<T extends CommandTarget> {
  actor: Actor | null;
  projectId: number;
  command: string;
  /** The device command sent to each target (defaults to `command`). */
  deviceCommand?: string;
  targets: T[];
  /** The same arguments for every target, or each target's own (kept per target to resume with). */
  args: Args | ((target: T) => Args);
}

type BatchStatus = z.infer<typeof batchStatus>;

/** A target's result as the status and the operation log show it. */
const shown = ({ seq: _, ...r }: TargetResult) => r;

const countsOf = (results: TargetResult[]) => ({
  acknowledged: results.filter((r) => r.ok === true).length,
  failed: results.filter((r) => r.ok === false).length,
});

/**
 * A family's batches: one command to many devices, crash-safe. Each target's result is stored as it
 * arrives; the operation-log entry is written at the start and completed at the end. A batch is held by
 * its instance through a lease it keeps moving on; when the lease runs out (the instance died, or
 * stopped and let go), an instance claims it (`UPDATE … WHERE lease ran out`, so only one does):
 * - within its first lease after starting, an instance closes what it claims as `interrupted` with
 *   the results known (most likely its own predecessor's: a restart after a crash, maybe caused by the
 *   batch, should not run it again unasked);
 * - later on, it takes the batch over (a peer died) and sends the targets not answered yet with their
 *   command ids of the start, so a device that ran one answers again without running it twice; one
 *   started more than `RESUME_WITHIN_MS` ago is closed instead.
 */
export function createFamilyBatches(
  ctx: Pick<FamilyContext, 'iot' | 'repository' | 'batchLeaseMs'>,
  options: FamilyBatchOptions,
) {
  const repo = ctx.repository(createBatchRepository);
  const type = options.type;
  const leaseMs = options.leaseMs ?? ctx.batchLeaseMs ?? LEASE_MS;
  const sweepMs = options.sweepMs ?? Math.round((leaseMs * SWEEP_MS) / LEASE_MS);
  const settings = {
    owner: `${os.hostname().slice(0, 40)}:${process.pid}:${randomBytes(4).toString('hex')}`,
    leaseMs,
    concurrency: options.concurrency ?? BATCH_CONCURRENCY,
  };
  const atSend = options.atSend ?? ((_: string, args: Args) => args);
  const extraSeconds = options.extraSeconds ?? (() => 0);
  const bornAt = Date.now();
  const running = new Map<string, { run: ReturnType<typeof runBatch>; job: Promise<void> }>();
  let sweeper: NodeJS.Timeout | null = null;
  let stopped = false;

  const push = (
    b: { id: string; projectId: number; command: string; total: number },
    counts: { acknowledged: number; failed: number },
    state: BatchState,
  ) =>
    ctx.iot.hub.publish({
      kind: 'batch',
      batchId: b.id,
      projectId: b.projectId,
      type,
      command: b.command,
      total: b.total,
      acknowledged: counts.acknowledged,
      failed: counts.failed,
      pending: b.total - counts.acknowledged - counts.failed,
      done: state !== 'running',
      state,
      at: new Date().toISOString(),
    });

  /** Completes the batch's operation-log entry (writes one if the batch never got to link its own). */
  async function completeLog(b: BatchRow, state: Exclude<BatchState, 'running'>, actor: Actor | null) {
    const results = await repo.results(b.id);
    const { acknowledged, failed } = countsOf(results);
    const summary = `${acknowledged}/${b.total} acknowledged, ${failed} failed`;
    const entry = {
      result: state === 'done' ? summary : `interrupted: ${summary}, ${b.total - acknowledged - failed} not answered`,
      success: state === 'done' && failed === 0,
      durationMs: Date.now() - b.startedAt.getTime(),
      args: { batchId: b.id, args: b.args, results: results.map(shown), ...(state === 'done' ? {} : { state }) },
    };
    if (b.operationId !== null) await repo.completeOperation(b.operationId, entry);
    else await record(b, actor, entry);
  }

  const record = async (
    b: BatchRow | { id: string; projectId: number; command: string; total: number },
    actor: Actor | null,
    entry: { result: string; success: boolean; durationMs: number; args: unknown },
    only?: { id: number; name: string },
  ) =>
    Number(
      await ctx.iot.recordOperation({
        actor,
        deviceId: only?.id ?? null,
        deviceName: only?.name ?? options.targetsName(b.total),
        command: `batch:${b.command}`,
        ...entry,
      }),
    );

  /** Runs the work of a batch this instance holds; completes the log and ends the batch once all answered. */
  function launch(b: BatchRow, work: BatchWork[], actor: Actor | null) {
    const counts = { acknowledged: b.acknowledged, failed: b.failed };
    const onAcks = options.onAcks?.[b.command];
    const run = runBatch({
      ctx,
      repo,
      settings,
      batchId: b.id,
      deviceCommand: b.deviceCommand,
      actor,
      work,
      counts,
      atSend,
      extraSeconds,
      onAcks: onAcks && ((set) => onAcks(set, b.args)),
      onProgress: (c) => push(b, c, 'running'),
    });
    const job = run.done
      .then(async (end) => {
        if (end !== 'finished') return;
        await completeLog(b, 'done', actor);
        const row = await repo.finish(b.id, settings.owner, 'done');
        if (row) push(b, row, 'done');
      })
      .catch((error) => console.error(`${type} batch failed`, b.id, error))
      .finally(() => running.delete(b.id));
    running.set(b.id, { run, job });
  }

  /** Ends a claimed batch as interrupted: what acknowledged is stored by the family, the log completed. */
  async function close(b: BatchRow) {
    const onAcks = options.onAcks?.[b.command];
    if (onAcks) await onAcks(await repo.acknowledged(b.id), b.args);
    await completeLog(b, 'interrupted', null);
    const row = await repo.finish(b.id, settings.owner, 'interrupted');
    if (row) push(b, row, 'interrupted');
  }

  /** Takes a claimed batch over: sends what was not answered, with the same command ids. */
  async function resume(b: BatchRow) {
    const counts = countsOf(await repo.results(b.id));
    const work = (await repo.unanswered(b.id)).map((u) => ({ ...u, args: u.args ?? b.args }));
    launch({ ...b, ...counts }, work, null);
  }

  /** Claims the family's batches whose lease ran out, then closes or resumes each. */
  async function sweep() {
    if (stopped) return;
    const claimed = await repo.claimExpired(type, settings.owner, leaseMs);
    const now = Date.now();
    const settled = now - bornAt >= leaseMs + sweepMs;
    for (const b of claimed) {
      if (stopped) break;
      // Its own batch whose lease ran out while it still runs it (the database was away): claimed back
      // as it is, the run goes on.
      if (running.has(b.id)) continue;
      if (settled && now - b.startedAt.getTime() < RESUME_WITHIN_MS) await resume(b);
      else await close(b);
    }
  }
  const sweepSafely = () =>
    sweep().catch((error) => {
      if (!stopped) console.error(`${type} batches: sweep failed`, error);
    });

  /**
   * A batch of the project with each target's result (the contract's `batchStatus`), in JSON as the
   * status call sends it; null when there is none.
   */
  async function statusJson(projectId: number, id: string): Promise<string | null> {
    const b = await repo.batch(projectId, type, id);
    if (!b) return null;
    const results = await repo.resultsJson(id);
    const summary = JSON.stringify({
      batchId: b.id,
      command: b.command,
      total: b.total,
      acknowledged: b.acknowledged,
      failed: b.failed,
      pending: b.total - b.acknowledged - b.failed,
      done: b.state !== 'running',
      state: b.state,
      startedAt: b.startedAt.toISOString(),
      finishedAt: b.finishedAt?.toISOString() ?? null,
    });
    return `${summary.slice(0, -1)},"results":${results}}`;
  }

  return {
    /**
     * Starts a batch: its row and targets (each with its command id) are stored and its operation-log
     * entry written before this answers with the batch id; the commands go out in the background.
     */
    async start<T extends CommandTarget>(input: BatchStart<T>) {
      const id = randomUUID();
      const { targets, command } = input;
      const perTarget = typeof input.args === 'function' ? input.args : null;
      const args = perTarget ? (targets.length ? perTarget(targets[0]!) : {}) : (input.args as Args);
      const deviceCommand = input.deviceCommand ?? command;
      const work: BatchWork[] = targets.map((t, seq) => ({
        seq,
        requestId: randomUUID(),
        deviceId: t.id,
        name: t.name,
        target: t,
        args: perTarget ? perTarget(t) : args,
      }));
      await repo.create({
        id,
        projectId: input.projectId,
        type,
        command,
        deviceCommand,
        args,
        owner: settings.owner,
        leaseMs,
        targets: work.map((w) => ({
          deviceId: w.deviceId,
          name: w.name,
          requestId: w.requestId,
          args: perTarget ? w.args : null,
        })),
      });
      const b: BatchRow = {
        id,
        projectId: input.projectId,
        type,
        command,
        deviceCommand,
        args,
        total: targets.length,
        acknowledged: 0,
        failed: 0,
        state: 'running',
        operationId: null,
        startedAt: new Date(),
        finishedAt: null,
      };
      const only = targets.length === 1 ? targets[0]! : undefined;
      b.operationId = await record(
        b,
        input.actor,
        {
          result: `0/${b.total} acknowledged, running`,
          success: false,
          durationMs: 0,
          args: { batchId: id, args, results: [] },
        },
        only,
      );
      await repo.setOperation(id, b.operationId);
      push(b, b, targets.length === 0 ? 'done' : 'running');
      launch(b, work, input.actor);
      return { batchId: id, command, total: b.total };
    },

    statusJson,

    /** `statusJson` read back (tests, and callers in the server). */
    async status(projectId: number, id: string): Promise<BatchStatus | null> {
      const text = await statusJson(projectId, id);
      return text === null ? null : (JSON.parse(text) as BatchStatus);
    },

    /** Waits for the batches this instance runs (tests, shutdown). */
    settled: async () => {
      while (running.size) await Promise.all([...running.values()].map((r) => r.job));
    },

    /** Looks for orphaned batches now and every `sweepMs` (from the app's start). */
    startSweeping() {
      if (sweeper || stopped) return;
      void sweepSafely();
      sweeper = setInterval(sweepSafely, sweepMs);
      sweeper.unref();
    },
    /** Looks for orphaned batches once (tests). */
    sweep,

    /** A graceful stop: no more commands; each running batch's results stored and its lease let go. */
    async stop() {
      stopped = true;
      if (sweeper) clearInterval(sweeper);
      await Promise.all([...running.values()].map((r) => r.run.release()));
    },

    /** What a killed process leaves (tests): nothing more sent or written, leases left to run out. */
    halt() {
      stopped = true;
      if (sweeper) clearInterval(sweeper);
      for (const r of running.values()) r.run.halt();
    },
  };
}

export type FamilyBatches = ReturnType<typeof createFamilyBatches>;
