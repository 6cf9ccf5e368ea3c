import { fromWireSeconds, PGW_CONFIG, toWireSeconds } from '@sc/contract/families/pgw';
import type { FamilySim, SimDevice, SimEvent } from './types.js';

/** A lamp on the carrier as the gateway holds it: its usual signal, and whether it is lost now. */
interface Link {
  base: number;
  lostUntil: number;
  seen: number;
}
interface Table {
  links: Record<string, Link>;
  /** Events raised by the carrier table (lost, found), sent with the next reading. */
  pending: SimEvent[];
}

/** Chance per reading that a lamp stops answering on the carrier, and how long it stays lost (ms). */
export const LOSS = { chance: 0.01, minMs: 5 * 60_000, maxMs: 20 * 60_000 } as const;

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
 * (CHILD_LOST occurs, the lamp goes silent) and found again minutes later (restored); `random` decides.
 */
export function carrierTable(device: SimDevice, children: readonly SimDevice[], at: Date, random = Math.random) {
  const now = at.getTime();
  const t = table(device);
  const removed = (device.state.removed as Set<string> | undefined) ?? new Set<string>();
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
  return links;
}

/**
 * Power-line gateways: they hold their lamp controllers (lcuplc) on the carrier, report the carrier
 * table with every reading (signal and last contact per lamp), lose a lamp now and then and find it
 * again; their clock (UNIX seconds at UTC+8) drifts until corrected. Commands as docs/device-protocol.md
 * "Power-line gateways" says: runtime, correcttime, reboot, config, addchildren, removechildren.
 */
export const pgw: FamilySim = {
  type: 'pgw',
  firmware: 'PGW1.2.07',
  init: (device) => {
    const props = device.plan.props ?? {};
    device.state.table = { links: {}, pending: [] } satisfies Table;
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
  telemetry: (device) => {
    const links = Object.values(table(device).links);
    return { lamps: links.length, reachable: links.filter((l) => l.lostUntil === 0).length };
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
        .map((c) => ({ signal: held(device, c.equipmentId).lostUntil > now ? 0 : 1 }));
      return {
        ok: true,
        result: {
          deviceTime: toWireSeconds(ctx.now.getTime() + Number(device.state.clockOffsetMs ?? 0)),
          uptime: Math.max(0, Math.round((ctx.now.getTime() - Number(device.state.bootedAt)) / 1000)),
          firmware: pgw.firmware,
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
    addchildren: (device, args) => {
      const ids = Array.isArray(args.devices) ? args.devices.map(String) : [];
      const removed = device.state.removed as Set<string>;
      for (const id of ids) {
        removed.delete(id);
        held(device, id);
      }
      return { ok: true, result: { added: ids.length } };
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
