import {
  type CommandRequest,
  commandTopic,
  FANOUT_COMMAND,
  type FanoutArgs,
  type UpKind,
  upTopic,
  upTopicV1,
} from '@sc/contract';
import { demoKey } from '@sc/contract/demo-key';
import mqtt, { type MqttClient } from 'mqtt';
import { ReplyCache } from './dedup.js';
import { commandHandler, familySim } from './families/index.js';
import type { CommandAnswer, SimDevice, SimEvent, Values } from './families/types.js';

export interface FleetStats {
  connected: number;
  sent: number;
  answered: number;
  executed: number;
  repeated: number;
  failedConnects: number;
}

const V1_KIND: Record<UpKind, string> = { telemetry: 'tel', event: 'evt', heartbeat: 'hb', reply: 'rep' };

/**
 * One MQTT connection: a device on its own, or a gateway speaking for its children (naming the child
 * in `device`). Signs in with the equipment id and its demo key, answers commands once per id, and can
 * go away for a while (reboot, simulated outage) and come back.
 */
export class Connection {
  client: MqttClient | null = null;
  online = false;
  /** Not publishing until then (outage or reboot), ms. */
  downUntil = 0;
  nextHeartbeat = 0;
  readonly startedAt = Date.now();
  private readonly replies: ReplyCache<CommandAnswer>;
  private readonly byId: Map<string, SimDevice>;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private stopped = false;

  constructor(
    readonly owner: SimDevice,
    readonly children: SimDevice[],
    private readonly options: {
      url: string;
      secret: string;
      protocol: 1 | 2;
      qos: 0 | 1;
      intervalMs: number;
      stats: FleetStats;
      /** How long a device takes to execute a command before it answers, ms (a device's round trip). */
      executeMs?: number;
    },
  ) {
    this.byId = new Map([owner, ...children].map((d) => [d.equipmentId, d]));
    // Room for a fan-out to every child and its repeat besides the usual recent ids.
    this.replies = new ReplyCache<CommandAnswer>(64 + 2 * children.length);
  }

  get equipmentId() {
    return this.owner.equipmentId;
  }

  connect(): Promise<void> {
    const id = this.owner.equipmentId;
    const client = mqtt.connect(this.options.url, {
      clientId: id,
      username: id,
      password: demoKey(this.options.secret, id),
      keepalive: 120,
      reconnectPeriod: 5000 + Math.round(this.owner.place.offset * 5000),
      connectTimeout: 30_000,
      clean: true,
      resubscribe: false,
    });
    this.client = client;
    let first = true;
    return new Promise((resolve) => {
      client.on('connect', () => {
        this.online = true;
        this.options.stats.connected++;
        // On every (re)connect: say hello now and a first reading within seconds, so the console
        // sees the device at once; readings spread by the connect times and their jitter.
        this.nextHeartbeat = 0;
        const now = Date.now();
        for (const d of this.byId.values())
          d.nextTelemetry = now + Math.random() * Math.min(this.options.intervalMs, 10_000);
        const wasFirst = first;
        first = false;
        client.subscribe(commandTopic(id), { qos: 1 }, () => {
          if (wasFirst) resolve();
        });
      });
      client.on('close', () => {
        if (this.online) this.options.stats.connected--;
        this.online = false;
      });
      client.on('error', () => {
        if (first) {
          this.options.stats.failedConnects++;
          first = false;
          resolve();
        }
      });
      client.on('message', (_topic, payload) => void this.onCommand(payload));
    });
  }

  /** Publishes an uplink message of `device` (this connection's own, or a child's through it). */
  publish(kind: UpKind, device: SimDevice, body: Record<string, unknown>): void {
    if (!this.client || !this.online) return;
    const message: Record<string, unknown> = { ts: Date.now(), ...body };
    if (device !== this.owner) message.device = device.equipmentId;
    const v1 = this.options.protocol === 1;
    if (v1) message.k = V1_KIND[kind];
    const topic = v1 ? upTopicV1(this.owner.equipmentId) : upTopic(this.owner.equipmentId, kind);
    this.client.publish(topic, JSON.stringify(message), { qos: this.options.qos }, () => {});
    this.options.stats.sent++;
  }

