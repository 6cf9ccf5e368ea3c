import { fromWireSeconds, toWireSeconds } from '@sc/contract/families/pgw';
import { describe, expect, it } from 'vitest';
import { commandHandler } from './index.js';
import { carrierDown, carrierTable, FAULT, LOSS, pgw } from './pgw.js';
import type { CommandContext, SimDevice } from './types.js';

const sim = (equipmentId: string, type: string, props: Record<string, unknown> = {}): SimDevice => {
  const device = {
    plan: { props },
    equipmentId,
    type,
    place: { lng: 118.8, lat: 32.1, offset: 0.3 },
    registered: true,
    silentUntil: 0,
    nextTelemetry: 0,
    state: {},
  } as unknown as SimDevice;
  if (type === 'pgw') pgw.init!(device);
  return device;
};
/** A seeded draw (mulberry32): the same run every time. */
const seeded = (start: number) => {
  let seed = start;
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let x = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
};
const lamps = Array.from({ length: 8 }, (_, i) => sim(`LCU${i}`, 'lighting'));
const ctx = (children: SimDevice[], now = new Date()): CommandContext => ({
  now,
  report: () => null,
  reboot: () => {},
  children,
});

describe('power-line gateways', () => {
  it('report every lamp they hold with a plausible signal and the last contact at UTC+8', () => {
    const gw = sim('PGW1', 'pgw');
    const at = new Date(Date.UTC(2026, 10, 22, 12));
    const links = carrierTable(gw, lamps, at, () => 0.5);
    expect(links.map((l) => l.device)).toEqual(lamps.map((l) => l.equipmentId));
    for (const l of links) {
      expect(l.signal).toBeGreaterThan(0);
      expect(l.signal).toBeLessThanOrEqual(100);
      expect(fromWireSeconds(l.seen!)).toBe(at.getTime());
    }
    expect(pgw.telemetry!(gw, at)).toEqual({ lamps: 8, reachable: 8 });
    // Its readings carry the table (the fleet publishes `links` beside the values; lamps may get lost there).
    expect(pgw.carrier!(gw, lamps, at).links).toHaveLength(lamps.length);
  });

  it('lose a lamp now and then, keep its last contact, silence it, and find it again', () => {
    const gw = sim('PGW2', 'pgw');
    const children = lamps.map((l) => ({ ...l, silentUntil: 0 }));
    const start = Date.UTC(2026, 10, 22, 12);
    carrierTable(gw, children, new Date(start), () => 0.5);
    // The next reading: the first draw falls under the loss chance, so the first lamp is lost.
    let draws = 0;
    const lose = () => (draws++ === 0 ? LOSS.chance / 2 : 0.5);
    const at = new Date(start + 60_000);
    const links = carrierTable(gw, children, at, lose);
    expect(links[0]).toEqual({ device: children[0]!.equipmentId, signal: 0, seen: toWireSeconds(start) });
    expect(children[0]!.silentUntil).toBeGreaterThanOrEqual(at.getTime() + LOSS.minMs);
    expect(pgw.events!(gw, null, at)).toEqual([
      { code: 'CHILD_LOST', type: 'occur', level: 'warning', detail: { lamp: children[0]!.equipmentId } },
    ]);
    // Still lost a minute later; found again once its time is up.
    expect(carrierTable(gw, children, new Date(at.getTime() + 60_000), () => 0.5)[0]!.signal).toBe(0);
    const later = new Date(at.getTime() + LOSS.maxMs + 1000);
    const back = carrierTable(gw, children, later, () => 0.5);
    expect(back[0]!.signal).toBeGreaterThan(0);
    expect(back[0]!.seen).toBe(toWireSeconds(later.getTime()));
    expect(pgw.events!(gw, null, later)).toEqual([
      { code: 'CHILD_LOST', type: 'restore', level: 'warning', detail: { lamp: children[0]!.equipmentId } },
    ]);
  });

  it('over many readings, lose some lamps but never most of them', () => {
    const gw = sim('PGW3', 'pgw');
    const children = lamps.map((l) => ({ ...l, silentUntil: 0 }));
    const start = Date.UTC(2026, 10, 22);
    let lost = 0;
    let found = 0;
    const random = seeded(42);
    for (let i = 0; i < 24 * 60; i++) {
      const at = new Date(start + i * 60_000);
      const down = carrierDown(gw, at.getTime());
      const links = carrierTable(gw, children, at, random);
      // (While the carrier module is down no lamp is heard: that is the fault, not lost lamps.)
      if (!down) expect(links.filter((l) => l.signal === 0).length).toBeLessThanOrEqual(2);
      for (const e of pgw.events!(gw, null, at)) if (e.code === 'CHILD_LOST') e.type === 'occur' ? lost++ : found++;
    }
    expect(lost).toBeGreaterThan(20);
    expect(found).toBeGreaterThanOrEqual(lost - children.length);
  });

  it('now and then lose the carrier module (no lamp heard, lamps silent) and restore it minutes later', () => {
    const gw = sim('PGW6', 'pgw');
    const children = lamps.map((l) => ({ ...l, silentUntil: 0 }));
    const start = Date.UTC(2026, 10, 22, 12);
    const first = carrierTable(gw, children, new Date(start), () => 0.5);
    // The next search: two draws a lamp (lost? its signal's noise), none lost; then the fault draw falls under its chance.
    let draws = 0;
    const fail = () => (draws++ === 2 * children.length ? FAULT.chance / 2 : 0.5);
    const at = new Date(start + 60_000);
    expect(carrierTable(gw, children, at, fail).every((l) => l.signal > 0)).toBe(true);
    expect(pgw.events!(gw, null, at)).toEqual([
      { code: 'CARRIER_FAULT', type: 'occur', level: 'alarm', detail: { lamps: children.length } },
    ]);
    expect(carrierDown(gw, at.getTime() + FAULT.minMs - 1000)).toBe(true);
    for (const c of children) expect(c.silentUntil).toBeGreaterThanOrEqual(at.getTime() + FAULT.minMs);
    // While down: every lamp reads 0 with its last contact kept, no lamp is reported lost, none reachable.
    const during = new Date(at.getTime() + 60_000);
    const down = carrierTable(gw, children, during, () => 0);
    expect(down.map((l) => l.signal)).toEqual(children.map(() => 0));
    expect(down[0]!.seen).toBe(toWireSeconds(at.getTime()));
    expect(first).toHaveLength(children.length);
    expect(pgw.telemetry!(gw, during)).toEqual({ lamps: 8, reachable: 0 });
    expect(pgw.events!(gw, null, during)).toEqual([]);
    // Back once its time is up: the lamps are heard again and the fault is restored.
    const later = new Date(at.getTime() + FAULT.maxMs + 1000);
    expect(carrierTable(gw, children, later, () => 0.5).every((l) => l.signal > 0)).toBe(true);
    expect(pgw.events!(gw, null, later)).toEqual([{ code: 'CARRIER_FAULT', type: 'restore', level: 'alarm' }]);
  });

  it('over a seeded week, raise a few carrier faults and restore every one', () => {
    const gw = sim('PGW7', 'pgw');
    const children = lamps.map((l) => ({ ...l, silentUntil: 0 }));
    const start = Date.UTC(2026, 10, 16);
    const random = seeded(7);
    const faults: string[] = [];
    for (let i = 0; i < 7 * 24 * 60; i++) {
      const at = new Date(start + i * 60_000);
      carrierTable(gw, children, at, random);
      for (const e of pgw.events!(gw, null, at)) if (e.code === 'CARRIER_FAULT') faults.push(e.type);
    }
    carrierTable(gw, children, new Date(start + 8 * 24 * 3600_000), random);
    for (const e of pgw.events!(gw, null, new Date())) if (e.code === 'CARRIER_FAULT') faults.push(e.type);
    const occurred = faults.filter((f) => f === 'occur').length;
    expect(occurred).toBeGreaterThanOrEqual(5);
    expect(occurred).toBeLessThanOrEqual(60);
    // Alternating: occur, restore, occur, restore…, ending restored.
    expect(faults).toEqual(faults.map((_, i) => (i % 2 ? 'restore' : 'occur')));
    expect(faults.at(-1)).toBe('restore');
  });

  it('answer runtime with their clock at UTC+8, correct it, and keep their configuration', async () => {
    const gw = sim('PGW4', 'pgw', { relayLevels: 2 });
    gw.state.clockOffsetMs = 90_000;
    const now = new Date(Date.UTC(2026, 10, 22, 8));
    const runtime = (await pgw.commands!.runtime!(gw, {}, ctx(lamps, now))) as {
      ok: true;
      result: Record<string, number>;
    };
    expect(runtime.ok).toBe(true);
    expect(fromWireSeconds(runtime.result.deviceTime!) - now.getTime()).toBe(90_000);
    expect(runtime.result).toMatchObject({ lamps: 8, reachable: 8, relayLevels: 2, searchInterval: 30 });
    const time = toWireSeconds(now.getTime());
    expect((await pgw.commands!.correcttime!(gw, { time }, ctx(lamps, now))).ok).toBe(true);
    const after = (await pgw.commands!.runtime!(gw, {}, ctx(lamps, now))) as { result: Record<string, number> };
    expect(after.result.deviceTime).toBe(time);
    expect((await pgw.commands!.config!(gw, { relayLevels: 9, searchInterval: 30 }, ctx([]))).ok).toBe(false);
    expect(
      await pgw.commands!.config!(gw, { relayLevels: 4, searchInterval: 60, carrierBand: 'wide' }, ctx([])),
    ).toEqual({ ok: true, result: { relayLevels: 4, searchInterval: 60, carrierBand: 'wide' } });
  });

  it('stop reporting a lamp unregistered from them, and take it back when registered again', async () => {
    const gw = sim('PGW5', 'pgw');
    const id = lamps[2]!.equipmentId;
    await pgw.commands!.removechildren!(gw, { devices: [id] }, ctx(lamps));
    expect(carrierTable(gw, lamps, new Date()).map((l) => l.device)).not.toContain(id);
    await pgw.commands!.addchildren!(gw, { devices: [id] }, ctx(lamps));
    expect(carrierTable(gw, lamps, new Date()).map((l) => l.device)).toContain(id);
  });
  it('hand each lamp the policies kept for it, which the lamp then runs on its own clock', async () => {
    const gw = sim('PGW6', 'pgw');
    const [lamp, other] = [sim('LCU-P1', 'lighting'), sim('LCU-P2', 'lighting')];
    // As a connection runs a child's command: the lamp's own family answers it.
    const relay = async (child: SimDevice, command: string, args: Record<string, unknown>) =>
      commandHandler(child.type, command)!(child, args, ctx([]));
    const policy = {
      id: 7,
      no: 'P7',
      units: [],
      range: null,
      channelControl: false,
      channels: [],
      cycle: { mode: 'everyday' },
    };
    const answer = await pgw.commands!.childpolicies!(
      gw,
      {
        devices: [
          { device: lamp.equipmentId, timezone: 9, lng: 118.8, lat: 32.1, policies: [policy] },
          { device: 'NOT-HELD', timezone: 8, policies: [] },
        ],
      },
      { ...ctx([lamp, other]), relay },
    );
    expect(answer).toEqual({ ok: true, result: { devices: 1 } });
    expect(lamp.state.policies).toEqual([policy]);
    expect(lamp.state.tz).toBe(9);
    expect(other.state.policies).toBeUndefined();
  });
  it('answer their version, keep comm args, and take a firmware image in chunks that switches the version', async () => {
    const gw = sim('PGW9', 'pgw');
    const c = ctx([]);
    expect((await pgw.commands!.version!(gw, {}, c)).result).toEqual({ version: 'PGW1.2.07' });
    expect((await pgw.commands!.comm!(gw, { up: { heartbeat: 90 } }, c)).ok).toBe(true);
    expect(gw.state.comm).toEqual({ up: { heartbeat: 90 } });
    for (const index of [0, 1])
      expect((await pgw.commands!.upgrade!(gw, { index, total: 2, version: 'PGW2.0.00', data: 'AAAA' }, c)).ok).toBe(
        true,
      );
    expect((await pgw.commands!.version!(gw, {}, c)).result).toEqual({ version: 'PGW2.0.00' });
    expect(pgw.events!(gw, null, new Date()).map((e) => e.code)).toContain('UPGRADE_RESULT');
    expect((await pgw.commands!.upgrade!(gw, { index: 'x' }, c)).ok).toBe(false);
  });
});
