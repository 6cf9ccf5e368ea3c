import { fromWireSeconds, PGW_CONFIG, toWireSeconds } from '@sc/contract/families/pgw';
import { upkeepCommands, versionOf } from '../upkeep.js';
import type { FamilySim, SimDevice, SimEvent } from './types.js';

/** A lamp on the carrier as the gateway holds it: its usual signal, and whether it is lost now. */
interface Link {
  base: number;
  lostUntil: number;
  seen: number;
}
interface Table {
  links: Record<string, Link>;
  /** The carrier module is down until then (ms; 0: working): no lamp is heard. */
  faultUntil: number;
  /** Events raised by the carrier table (lost, found), sent with the next reading. */
  pending: SimEvent[];
}

/** The firmware a simulated gateway comes with (a PGWx.x.xx version, as its images carry). */
const PGW_FIRMWARE_VERSION = 'PGW1.2.07';

/** Chance per reading that a lamp stops answering on the carrier, and how long it stays lost (ms). */
export const LOSS = { chance: 0.01, minMs: 5 * 60_000, maxMs: 20 * 60_000 } as const;

/**
 * Chance per reading that the carrier module fails (CARRIER_FAULT occurs: no lamp is heard, they go
 * silent) and how long until it works again (restored): with a reading a minute, about one fault a
 * gateway in eight hours.
 */
export const FAULT = { chance: 0.002, minMs: 3 * 60_000, maxMs: 12 * 60_000 } as const;

/** Whether the gateway's carrier module is down at `now` (ms). */
export const carrierDown = (device: SimDevice, now: number) => table(device).faultUntil > now;

/** A stable 0-1 number of an equipment id: the lamp's distance down the line. */
const spread = (id: string) => {
  let h = 0;
  for (const c of id) h = (h * 31 + c.charCodeAt(0)) >>> 0;
  return (h % 1000) / 1000;
};

const table = (device: SimDevice) => device.state.table as Table;

function held(device: SimDevice, equipmentId: string): Link {
  const t = table(device);
  t.links[equipmentId] ??= { base: Math.round(35 + 60 * (1 - spread(equipmentId))), lostUntil: 0, seen: 0 };
  return t.links[equipmentId]!;
}

/**
 * The carrier table at `at`: each lamp the gateway holds with its signal (its usual one with some
 * noise; 0 while lost) and when it last heard it (UNIX seconds at UTC+8). Now and then a lamp is lost
 * (CHILD_LOST occurs, the lamp goes silent) and found again minutes later (restored). Rarer, the
 * carrier module itself fails (CARRIER_FAULT occurs): until it is restored minutes later every lamp
 * reads 0 with its last contact kept, and the lamps are silent. `random` decides.
 */
export function carrierTable(device: SimDevice, children: readonly SimDevice[], at: Date, random = Math.random) {
  const now = at.getTime();
  const t = table(device);
  const removed = (device.state.removed as Set<string> | undefined) ?? new Set<string>();
  if (t.faultUntil > now)
    return children
      .filter((c) => !removed.has(c.equipmentId))
      .map((c) => {
        const seen = held(device, c.equipmentId).seen;
        return { device: c.equipmentId, signal: 0, ...(seen ? { seen } : {}) };
      });
  if (t.faultUntil > 0) {
    t.faultUntil = 0;
    t.pending.push({ code: 'CARRIER_FAULT', type: 'restore', level: 'alarm' });
  }
  const links: { device: string; signal: number; seen?: number }[] = [];
  // A line rarely loses many lamps at once: at most a quarter of them (and always one may go).
  const mayLose = Math.max(1, Math.floor(children.length / 4));
  let lostNow = children.filter((c) => (t.links[c.equipmentId]?.lostUntil ?? 0) > now).length;
  for (const child of children) {
    if (removed.has(child.equipmentId)) continue;
    const link = held(device, child.equipmentId);
    const lost = link.lostUntil > now;
    if (!lost && link.lostUntil > 0) {
      link.lostUntil = 0;
      t.pending.push({ code: 'CHILD_LOST', type: 'restore', level: 'warning', detail: { lamp: child.equipmentId } });
    } else if (!lost && lostNow < mayLose && random() < LOSS.chance) {
      lostNow++;
      link.lostUntil = now + LOSS.minMs + random() * (LOSS.maxMs - LOSS.minMs);
      child.silentUntil = Math.max(child.silentUntil, link.lostUntil);
      t.pending.push({ code: 'CHILD_LOST', type: 'occur', level: 'warning', detail: { lamp: child.equipmentId } });
    }
    if (link.lostUntil > now) {
      links.push({ device: child.equipmentId, signal: 0, ...(link.seen ? { seen: link.seen } : {}) });
      continue;
    }
    link.seen = toWireSeconds(now);
    const signal = Math.max(1, Math.min(100, Math.round(link.base + (random() - 0.5) * 10)));
    links.push({ device: child.equipmentId, signal, seen: link.seen });
  }
  // After this search the carrier module may fail: the next readings hear no lamp until it is back.
  if (links.length && random() < FAULT.chance) {
    t.faultUntil = now + FAULT.minMs + random() * (FAULT.maxMs - FAULT.minMs);
    for (const child of children)
      if (!removed.has(child.equipmentId)) child.silentUntil = Math.max(child.silentUntil, t.faultUntil);
    t.pending.push({ code: 'CARRIER_FAULT', type: 'occur', level: 'alarm', detail: { lamps: links.length } });
  }
  return links;
}

