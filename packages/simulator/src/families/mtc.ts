import {
  circuitBit,
  circuitsOfMask,
  fromMtcTime,
  MTC_ALARM_DEFAULT,
  MTC_ALARM_EVENT,
  MTC_ALARM_KINDS,
  type MtcAlarmConfig,
  type MtcAlarmKind,
  type MtcPolicy,
  maskOfCircuits,
  mtcAlarmsOf,
  mtcCircuitsAt,
  toMtcTime,
} from '@sc/contract';
import { FEEDER } from '@sc/contract/families/kit';
import { clamp, jitter, round } from '../cycles.js';
import { upkeepCommands } from '../upkeep.js';
import type { CommandAnswer, CommandHandler, FamilySim, SimDevice, SimEvent, Values } from './types.js';

/**
 * Centralized controllers (cabinets): each runs its policies on its own clock (dusk to dawn on every
 * circuit until the platform sends some), switches its circuits (by hand in manual mode, or a manual
 * switch that lasts until the schedule next moves in policy mode), reports three phases, and now and
 * then raises cable theft (a circuit cut), over current and an open door. Lamps fed by a circuit that
 * is off go dark in their own reports (feeders below).
 */

const DEFAULT_TZ = 8;
const DEFAULT_CIRCUITS = 8;
/** Dusk to dawn on every circuit: what a cabinet runs before anyone sends it policies. */
const duskToDawn = (count: number): MtcPolicy[] => [
  {
    id: null,
    inUse: true,
    timeMode: 'relative',
    cycle: { mode: 'everyday' },
    units: [
      { relativeTo: 'sunset', offset: 0, circuits: Array.from({ length: count }, (_, i) => i + 1) },
      { relativeTo: 'sunrise', offset: 0, circuits: [] },
    ],
  },
];
/** Load of one lit circuit (mA per phase share) and of the cabinet's own electronics. */
const CIRCUIT_MA = 1200;
const IDLE_MA = 60;
const SURGE_MA = 6000;

const num = (v: unknown, fallback: number) => (typeof v === 'number' && Number.isFinite(v) ? v : fallback);
const countOf = (device: SimDevice) =>
  clamp(Math.round(num(Number(device.plan.props.circuitCount), DEFAULT_CIRCUITS)), 1, 32);
const clock = (device: SimDevice, at: Date) => new Date(at.getTime() + num(device.state.driftMs, 0));
const all = (device: SimDevice) => maskOfCircuits(Array.from({ length: countOf(device) }, (_, i) => i + 1));

// ── Feeders: which cabinet circuit a simulated lamp hangs on ─────────────────────────────────────────

/** Cabinets of this simulator by equipment id and by device number, and the devices that may hang on them. */
const cabinets = new Map<string, SimDevice>();
const byNo = new Map<string, SimDevice>();
const fedDevices = new Set<SimDevice>();

function register(device: SimDevice) {
  cabinets.set(device.equipmentId, device);
  byNo.set(device.plan.no, device);
}

/** A device a cabinet may power (lamps): its report follows at once when its circuit switches. */
export const feedFrom = (device: SimDevice) => void fedDevices.add(device);

/**
 * The cabinet and circuit that feed a device: the cabinet its feeder properties name (the console's
 * view too), else its parent when that is a cabinet; the circuit is the one named, else 1 + (the digits
 * of its equipment id mod the cabinet's circuit count). Null: no cabinet feeds it.
 */
export function feederOf(lamp: SimDevice): { cabinet: SimDevice; circuit: number } | null {
  const props = lamp.plan.props;
  const cabinet =
    (typeof props[FEEDER.no] === 'string' ? byNo.get(props[FEEDER.no] as string) : undefined) ??
    (lamp.plan.parentEquipmentId ? cabinets.get(lamp.plan.parentEquipmentId) : undefined);
  if (!cabinet) return null;
  const count = countOf(cabinet);
  const given = Number(props[FEEDER.circuit] ?? props.circuit);
  const digits = Number(lamp.equipmentId.replace(/\D/g, '').slice(-9) || '0');
  const circuit = Number.isInteger(given) && given >= 1 && given <= count ? given : 1 + (digits % count);
  return { cabinet, circuit };
}

/** Whether a lamp's circuit is live at `at` (true when no cabinet feeds it). */
export function fed(lamp: SimDevice, at: Date): boolean {
  const feeder = feederOf(lamp);
  if (!feeder) return true;
  return circuitBit(actualMask(feeder.cabinet, at), feeder.circuit);
}

