import { randomUUID } from 'node:crypto';
import { ACTIVE_STATE, type CommandRequest, commandTopic, type ReplyMessage } from '@sc/contract';
import type { Actor } from '../modules/logs/audit.service.js';
import { AppError } from '../platform/errors.js';
import type { RealtimeHub } from './realtime/hub.js';

export interface CommandTarget {
  id: number;
  projectId: number;
  name: string;
  equipmentId: string | null;
  activeState: number;
  parentEquipmentId?: string | null;
}

export interface CommandOutcome {
  requestId: string;
  ok: boolean;
  result?: unknown;
  error?: string;
  attempts: number;
  durationMs: number;
}

export interface CommandLogEntry {
  deviceId: number;
  deviceName: string;
  command: string;
  args: unknown;
  result: string;
  success: boolean;
  durationMs: number;
}

export const deviceOffline = () => new AppError(409, 'DEVICE_OFFLINE', 'errors.deviceOffline');
export const deviceSilent = () => new AppError(504, 'DEVICE_TIMEOUT', 'errors.deviceOffline');

/**
 * Sends a command and awaits the device's reply (DESIGN.md §7). The request is published again, with
 * the same id, every timeout/attempts until a reply or the timeout: a device answers a repeated id
 * without running the command again, so a retry never executes twice. Every command, answered or not,
 * is written to the operation log through `record`.
 */
export interface CommandTransport {
  publish(topic: string, payload: string): Promise<void>;
  /** Whether the broker has the device connected now; null when it cannot tell (external broker). */
  isConnected: ((equipmentId: string) => boolean) | null;
}

export function createCommandBus(deps: {
  /** The MQTT link once it is up; null before (and in tests without a broker): every device is offline. */
  transport: () => CommandTransport | null;
  settings: () => Promise<{ timeoutSeconds: number; attempts: number }>;
  hub: RealtimeHub;
  record: (entry: CommandLogEntry, actor: Actor | null) => Promise<void>;
}) {
  const pending = new Map<string, (reply: ReplyMessage) => void>();

  return {
    /** A reply from any device: settles the waiting request, if it is ours. */
    settle(reply: ReplyMessage) {
      pending.get(reply.id)?.(reply);
    },

    async send(
      actor: Actor | null,
      target: CommandTarget,
      command: string,
      args: Record<string, unknown> = {},
      /**
       * `log: false`: a batch writes one operation-log entry for all its devices instead; `push: false`:
       * no `command` push per device (a batch pushes its progress instead); `requestId`: the command's
       * id fixed by the caller (a batch keeps it per target, so sending it again after a restart is a
       * repeat the device answers without running the command twice); `logArgs`: what the operation log
       * keeps of the arguments when they are too large to read there (a gateway's lamps' policies).
       */
      options: { log?: boolean; push?: boolean; requestId?: string; logArgs?: Record<string, unknown> } = {},
    ): Promise<CommandOutcome> {
      const started = Date.now();
      const log = async (success: boolean, result: string) => {
        if (options.log === false) return;
        await deps.record(
          {
            deviceId: target.id,
            deviceName: target.name,
            command,
            args: options.logArgs ?? args,
            result,
            success,
            durationMs: Date.now() - started,
          },
          actor,
        );
      };

      const transport = deps.transport();
      const via = target.parentEquipmentId ?? target.equipmentId;
      const reachable =
        transport !== null &&
        via !== null &&
        target.activeState === ACTIVE_STATE.active &&
        (transport.isConnected === null || transport.isConnected(via));
      if (!reachable || !transport) {
        await log(false, 'offline');
        throw deviceOffline();
      }

      const { timeoutSeconds, attempts } = await deps.settings();
      const request: CommandRequest = { id: options.requestId ?? randomUUID(), command, args, ts: Date.now() };
      if (target.parentEquipmentId && target.equipmentId) request.device = target.equipmentId;
      const payload = JSON.stringify(request);
      const topic = commandTopic(via);

      let tries = 0;
      const reply = await new Promise<ReplyMessage | null>((resolve) => {
        const every = Math.max(200, Math.floor((timeoutSeconds * 1000) / attempts));
        const resend = () => {
          if (tries >= attempts) return;
          tries++;
          transport!.publish(topic, payload).catch(() => {});
        };
        const retry = setInterval(resend, every);
        const deadline = setTimeout(() => finish(null), timeoutSeconds * 1000);
        const finish = (r: ReplyMessage | null) => {
          clearInterval(retry);
          clearTimeout(deadline);
          pending.delete(request.id);
          resolve(r);
        };
        pending.set(request.id, finish);
        resend();
      });

      const durationMs = Date.now() - started;
      if (!reply) {
        await log(false, 'timeout');
        throw deviceSilent();
      }
      const outcome: CommandOutcome = {
        requestId: request.id,
        ok: reply.ok,
        result: reply.result,
        error: reply.error,
        attempts: tries,
        durationMs,
      };
      await log(reply.ok, reply.ok ? JSON.stringify(reply.result ?? 'ok').slice(0, 1000) : (reply.error ?? 'error'));
      if (options.push !== false)
        deps.hub.publish({
          kind: 'command',
          deviceId: target.id,
          projectId: target.projectId,
          requestId: request.id,
          command,
          ok: reply.ok,
          result: reply.result,
          error: reply.error,
          at: new Date().toISOString(),
        });
      return outcome;
    },
  };
}

export type CommandBus = ReturnType<typeof createCommandBus>;
