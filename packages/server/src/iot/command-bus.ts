import { randomUUID } from 'node:crypto';
import {
  ACTIVE_STATE,
  type CommandItem,
  type CommandRequest,
  commandTopic,
  FANOUT_COMMAND,
  FANOUT_MAX_ITEMS,
  type FanoutArgs,
  type ReplyMessage,
} from '@sc/contract';
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

/** One child's part of a fan-out: its fixed command id, the child, its arguments. */
export interface FanoutItem {
  requestId: string;
  target: CommandTarget;
  args: Record<string, unknown>;
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

  const bus = {
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
       * keeps of the arguments when they are too large to read there (a gateway's lamps' policies);
       * `extraSeconds`: time the device needs beyond the settings' timeout before it can reply (files to
       * fetch first): the request is still repeated as the settings say, and its reply awaited longer.
       */
      options: {
        log?: boolean;
        push?: boolean;
        requestId?: string;
        logArgs?: Record<string, unknown>;
        extraSeconds?: number;
      } = {},
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
        const waitSeconds = timeoutSeconds + Math.max(0, options.extraSeconds ?? 0);
        const deadline = setTimeout(() => finish(null), waitSeconds * 1000);
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

    /**
     * One command to many children of the gateway `via` in `fanout` requests of at most
     * `FANOUT_MAX_ITEMS` (protocol: docs/device-protocol.md): the gateway answers each child's item with
     * its own reply as the child executes it. Resent, with the same item ids, for the items not answered
     * yet, as `send` resends; an item answers offline when the gateway or its child is not reachable,
     * silent when no reply came in time; a gateway that refuses `fanout` gets its items one by one. For
     * batches: no operation-log entry or push per child (the batch writes its own). One promise per item,
     * in the items' order, each settled as its reply arrives.
     */
    fanout(via: string, command: string, items: FanoutItem[]): Promise<CommandOutcome>[] {
      const started = Date.now();
      const settles = new Map<string, { resolve: (o: CommandOutcome) => void; reject: (e: unknown) => void }>();
      const promises = items.map(
        (item) => new Promise<CommandOutcome>((resolve, reject) => settles.set(item.requestId, { resolve, reject })),
      );
      const transport = deps.transport();
      const gatewayUp = transport !== null && (transport.isConnected === null || transport.isConnected(via));
      const waiting = new Map<string, FanoutItem & { item: CommandItem }>();
      for (const item of items) {
        const { target } = item;
        if (gatewayUp && target.equipmentId && target.activeState === ACTIVE_STATE.active)
          waiting.set(item.requestId, {
            ...item,
            item: { id: item.requestId, device: target.equipmentId, args: item.args },
          });
        else settles.get(item.requestId)!.reject(deviceOffline());
      }
      if (!transport || waiting.size === 0) return promises;

      void deps.settings().then(({ timeoutSeconds, attempts }) => {
        const topic = commandTopic(via);
        const envelopes = new Set<string>();
        let tries = 0;
        const resend = () => {
          if (tries >= attempts || waiting.size === 0) return;
          tries++;
          const open = [...waiting.values()].map((w) => w.item);
          for (let i = 0; i < open.length; i += FANOUT_MAX_ITEMS) {
            const args: FanoutArgs = { command, items: open.slice(i, i + FANOUT_MAX_ITEMS) };
            const request: CommandRequest = {
              id: randomUUID(),
              command: FANOUT_COMMAND,
              args: { ...args },
              ts: Date.now(),
            };
            envelopes.add(request.id);
            pending.set(request.id, (reply) => {
              if (!reply.ok) oneByOne();
            });
            transport.publish(topic, JSON.stringify(request)).catch(() => {});
          }
        };
        const stop = () => {
          clearInterval(retry);
          clearTimeout(deadline);
          for (const id of [...envelopes, ...waiting.keys()]) pending.delete(id);
          envelopes.clear();
        };
        const finish = () => {
          stop();
          for (const id of waiting.keys()) settles.get(id)!.reject(deviceSilent());
          waiting.clear();
        };
        /** The gateway does not fan out: each item on its own, with the same id. */
        const oneByOne = () => {
          stop();
          for (const w of waiting.values())
            bus
              .send(null, w.target, command, w.args, { log: false, push: false, requestId: w.requestId })
              .then(settles.get(w.requestId)!.resolve, settles.get(w.requestId)!.reject);
          waiting.clear();
        };
        const every = Math.max(200, Math.floor((timeoutSeconds * 1000) / attempts));
        const retry = setInterval(resend, every);
        const deadline = setTimeout(finish, timeoutSeconds * 1000);
        for (const id of waiting.keys())
          pending.set(id, (reply) => {
            pending.delete(id);
            if (!waiting.delete(id)) return;
            settles.get(id)!.resolve({
              requestId: id,
              ok: reply.ok,
              result: reply.result,
              error: reply.error,
              attempts: tries,
              durationMs: Date.now() - started,
            });
            if (waiting.size === 0) stop();
          });
        resend();
      });
      return promises;
    },
  };
  return bus;
}

export type CommandBus = ReturnType<typeof createCommandBus>;
