import { randomUUID } from 'node:crypto';
import { lightingCommandArgs } from '@sc/contract';
import { AppError } from '../../../platform/errors.js';
import type { Actor, FamilyContext } from '../family-handler.js';
import type { LampTarget, LightingRepository } from './lighting.repository.js';

/**
 * Commands in flight at once for one batch. The replies of those in flight arrive together and are
 * handled in one turn of the event loop that also answers the console: 400 made turns of a few hundred
 * ms under a 10,000-lamp batch (the lamp page's p99 0.4-0.8 s). On a quiet machine 100 gave a page p99
 * of 90-138 ms and 50 gave 72-90 ms, the batch ending in 5 s instead of 4.3-4.7 s (target 10 s):
 * docs/performance.md, lighting.
 */
export const BATCH_CONCURRENCY = 50;
/** Progress pushes at most this often while a batch runs (and once at the end). */
const PUSH_EVERY_MS = 250;
/** The batch row is saved this often while it runs (other instances read progress from it). */
const SAVE_EVERY_MS = 1000;
/** Lamps that acknowledged are handed to `onAcks` in sets of at most this many (one write per set). */
const ACK_SET = 500;

export interface LampResult {
  deviceId: number;
  name: string;
  ok: boolean | null;
  error: string | null;
  durationMs: number | null;
}

/** What the server adds to a command's arguments before sending it. */
export function deviceArgs(command: string, args: Record<string, unknown>): Record<string, unknown> {
  if (command === 'correcttime') return { ...args, time: new Date().toISOString() };
  return args;
}

const errorOf = (error: unknown) => {
  if (error instanceof AppError)
    return error.code === 'DEVICE_OFFLINE' ? 'offline' : error.code === 'DEVICE_TIMEOUT' ? 'timeout' : error.code;
  return error instanceof Error ? error.message : String(error);
};

/**
 * Batch and group commands: one command to many lamps through the command bus with realtime progress,
 * each lamp's result kept on the batch row and in one operation-log entry.
 */
