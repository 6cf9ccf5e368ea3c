import type { FastifyBaseLogger } from 'fastify';
import { callRecorder, ECE_RECORDING_CHUNK_BYTES, type RecordSide } from './ece.recorder.js';
import { ECE_RECORDING_HEARTBEAT_MS, type EceRepository } from './ece.repository.js';

/** How a write of the queue is retried: attempts in all, and the pause before the next (doubling, capped). */
export interface RetryPolicy {
  attempts: number;
  firstPauseMs: number;
  maxPauseMs: number;
}
/** About 12 s of a database failing (six attempts) before a recording's later chunks are given up. */
const RETRY: RetryPolicy = { attempts: 6, firstPauseMs: 500, maxPauseMs: 4000 };

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Writes run one after the other in the order they were queued, off the caller's path (`push` returns at
 * once). A failed write is logged and retried; one still failing after the last attempt, or one that
 * answers false (the recording is not open any more), stops the queue: the writes after it are dropped,
 * never written out of order (a recording's chunks are its audio by position).
 */
export function serialWrites(log: FastifyBaseLogger, context: Record<string, unknown>, retry: RetryPolicy = RETRY) {
  let tail: Promise<void> = Promise.resolve();
  let stopped = false;
  let last = 0;

  const attempt = async (what: string, write: () => Promise<boolean | undefined>) => {
    for (let n = 1; ; n++) {
      try {
        if ((await write()) === false) {
          log.warn({ ...context, what }, 'ece recording closed meanwhile: its later writes are dropped');
          stopped = true;
        }
        return;
      } catch (err) {
        if (n >= retry.attempts) {
          log.error({ err, ...context, what, attempts: n }, 'ece recording write failed: its later writes are dropped');
          stopped = true;
          return;
        }
        log.warn({ err, ...context, what, attempt: n }, 'ece recording write failed: retried');
        await pause(Math.min(retry.maxPauseMs, retry.firstPauseMs * 2 ** (n - 1)));
      }
    }
  };

  return {
    /** Queues a write (answers false when the recording is not open any more); resolves when it is done. */
    push(what: string, write: () => Promise<boolean | undefined>): Promise<void> {
      last = Date.now();
      tail = tail.then(() => (stopped ? undefined : attempt(what, write)));
      return tail;
    },
    /** When the last write was queued (ms). */
    get lastPushed() {
      return last;
    },
    /** Whether the queue stopped (the rest dropped). */
    get stopped() {
      return stopped;
    },
    /** Resolves when every write queued so far is done. */
    idle: () => tail,
  };
}

/**
 * An answered call's recording, written to the database as the call goes on: its row when it is
 * answered, then each chunk of its audio as soon as it is complete (`tick`, every second or so), a
 * heartbeat while no chunk is due, and at the end the rest and the WAV header (`end`), all in one queue
 * in order, off the frames' path (`add` only places a frame in memory). When the server dies during the
 * call, at most the last seconds are lost: the rows are finalised as interrupted by the next instance
 * that finds them not written for ECE_RECORDING_ABANDONED_MS.
 */
export function liveRecording(
  repo: Pick<EceRepository, 'openRecording' | 'writeChunk' | 'touchRecording' | 'finaliseRecording'>,
  call: { projectId: number; alarmId: number; answeredBy: string; maxMs: number },
  log: FastifyBaseLogger,
  options: { clock?: () => number; retry?: RetryPolicy } = {},
) {
  const recorder = callRecorder(call.maxMs, options.clock);
  const writes = serialWrites(log, { alarmId: call.alarmId }, options.retry);
  let id: number | null = null;
  let seq = 0;
  let ended = false;
  const opened = writes.push('open', async () => {
    id = await repo.openRecording({
      projectId: call.projectId,
      alarmId: call.alarmId,
      startTime: recorder.startedAt,
      answeredBy: call.answeredBy.slice(0, 64),
    });
    return true;
  });
  const chunk = (bytes: Buffer) => {
    const n = seq++;
    const cut = recorder.cut;
    void writes.push(`chunk ${n}`, () => repo.writeChunk(id!, n, bytes, cut));
  };

  return {
    startedAt: recorder.startedAt,
    /** Resolves once the row is made (or could not be). */
    opened,
    /** The recording's id, once its row is made. */
    get id() {
      return id;
    },
    /** Still being written: the call has not ended. */
    get writing() {
      return !ended;
    },
    /** A frame of one side, placed in memory (nothing is written here). */
    add(side: RecordSide, bytes: Uint8Array) {
      if (!ended) recorder.add(side, bytes);
    },
    /** The chunks complete by now queued to be written, or the heartbeat when none was for a while. */
    tick() {
      if (ended) return;
      for (const bytes of recorder.take()) chunk(bytes);
      if (Date.now() - writes.lastPushed >= ECE_RECORDING_HEARTBEAT_MS)
        void writes.push('heartbeat', () => repo.touchRecording(id!));
    },
    /**
     * The call ended: the rest of its audio and the WAV header written, the recording stored (deleted
     * when nothing was heard). Resolves when it is done; answers its id (null without one).
     */
    async end(): Promise<number | null> {
      if (ended) return writes.idle().then(() => id);
      ended = true;
      for (const bytes of recorder.take()) chunk(bytes);
      const done = recorder.finish();
      // The rest (up to the last 6 s or so) in chunks of the same size.
      for (let at = 0; done && at < done.rest.length; at += ECE_RECORDING_CHUNK_BYTES)
        chunk(done.rest.subarray(at, at + ECE_RECORDING_CHUNK_BYTES));
      let kept = false;
      await writes.push('finalise', async () => {
        kept = await repo.finaliseRecording(id!, {
          interrupted: false,
          cut: done?.cut ?? false,
          maxMinutes: Math.round(call.maxMs / 60_000),
        });
        return true;
      });
      return done && kept ? id : null;
    },
  };
}
export type LiveRecording = ReturnType<typeof liveRecording>;