type SyncHandler = (...call: Parameters<CommandHandler>) => CommandAnswer;

/**
 * A command that may switch circuits: the devices on circuits that changed report within a second or
 * two (a lamp controller coming back on power reports as it boots), not at their next interval.
 */
const followed =
  (handler: SyncHandler): CommandHandler =>
  (device, args, ctx) => {
    const before = actualMask(device, ctx.now);
    const answer = handler(device, args, ctx);
    const changed = before ^ actualMask(device, ctx.now);
    if (changed === 0) return answer;
    const soon = Date.now();
    for (const d of fedDevices) {
      const feeder = feederOf(d);
      if (feeder?.cabinet === device && circuitBit(changed, feeder.circuit))
        d.nextTelemetry = Math.min(d.nextTelemetry, soon + 200 + Math.random() * 1500);
    }
    return answer;
  };

/** Forgets every cabinet (tests). */
export const clearFeeders = () => {
  cabinets.clear();
  byNo.clear();
  fedDevices.clear();
};

// ── The cabinet's circuits ──────────────────────────────────────────────────────────────────────────

interface Manual {
  mask: number;
  /** The schedule's mask when switched by hand: in policy mode the switch lasts until the schedule moves. */
  scheduled: number;
}

function scheduledMask(device: SimDevice, at: Date): number {
  const policies = (device.state.policies as MtcPolicy[] | undefined) ?? [];
  const own = policies.length ? policies : duskToDawn(countOf(device));
  const tz = num(device.state.tz, DEFAULT_TZ);
  return maskOfCircuits(mtcCircuitsAt(own, clock(device, at), device.place, tz, countOf(device)));
}

/** What the circuits are told to be (the setting). */
function settingMask(device: SimDevice, at: Date): number {
  const manual = device.state.manual as Manual | undefined;
  if (device.state.mode === 'manual') return manual?.mask ?? 0;
  const plan = scheduledMask(device, at);
  if (manual) {
    if (manual.scheduled === plan) return manual.mask;
    device.state.manual = undefined;
  }
  return plan;
}

/** What the circuits are: set, enabled, and not cut by a thief. */
function actualMask(device: SimDevice, at: Date): number {
  const setting = settingMask(device, at);
  const enable = num(device.state.enable, all(device));
  const theft = num(device.state.theft, 0);
  let mask = 0;
  for (let n = 1; n <= countOf(device); n++)
    if (circuitBit(setting, n) && circuitBit(enable, n) && !circuitBit(theft, n)) mask += 2 ** (n - 1);
  return mask;
}

const queue = (device: SimDevice, event: SimEvent) => {
  device.state.queued = [...((device.state.queued as SimEvent[] | undefined) ?? []), event];
};

/** Switches circuits by hand; answers the report. */
const switchCircuits =
  (changes: (args: Record<string, unknown>) => { circuit: number; on: boolean }[]): SyncHandler =>
  (device, args, ctx) => {
    let mask = settingMask(device, ctx.now);
    for (const { circuit, on } of changes(args)) {
      if (circuit < 1 || circuit > countOf(device)) return { ok: false, error: 'CIRCUIT_RANGE' };
      const bit = 2 ** (circuit - 1);
      if (on && !circuitBit(mask, circuit)) mask += bit;
      if (!on && circuitBit(mask, circuit)) mask -= bit;
      queue(device, {
        code: 'CIRCUIT_SWITCHED',
        type: 'info',
        level: 'info',
        detail: { circuit, on, trigger: 'manual' },
      });
    }
    device.state.manual = { mask, scheduled: scheduledMask(device, ctx.now) } satisfies Manual;
    return { ok: true, result: { values: ctx.report() } };
  };

const store =
  (key: string): CommandHandler =>
  (device, args) => {
    device.state[key] = args;
    return { ok: true, result: { stored: true } };
  };

