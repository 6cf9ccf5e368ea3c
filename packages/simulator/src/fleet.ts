import { planDevices } from '@sc/contract/demo';
import { Connection, type FleetStats } from './device.js';
import { familySim } from './families/index.js';
import type { SimDevice, Values } from './families/types.js';

export interface FleetOptions {
  /** Broker URL, e.g. mqtt://127.0.0.1:1883. */
  url: string;
  /** The installation's demo device secret: each device's key is derived from it (`demoKey`). */
  secret: string;
  /** How many demo devices, from `from` (1-based: DEMO000001 is 1). */
  devices: number;
  from?: number;
  /** Telemetry messages per device per minute (baseline). */
  rate?: number;
  /** Fraction of devices silent at any time (simulated outages), 0-1. */
  offline?: number;
  protocol?: 1 | 2;
  qos?: 0 | 1;
  /** How long a device takes to execute a command before it answers, ms (default 0). */
  executeMs?: number;
  /** Heartbeat period, ms. */
  heartbeatMs?: number;
  /** Connections opened per step, and the step (staggered connects). */
  connectBatch?: number;
  connectEveryMs?: number;
  /** Status line every `statusEveryMs` through `log` (0: none). */
  statusEveryMs?: number;
  log?: (line: string) => void;
}

/**
 * The simulated demo devices `from` (1-based) onwards, as the fleet runs them: their plan, place and
 * family state (`init`); devices without a model (no key) are left out.
 */
export function simDevices(count: number, from = 1): SimDevice[] {
  const start = Math.max(1, from) - 1;
  const plan = planDevices(start, start + count).filter((d) => d.modelNo !== null); // no model: no key
  return plan.map((p, i) => {
    const device: SimDevice = {
      plan: p,
      equipmentId: p.equipmentId,
      type: p.type,
      place: { lng: p.lng, lat: p.lat, offset: offsetOf(start + i) },
      registered: p.registered,
      silentUntil: 0,
      nextTelemetry: Number.POSITIVE_INFINITY,
      state: {},
    };
    familySim(p.type).init?.(device);
    return device;
  });
}

/**
 * Readings the devices would have sent at each of `times` (ms, ascending), a step per time: a demo's
 * history back-filled on its first start. Each device's clock (`state.at`, where registers count from)
 * starts at the first time, so registers grow across the history. No events: a month of alarms is
 * not a welcome.
 */
export function* backfill(devices: readonly SimDevice[], times: readonly number[]) {
  for (const device of devices) if ('at' in device.state && times.length) device.state.at = times[0];
  for (const t of times) {
    const at = new Date(t);
    const step: { device: SimDevice; at: Date; values: Values }[] = [];
    for (const device of devices) {
      const values = familySim(device.type).telemetry?.(device, at);
      if (values) step.push({ device, at, values });
    }
    yield step;
  }
}

const TICK_MS = 1000;
const MAX_PER_TICK = 20;

/** Deterministic offset in [0, 1) per device, so neighbours differ but runs agree. */
const offsetOf = (index: number) => ((index * 2654435761) >>> 0) / 4294967296;

/**
 * The demo devices over MQTT: one connection per device, or per gateway carrying its children (which
 * then open none). Connections open in staggered steps; one shared tick a second sends what is due
 * (telemetry at `rate` a minute with jitter, heartbeats, events), so ten thousand devices cost one
 * timer, not ten thousand.
 */