  /** Takes a reading of `device` and sends it with the events it raises; answers the values. */
  report(device: SimDevice, at: Date): Values | null {
    const family = familySim(device.type);
    const values = family.telemetry?.(device, at) ?? null;
    const carried = device === this.owner ? family.carrier?.(device, this.children, at) : undefined;
    if (values) this.publish('telemetry', device, { values, ...carried });
    for (const event of family.events?.(device, values, at) ?? []) this.event(device, event);
    return values;
  }

  event(device: SimDevice, event: SimEvent): void {
    this.publish('event', device, { ...event });
  }

  heartbeat(now: number): void {
    const children = this.children.filter((c) => c.silentUntil <= now).map((c) => c.equipmentId);
    this.publish('heartbeat', this.owner, {
      uptime: Math.round((now - this.startedAt) / 1000),
      firmware: familySim(this.owner.type).firmware ?? '1.0.0',
      ...(this.children.length ? { children } : {}),
    });
  }

  private async onCommand(payload: Buffer): Promise<void> {
    let request: CommandRequest;
    try {
      request = JSON.parse(payload.toString('utf8')) as CommandRequest;
    } catch {
      return;
    }
    if (typeof request?.id !== 'string' || typeof request.command !== 'string') return;
    if (this.downUntil > Date.now()) return; // rebooting or silent: the bus will retry or time out
    if (request.command === FANOUT_COMMAND && this.children.length) {
      // Each child's item on its own, at once (a group address on the line): a reply per item as it ends.
      const { command, items } = request.args as unknown as FanoutArgs;
      await Promise.all(
        (Array.isArray(items) ? items : []).map((item) =>
          this.answer({ id: item.id, command, args: item.args, device: item.device, ts: request.ts }),
        ),
      );
      return;
    }
    await this.answer(request);
  }

  /** Runs a request once per id (a repeat gets the first answer) and publishes the reply. */
  private async answer(request: CommandRequest): Promise<void> {
    const { reply, repeated } = this.replies.answer(request.id, () => this.execute(request));
    if (repeated) this.options.stats.repeated++;
    const answer = await reply.catch((e: Error) => ({ ok: false, error: e.message }) as CommandAnswer);
    this.options.stats.answered++;
    this.publish('reply', this.owner, { id: request.id, ...answer });
  }

  private async execute(request: CommandRequest): Promise<CommandAnswer> {
    const executeMs = this.options.executeMs ?? 0;
    if (executeMs > 0) await new Promise((r) => setTimeout(r, executeMs));
    return this.run(request);
  }

  private run(request: CommandRequest): CommandAnswer | Promise<CommandAnswer> {
    const target = request.device ? this.byId.get(request.device) : this.owner;
    if (!target) return { ok: false, error: `unknown child ${request.device}` };
    const handler = commandHandler(target.type, request.command);
    if (!handler) return { ok: false, error: `unsupported command ${request.command}` };
    this.options.stats.executed++;
    const now = new Date();
    return handler(target, request.args ?? {}, {
      now,
      report: () => this.report(target, now),
      reboot: (ms) => this.goAway(ms),
      children: target === this.owner ? this.children : [],
      relay: async (child, command, args) =>
        this.run({
          id: `${request.id}:${child.equipmentId}`,
          command,
          args,
          device: child.equipmentId,
          ts: Date.now(),
        }),
    });
  }

  /** Disconnects for `ms` (a reboot or an outage), then comes back. */
  goAway(ms: number): void {
    this.downUntil = Date.now() + ms;
    this.client?.end(true);
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      if (!this.stopped) this.client?.reconnect();
    }, ms);
  }

  async close(): Promise<void> {
    this.stopped = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    await this.client?.endAsync(true).catch(() => {});
  }
}