/**
 * Power-line gateways: they hold their lamp controllers (lcuplc) on the carrier, report the carrier
 * table with every reading (signal and last contact per lamp), lose a lamp now and then and find it
 * again; their carrier module fails now and then and comes back; their clock (UNIX seconds at UTC+8) drifts until corrected. Commands as docs/device-protocol.md
 * "Power-line gateways" says: runtime, correcttime, reboot, config, addchildren, removechildren, childpolicies.
 */
export const pgw: FamilySim = {
  type: 'pgw',
  firmware: PGW_FIRMWARE_VERSION,
  init: (device) => {
    const props = device.plan.props ?? {};
    device.state.table = { links: {}, faultUntil: 0, pending: [] } satisfies Table;
    device.state.removed = new Set<string>();
    device.state.clockOffsetMs = Math.round((device.place.offset - 0.5) * 90_000);
    device.state.bootedAt = Date.now();
    device.state.config = {
      relayLevels: typeof props.relayLevels === 'number' ? props.relayLevels : PGW_CONFIG.relayLevels.default,
      searchInterval:
        typeof props.searchInterval === 'number' ? props.searchInterval : PGW_CONFIG.searchInterval.default,
      carrierBand: props.carrierBand === 'wide' ? 'wide' : 'narrow',
    };
  },
  telemetry: (device, at) => {
    const links = Object.values(table(device).links);
    const down = carrierDown(device, at.getTime());
    return { lamps: links.length, reachable: down ? 0 : links.filter((l) => l.lostUntil === 0).length };
  },
  carrier: (device, children, at) => ({ links: carrierTable(device, children, at) }),
  events: (device) => table(device).pending.splice(0),
  commands: {
    runtime: (device, _args, ctx) => {
      // What it holds now (reading the table loses nothing): lamps not removed, and of those not lost.
      const now = ctx.now.getTime();
      const removed = device.state.removed as Set<string>;
      const links = ctx.children
        .filter((c) => !removed.has(c.equipmentId))
        .map((c) => ({ signal: carrierDown(device, now) || held(device, c.equipmentId).lostUntil > now ? 0 : 1 }));
      return {
        ok: true,
        result: {
          deviceTime: toWireSeconds(ctx.now.getTime() + Number(device.state.clockOffsetMs ?? 0)),
          uptime: Math.max(0, Math.round((ctx.now.getTime() - Number(device.state.bootedAt)) / 1000)),
          firmware: versionOf(device, PGW_FIRMWARE_VERSION),
          lamps: links.length,
          reachable: links.filter((l) => l.signal > 0).length,
          ...(device.state.config as object),
        },
      };
    },
    correcttime: (device, args, ctx) => {
      // The clock is set to the time sent (UNIX seconds at UTC+8): its offset is what it was off by.
      const previousOffsetMs = Number(device.state.clockOffsetMs ?? 0);
      device.state.clockOffsetMs =
        typeof args.time === 'number' ? fromWireSeconds(args.time) - ctx.now.getTime() + (ctx.now.getTime() % 1000) : 0;
      table(device).pending.push({ code: 'TIME_CORRECTED', type: 'info', level: 'info', detail: { previousOffsetMs } });
      return { ok: true, result: { previousOffsetMs } };
    },
    reboot: (device, _args, ctx) => {
      const downMs = 3000 + Math.round(device.place.offset * 3000);
      setTimeout(() => ctx.reboot(downMs), 300);
      device.state.bootedAt = Date.now() + downMs;
      table(device).pending.push({ code: 'REBOOTED', type: 'info', level: 'info' });
      return { ok: true, result: { rebootingInMs: 300, downMs } };
    },
    config: (device, args) => {
      const relayLevels = Number(args.relayLevels);
      const searchInterval = Number(args.searchInterval);
      if (!(relayLevels >= PGW_CONFIG.relayLevels.min && relayLevels <= PGW_CONFIG.relayLevels.max))
        return { ok: false, error: 'bad relay levels' };
      if (!(searchInterval >= PGW_CONFIG.searchInterval.min && searchInterval <= PGW_CONFIG.searchInterval.max))
        return { ok: false, error: 'bad search interval' };
      device.state.config = {
        relayLevels,
        searchInterval,
        carrierBand: args.carrierBand === 'wide' ? 'wide' : 'narrow',
      };
      return { ok: true, result: device.state.config };
    },
    ...upkeepCommands({
      defaultVersion: PGW_FIRMWARE_VERSION,
      raise: (device, event) => table(device).pending.push(event),
    }),
    addchildren: (device, args) => {
      const ids = Array.isArray(args.devices) ? args.devices.map(String) : [];
      const removed = device.state.removed as Set<string>;
      for (const id of ids) {
        removed.delete(id);
        held(device, id);
      }
      return { ok: true, result: { added: ids.length } };
    },
    // Its lamps' policies, kept and run for them (they run on the lamps' clock here, while the server is away too).
    childpolicies: async (_device, args, ctx) => {
      const entries = Array.isArray(args.devices) ? (args.devices as Record<string, unknown>[]) : [];
      let applied = 0;
      for (const { device: id, ...definition } of entries) {
        const child = ctx.children.find((c) => c.equipmentId === id);
        if (child && (await ctx.relay?.(child, 'policydef', definition))?.ok) applied++;
      }
      return { ok: true, result: { devices: applied } };
    },
    removechildren: (device, args) => {
      const ids = Array.isArray(args.devices) ? args.devices.map(String) : [];
      const removed = device.state.removed as Set<string>;
      for (const id of ids) {
        removed.add(id);
        delete table(device).links[id];
      }
      return { ok: true, result: { removed: ids.length } };
    },
  },
};