export const mtc: FamilySim = {
  type: 'mtc',
  firmware: 'MTC1.0.00',
  init: (device) => {
    register(device);
    device.state.mode = 'policy';
    device.state.enable = all(device);
    device.state.energyTotal = round(1000 + device.place.offset * 20000, 2);
    device.state.at = Date.now();
    device.state.driftMs = Math.round(jitter(3000));
    device.state.version = typeof device.plan.props.version === 'string' ? device.plan.props.version : 'MTC1.0.00';
  },
  telemetry: (device, at) => {
    const t = at.getTime();
    const hours = Math.max(0, t - num(device.state.at, t)) / 3_600_000;
    device.state.at = t;
    const count = countOf(device);
    const setting = settingMask(device, at);
    const actual = actualMask(device, at);
    const on = circuitsOfMask(actual, count);
    // Circuits share the phases in turn (1 → A, 2 → B, 3 → C, 4 → A …); a surge (a short to earth
    // downstream) adds some amperes on phase A.
    const surge = num(device.state.surgeUntil, 0) > t ? SURGE_MA : 0;
    const phaseMa = [0, 1, 2].map((p) => {
      const lit = on.filter((n) => (n - 1) % 3 === p).length;
      return IDLE_MA + lit * CIRCUIT_MA * (0.95 + jitter(0.05)) + (p === 0 ? surge : 0);
    });
    const volts = [0, 1, 2].map(() => 229 + jitter(3));
    const pf = on.length ? 0.93 + jitter(0.02) : 0.5;
    const watts = phaseMa.map((ma, i) => (ma / 1000) * volts[i]! * pf);
    const activePower = watts.reduce((a, b) => a + b, 0);
    const energy = (activePower * hours) / 1000;
    device.state.energyTotal = num(device.state.energyTotal, 0) + energy;
    const door = num(device.state.doorUntil, 0) > t;
    const values: Values = {
      circuitCount: count,
      circuitEnable: num(device.state.enable, all(device)),
      circuitSetting: setting,
      circuitActual: actual,
      circuitActive: actual,
      circuitCableTheft: num(device.state.theft, 0),
      mode: String(device.state.mode ?? 'policy'),
      version: String(device.state.version ?? 'MTC1.0.00'),
      deviceTime: toMtcTime(clock(device, at)),
      voltageA: round(volts[0]!),
      voltageB: round(volts[1]!),
      voltageC: round(volts[2]!),
      currentA: round(phaseMa[0]!),
      currentB: round(phaseMa[1]!),
      currentC: round(phaseMa[2]!),
      powerA: round(watts[0]!),
      powerB: round(watts[1]!),
      powerC: round(watts[2]!),
      activePower: round(activePower),
      powerFactor: round(pf, 2),
      energyTotal: round(num(device.state.energyTotal, 0), 3),
      energy: round(energy, 5),
      leakageCurrent: round(clamp(2 + jitter(1), 0, 1000), 1),
      temperature: round(28 + on.length * 0.8 + jitter(1.5)),
      circuitsOn: on.length,
      peripherals: JSON.stringify([
        { index: 1, name: 'door', kind: 'door', value: door ? 1 : 0, unit: '' },
        { index: 2, name: 'meter', kind: 'meter', value: round(num(device.state.energyTotal, 0), 2), unit: 'kWh' },
      ]),
    };
    const config = (device.state.alarmConfig as MtcAlarmConfig | undefined) ?? MTC_ALARM_DEFAULT;
    const alarms = new Set<MtcAlarmKind>(mtcAlarmsOf(values as never, config));
    if (num(device.state.theft, 0) > 0) alarms.add('cableTheft');
    if (door) alarms.add('door');
    values.alarmStatus = maskOfCircuits(MTC_ALARM_KINDS.flatMap((k, i) => (alarms.has(k) ? [i + 1] : [])));
    device.state.alarms = [...alarms];
    return values;
  },
  events: (device, _values, at) => {
    const out: SimEvent[] = [...((device.state.queued as SimEvent[] | undefined) ?? [])];
    device.state.queued = [];
    const t = at.getTime();
    const count = countOf(device);
    // Now and then: a thief cuts a lit circuit (repaired hours later), a surge on phase A, the door opens.
    if (num(device.state.theft, 0) === 0 && Math.random() < 1 / 30000) {
      const lit = circuitsOfMask(actualMask(device, at), count);
      if (lit.length) {
        device.state.theft = 2 ** ((lit[Math.floor(Math.random() * lit.length)] ?? 1) - 1);
        device.state.theftUntil = t + (1 + Math.random() * 3) * 3_600_000;
      }
    } else if (num(device.state.theftUntil, 0) && num(device.state.theftUntil, 0) <= t) {
      device.state.theft = 0;
      device.state.theftUntil = 0;
    }
    if (num(device.state.surgeUntil, 0) <= t && Math.random() < 1 / 15000)
      device.state.surgeUntil = t + (5 + Math.random() * 20) * 60_000;
    if (num(device.state.doorUntil, 0) <= t && Math.random() < 1 / 20000)
      device.state.doorUntil = t + (3 + Math.random() * 10) * 60_000;

    // Each alarm kind occurs when it starts and is restored when it ends (the report decided which are on).
    const config = (device.state.alarmConfig as MtcAlarmConfig | undefined) ?? MTC_ALARM_DEFAULT;
    const now = new Set((device.state.alarms as MtcAlarmKind[] | undefined) ?? []);
    const before = new Set((device.state.raised as MtcAlarmKind[] | undefined) ?? []);
    const enabled = new Set(config.enabled);
    for (const kind of MTC_ALARM_KINDS) {
      if (now.has(kind) === before.has(kind) || !enabled.has(kind)) continue;
      const detail: Record<string, unknown> =
        kind === 'cableTheft' ? { circuit: circuitsOfMask(num(device.state.theft, 0), count)[0] ?? null } : {};
      out.push({
        code: MTC_ALARM_EVENT[kind],
        type: now.has(kind) ? 'occur' : 'restore',
        level: kind === 'cableTheft' || kind === 'door' || kind === 'overCurrent' ? 'alarm' : 'warning',
        detail,
      });
    }
    device.state.raised = [...now];
    return out;
  },
  commands: {
    runtime: (_device, _args, ctx) => ({ ok: true, result: { values: ctx.report() } }),
    switch: followed(switchCircuits((a) => [{ circuit: Number(a.circuit), on: a.on === true }])),
    multiswitch: followed(
      switchCircuits((a) =>
        (Array.isArray(a.circuits) ? (a.circuits as { circuit: number; on: boolean }[]) : []).map((c) => ({
          circuit: Number(c.circuit),
          on: c.on === true,
        })),
      ),
    ),
    writecircuits: followed((device, args, ctx) => {
      let enable = num(device.state.enable, all(device));
      for (const c of Array.isArray(args.circuits) ? (args.circuits as { circuit: number; enable: boolean }[]) : []) {
        const n = Number(c.circuit);
        if (n < 1 || n > countOf(device)) return { ok: false, error: 'CIRCUIT_RANGE' };
        if (c.enable && !circuitBit(enable, n)) enable += 2 ** (n - 1);
        if (!c.enable && circuitBit(enable, n)) enable -= 2 ** (n - 1);
      }
      device.state.enable = enable;
      return { ok: true, result: { values: ctx.report() } };
    }),
    mode: followed((device, args, ctx) => {
      const mode = args.mode === 'manual' ? 'manual' : 'policy';
      if (mode === 'manual' && device.state.mode !== 'manual')
        device.state.manual = { mask: settingMask(device, ctx.now), scheduled: scheduledMask(device, ctx.now) };
      else device.state.manual = undefined;
      device.state.mode = mode;
      queue(device, { code: 'MODE_CHANGED', type: 'info', level: 'info', detail: { trigger: 'manual' } });
      return { ok: true, result: { mode, values: ctx.report() } };
    }),
    reboot: (device, _args, ctx) => {
      queue(device, { code: 'REBOOTED', type: 'info', level: 'info' });
      ctx.reboot(3000);
      return { ok: true, result: {} };
    },
    recovery: followed((device, _args, ctx) => {
      for (const key of ['policies', 'manual', 'config', 'comm', 'peripherals', 'alarmConfig'])
        device.state[key] = undefined;
      device.state.mode = 'policy';
      device.state.enable = all(device);
      return { ok: true, result: { values: ctx.report() } };
    }),
    correcttime: (device, args, ctx) => {
      const target = typeof args.time === 'number' ? fromMtcTime(args.time).getTime() : ctx.now.getTime();
      device.state.driftMs = Number.isFinite(target) ? target - ctx.now.getTime() : 0;
      queue(device, { code: 'TIME_CORRECTED', type: 'info', level: 'info' });
      return { ok: true, result: { deviceTime: toMtcTime(clock(device, ctx.now)) } };
    },
    config: store('config'),
    alarmconfig: store('alarmConfig'),
    policy: (device, args, ctx) => {
      device.state.policies = Array.isArray(args.policies) ? (args.policies as MtcPolicy[]) : [];
      if (typeof args.timezone === 'number') device.state.tz = args.timezone;
      device.state.manual = undefined;
      return { ok: true, result: { policies: (device.state.policies as MtcPolicy[]).length, values: ctx.report() } };
    },
    ...upkeepCommands({ defaultVersion: 'MTC1.0.00', raise: queue }),
  },
};