export function createFleet(options: FleetOptions) {
  const rate = options.rate ?? 1;
  const offline = options.offline ?? 0;
  const heartbeatMs = options.heartbeatMs ?? 60_000;
  const intervalMs = 60_000 / Math.max(rate, 0.001);
  const stats: FleetStats = { connected: 0, sent: 0, answered: 0, executed: 0, repeated: 0, failedConnects: 0 };
  const from = Math.max(1, options.from ?? 1) - 1;
  const now = Date.now();

  // Their first reading is set when their connection comes up (within seconds).
  const devices = simDevices(options.devices, from + 1);
  const byId = new Map(devices.map((d) => [d.equipmentId, d]));
  const childrenOf = new Map<string, SimDevice[]>();
  const standalone: SimDevice[] = [];
  for (const d of devices) {
    const parent = d.plan.parentEquipmentId;
    if (parent && byId.has(parent)) childrenOf.set(parent, [...(childrenOf.get(parent) ?? []), d]);
    else standalone.push(d);
  }
  const conn = {
    url: options.url,
    secret: options.secret,
    protocol: options.protocol ?? 2,
    qos: options.qos ?? 0,
    intervalMs,
    stats,
    executeMs: options.executeMs,
  };
  const connections = standalone.map((d) => new Connection(d, childrenOf.get(d.equipmentId) ?? [], conn));
  const owners = new Map<SimDevice, Connection>();
  for (const c of connections) for (const d of [c.owner, ...c.children]) owners.set(d, c);

  let tickTimer: NodeJS.Timeout | null = null;
  let statusTimer: NodeJS.Timeout | null = null;
  let lastOutageCheck = now;
  let stopped = false;
  let lastSent = 0;
  let lastStatusAt = now;

  function tick() {
    const t = Date.now();
    const at = new Date(t);
    // Outages: each minute a device goes silent with p/10, for 5-15 minutes: about p of them at a time.
    const outages = offline > 0 && t - lastOutageCheck >= 60_000;
    if (outages) lastOutageCheck = t;
    for (const c of connections) {
      if (outages && c.online && Math.random() < offline / 10) {
        const ms = (5 + Math.random() * 10) * 60_000;
        c.owner.silentUntil = t + ms;
        c.goAway(ms);
        continue;
      }
      if (!c.online || c.downUntil > t) continue;
      if (t >= c.nextHeartbeat) {
        c.heartbeat(t);
        c.nextHeartbeat = t + heartbeatMs * (0.95 + Math.random() * 0.1);
      }
      for (const d of c.children.length ? [c.owner, ...c.children] : [c.owner]) {
        if (outages && d !== c.owner && Math.random() < offline / 10)
          d.silentUntil = t + (5 + Math.random() * 10) * 60_000;
        if (d.silentUntil > t || t < d.nextTelemetry) continue;
        // Back from an outage or a reboot: no backlog, the next reading now.
        if (t - d.nextTelemetry > 2 * intervalMs + TICK_MS) d.nextTelemetry = t;
        // From the due time, not the tick: the rate holds on average, several a tick above 60/min.
        for (let n = 0; t >= d.nextTelemetry && n < MAX_PER_TICK; n++) {
          d.nextTelemetry += intervalMs * (0.8 + Math.random() * 0.4);
          c.report(d, at);
        }
      }
    }
  }

  function status() {
    const t = Date.now();
    const perSecond = ((stats.sent - lastSent) * 1000) / Math.max(1, t - lastStatusAt);
    lastSent = stats.sent;
    lastStatusAt = t;
    options.log?.(
      `[simulator] connected ${stats.connected}/${connections.length} connections (${devices.length} devices) · ${perSecond.toFixed(0)} msg/s · ${stats.sent} sent · commands ${stats.answered} answered (${stats.repeated} repeated ids) · ${stats.failedConnects} failed connects`,
    );
  }

  return {
    stats,
    devices,
    connections,
    /** Connects every connection (staggered) and starts the tick; resolves once all have tried. */
    async start(): Promise<void> {
      tickTimer = setInterval(tick, TICK_MS);
      if (options.statusEveryMs) statusTimer = setInterval(status, options.statusEveryMs);
      const batch = options.connectBatch ?? 200;
      const every = options.connectEveryMs ?? 100;
      const pending: Promise<void>[] = [];
      const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
      for (let i = 0; i < connections.length && !stopped; i += batch) {
        const wave = connections.slice(i, i + batch).map((c) => c.connect());
        pending.push(...wave);
        // Back-pressure: the next wave once this one is in (or 5 s), so a busy broker is not swamped.
        await Promise.race([Promise.all(wave), sleep(5000)]);
        if (i + batch < connections.length) await sleep(every);
      }
      await Promise.all(pending);
      tick();
    },
    /** The connection that speaks for a device (its own, or its gateway's). */
    connectionOf: (equipmentId: string) => {
      const d = byId.get(equipmentId);
      return d ? owners.get(d) : undefined;
    },
    status,
    async stop(): Promise<void> {
      stopped = true;
      if (tickTimer) clearInterval(tickTimer);
      if (statusTimer) clearInterval(statusTimer);
      await Promise.all(connections.map((c) => c.close()));
    },
  };
}

export type Fleet = ReturnType<typeof createFleet>;