export function createLightingBatches(ctx: FamilyContext, repo: LightingRepository) {
  const running = new Map<string, Promise<void>>();

  /**
   * Sends one command to many lamps through the command bus, `BATCH_CONCURRENCY` at a time, pushing
   * progress (`batch`) to the project's consoles while it runs; writes one operation-log entry with each
   * lamp's result at the end. Answers at once with the batch id; the run goes on in the background.
   */
  async function start(input: {
    actor: Actor | null;
    projectId: number;
    command: string;
    /** The device command sent to each lamp (defaults to `command`). */
    deviceCommand?: string;
    targets: LampTarget[];
    args: (lamp: LampTarget) => Record<string, unknown>;
    /** After lamps acknowledged, in sets (e.g. store their run mode in one statement). */
    onAcks?: (lamps: LampTarget[]) => Promise<unknown>;
  }) {
    const id = randomUUID();
    const { projectId, command, targets } = input;
    const total = targets.length;
    await repo.createBatch({ id, projectId, command, total });
    const results: LampResult[] = targets.map((t) => ({
      deviceId: t.id,
      name: t.name,
      ok: null,
      error: null,
      durationMs: null,
    }));
    let acknowledged = 0;
    let failed = 0;
    let lastPush = 0;
    let lastSave = Date.now();
    const push = (done: boolean) => {
      lastPush = Date.now();
      ctx.iot.hub.publish({
        kind: 'batch',
        batchId: id,
        projectId,
        type: 'lighting',
        command,
        total,
        acknowledged,
        failed,
        pending: total - acknowledged - failed,
        done,
        at: new Date().toISOString(),
      });
    };
    // Acknowledged lamps waiting for `onAcks`: written a set at a time, one write in flight.
    let acked: LampTarget[] = [];
    let writing: Promise<unknown> = Promise.resolve();
    const writeAcks = () => {
      if (!input.onAcks || acked.length === 0) return writing;
      const set = acked;
      acked = [];
      writing = writing.then(() => input.onAcks!(set)).catch((error) => console.error('lighting batch acks', error));
      return writing;
    };
    const started = Date.now();
    const run = async () => {
      let next = 0;
      const worker = async () => {
        while (next < targets.length) {
          const i = next++;
          const lamp = targets[i]!;
          const t0 = Date.now();
          try {
            const outcome = await ctx.iot.bus.send(
              input.actor,
              lamp,
              input.deviceCommand ?? command,
              input.args(lamp),
              { log: false, push: false },
            );
            const r = results[i]!;
            r.ok = outcome.ok;
            r.error = outcome.ok ? null : (outcome.error ?? 'error');
            r.durationMs = outcome.durationMs;
            if (outcome.ok) {
              acknowledged++;
              if (input.onAcks) {
                acked.push(lamp);
                if (acked.length >= ACK_SET) void writeAcks();
              }
            } else failed++;
          } catch (error) {
            const r = results[i]!;
            r.ok = false;
            r.error = errorOf(error);
            r.durationMs = Date.now() - t0;
            failed++;
          }
          if (Date.now() - lastPush >= PUSH_EVERY_MS) push(false);
          if (Date.now() - lastSave >= SAVE_EVERY_MS) {
            lastSave = Date.now();
            void writeAcks();
            void repo.saveBatch({ id, acknowledged, failed, done: false }).catch(() => {});
          }
        }
      };
      await Promise.all(Array.from({ length: Math.min(BATCH_CONCURRENCY, targets.length) }, worker));
      await writeAcks();
      await repo.saveBatch({ id, acknowledged, failed, done: true, results });
      push(true);
      await ctx.iot.recordOperation({
        actor: input.actor,
        deviceId: targets.length === 1 ? targets[0]!.id : null,
        deviceName: targets.length === 1 ? targets[0]!.name : `${total} lamps`,
        command: `batch:${command}`,
        args: { batchId: id, args: targets.length ? input.args(targets[0]!) : {}, results },
        result: `${acknowledged}/${total} acknowledged, ${failed} failed`,
        success: failed === 0,
        durationMs: Date.now() - started,
      });
    };
    push(total === 0);
    const job = run().catch((error) => {
      console.error('lighting batch failed', error);
    });
    running.set(id, job);
    void job.finally(() => running.delete(id));
    return { batchId: id, command, total };
  }

  return {
    start,

    /**
     * A lamp command (with the command's defaults filled in) to many lamps; a run mode is stored for
     * the lamps that acknowledged it, a set at a time.
     */
    command(actor: Actor, projectId: number, command: string, args: Record<string, unknown>, targets: LampTarget[]) {
      // Validated by the body's schema already: this fills in the command's defaults (channel all, …).
      const full = lightingCommandArgs[command as keyof typeof lightingCommandArgs].parse(args) as Record<
        string,
        unknown
      >;
      return start({
        actor,
        projectId,
        command,
        targets,
        args: () => deviceArgs(command, full),
        onAcks:
          command === 'runmode'
            ? (lamps) =>
                repo.saveSettingsOf(lamps, { runMode: String(args.runMode), policyMode: String(args.policyMode) })
            : undefined,
      });
    },

    /** Waits for the batches this instance runs (tests, shutdown). */
    settled: () => Promise.all([...running.values()]),

    async status(projectId: number, id: string) {
      const row = await repo.batch(projectId, id);
      if (!row) throw new AppError(404, 'NOT_FOUND', 'lighting.errors.batchMissing');
      const total = Number(row.total);
      const acknowledged = Number(row.acknowledged);
      const failed = Number(row.failed);
      return {
        batchId: String(row.id),
        command: String(row.command),
        total,
        acknowledged,
        failed,
        pending: total - acknowledged - failed,
        done: Boolean(row.done),
        startedAt: new Date(row.started_at as string).toISOString(),
        finishedAt: row.finished_at ? new Date(row.finished_at as string).toISOString() : null,
        results: row.results as LampResult[],
      };
    },

    /** Lamps by id and group, every one a lamp of the project (404 otherwise). */
    async targets(projectId: number, lampIds: number[], groupIds: number[]) {
      const found = await repo.targets(projectId, lampIds, groupIds);
      if (found.missingGroups.length) throw new AppError(404, 'NOT_FOUND', 'lighting.errors.groupMissing');
      if (found.missingLamps.length) throw new AppError(404, 'NOT_FOUND', 'errors.notFound');
      return found.targets;
    },
  };
}

export type LightingBatches = ReturnType<typeof createLightingBatches>;
