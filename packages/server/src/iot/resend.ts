import type { StateChange } from './activity.js';
import type { CommandBus, CommandTarget } from './command-bus.js';

/** What a device is sent when it comes back: its target and the commands, in order. */
export interface ResendPlan {
  target: CommandTarget;
  /** Each with what the operation log keeps of its arguments, when not all of them. */
  commands: [command: string, args: Record<string, unknown>, logArgs?: Record<string, unknown>][];
  /** Runs once every command was answered (e.g. forgets what was only kept to be told). */
  done?: () => Promise<unknown>;
}

/**
 * Sends the devices of a family that come back (heard again after being offline, or first heard since
 * this process started) what they may have missed, as `plan` answers it: the commands in order through
 * the command bus (operation log, no actor), the round ending at the first one not answered (the
 * device went away again; its next return gets the next round). One round per device at a time, and at
 * most `concurrency` devices at once: after a restart every device is first heard within a heartbeat,
 * and a silent one must not hold the others up for long.
 */
export function createResender(deps: {
  bus: Pick<CommandBus, 'send'>;
  plan: (change: StateChange) => Promise<ResendPlan | null>;
  concurrency?: number;
  onError?: (err: unknown, change: StateChange) => void;
}) {
  const limit = deps.concurrency ?? 32;
  const queued = new Map<number, StateChange>();
  const running = new Set<number>();
  let idle: (() => void)[] = [];

  async function round(change: StateChange) {
    try {
      const plan = await deps.plan(change);
      if (!plan) return;
      for (const [command, args, logArgs] of plan.commands) {
        const outcome = await deps.bus.send(null, plan.target, command, args, logArgs ? { logArgs } : {});
        if (!outcome.ok) return;
      }
      await plan.done?.();
    } catch (err) {
      // Offline or silent again (the bus throws): the next return tries again.
      const code = (err as { code?: string }).code;
      if (code !== 'DEVICE_OFFLINE' && code !== 'DEVICE_TIMEOUT') deps.onError?.(err, change);
    }
  }

  function pump() {
    for (const [id, change] of queued) {
      if (running.size >= limit) return;
      if (running.has(id)) continue;
      queued.delete(id);
      running.add(id);
      void round(change).finally(() => {
        running.delete(id);
        pump();
      });
    }
    if (running.size === 0 && queued.size === 0) {
      const waiting = idle;
      idle = [];
      for (const resolve of waiting) resolve();
    }
  }

  return {
    /** Queues a round for each device (a device already queued or being sent to is not queued twice). */
    push(changes: StateChange[]) {
      for (const c of changes) if (!running.has(c.id)) queued.set(c.id, c);
      pump();
    },
    /** Resolves once nothing is queued or being sent (tests). */
    settled: () =>
      running.size === 0 && queued.size === 0 ? Promise.resolve() : new Promise<void>((r) => idle.push(r)),
  };
}
