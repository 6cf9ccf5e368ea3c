import { LIGHTING_EVENT, levelAt, localClock, type ScheduledPolicy } from '@sc/contract';
import { clamp, jitter, round, sunElevation } from '../cycles.js';
import { fed, feedFrom } from './mtc.js';
import type { CommandHandler, FamilySim, SimDevice, SimEvent, Values } from './types.js';

/**
 * Lamp controllers keep their own clock and policies: until the platform sends policies (policydef) a
 * lamp runs dusk to dawn at its coordinates (on at sunset, 60 % from 00:30, off at sunrise), then it
 * runs what it was sent, on its own clock (which drifts a little until the platform corrects it).
 * Power follows level × rated power, energy accumulates, and now and then a lamp faults (lamp fault,
 * over current, communication fault) and is repaired later. It answers every command of the family.
 */

/** What a lamp runs before anyone sends it policies: astronomical dusk to dawn. */
const DUSK_TO_DAWN: ScheduledPolicy[] = [
  {
    id: null,
    inUse: true,
    cycle: { mode: 'everyday' },
    units: [
      { type: 'on', level: 100, start: { kind: 'sunset', offset: 0 } },
      { type: 'eco', level: 60, start: { kind: 'clock', time: '00:30' } },
      { type: 'off', level: 0, start: { kind: 'sunrise', offset: 0 } },
    ],
  },
];
/** The system timezone's default (spec 001 §9); a policydef brings the real one. */
const DEFAULT_TZ = 8;

interface Manual {
  level: number;
  /** The schedule's level when the operator overrode it: the override lasts until the schedule moves. */
  scheduled: number;
}

const num = (v: unknown, fallback: number) => (typeof v === 'number' && Number.isFinite(v) ? v : fallback);

/** The lamp's own clock: the real time plus its drift. */
const clock = (device: SimDevice, at: Date) => new Date(at.getTime() + num(device.state.driftMs, 0));

function deviceTime(device: SimDevice, at: Date) {
  const tz = num(device.state.tz, DEFAULT_TZ);
  const local = new Date(clock(device, at).getTime() + tz * 3_600_000).toISOString();
  return `${local.slice(0, 10)} ${local.slice(11, 19)}`;
}

/** The level the lamp's schedule asks for now (its policies, or dusk to dawn). */
function scheduled(device: SimDevice, at: Date): number {
  const mode = device.state.runMode;
  if (mode === 'alwaysOn') return 100;
  const policyMode = device.state.policyMode;
  const policies = (device.state.policies as ScheduledPolicy[] | undefined) ?? [];
  const own = policyMode !== 'astronomical' && policies.length ? policies : DUSK_TO_DAWN;
  return levelAt(own, clock(device, at), device.place, num(device.state.tz, DEFAULT_TZ));
}

/** The level the lamp has now: faults and resets first, then the operator's override, then the schedule. */
function levelNow(device: SimDevice, at: Date): number {
  const t = at.getTime();
  if (num(device.state.unusableUntil, 0) > t || num(device.state.faultUntil, 0) > t) return 0;
  // The cabinet circuit that feeds the lamp is off: dark, whatever the lamp's own schedule says.
  if (!fed(device, at)) return 0;
  const plan = scheduled(device, at);
  const manual = device.state.manual as Manual | undefined;
  if (manual) {
    if (manual.scheduled === plan) return manual.level;
    device.state.manual = undefined;
  }
  return plan;
}

const queue = (device: SimDevice, event: SimEvent) => {
  device.state.queued = [...((device.state.queued as SimEvent[] | undefined) ?? []), event];
};

/** poweron, poweroff, dim and eco: override the schedule until it next changes, report at once. */
const setLevel =
  (level: (args: Record<string, unknown>) => number, code: string): CommandHandler =>
  (device, args, ctx) => {
    if (num(device.state.unusableUntil, 0) > ctx.now.getTime()) return { ok: false, error: 'RESET' };
    const value = clamp(Math.round(level(args)), 0, 100);
    device.state.manual = { level: value, scheduled: scheduled(device, ctx.now) } satisfies Manual;
    queue(device, {
      code,
      type: 'info',
      level: 'info',
      detail: { triggerType: 'manual', channel: args.channel === 'secondary' ? 2 : 1, value },
    });
    return { ok: true, result: { level: value, values: ctx.report() } };
  };

export const lighting: FamilySim = {
  type: 'lighting',
  firmware: 'LCU-2.0.1',
  init: (device) => {
    feedFrom(device);
    device.state.energyTotal = round(200 + device.place.offset * 3000, 2);
    device.state.onDuration = round(1000 + device.place.offset * 8000, 1);
    device.state.at = Date.now();
    device.state.driftMs = Math.round(jitter(3000));
  },
  telemetry: (device, at) => {
    const rated = num(Number(device.plan.props.ratedPower), 100);
    const t = at.getTime();
    const last = num(device.state.at, t);
    const hours = Math.max(0, t - last) / 3_600_000;
    // The lamp's clock drifts about a second an hour.
    device.state.driftMs = num(device.state.driftMs, 0) + hours * 1000 * (device.place.offset - 0.5) * 2;
    const level = levelNow(device, at);
    const on = level > 0;
    const voltage = 220 + jitter(4);
    const activePower = on ? rated * (level / 100) * (0.97 + jitter(0.03)) : 0.6;
    const powerFactor = on ? 0.95 + jitter(0.02) : 0.5;
    const energy = (activePower * hours) / 1000;
    const today = localClock(clock(device, at), num(device.state.tz, DEFAULT_TZ)).date;
    if (device.state.day !== today) {
      device.state.day = today;
      device.state.dailyEnergy = 0;
      device.state.dailyDuration = 0;
    }
    device.state.energyTotal = num(device.state.energyTotal, 0) + energy;
    device.state.dailyEnergy = num(device.state.dailyEnergy, 0) + energy;
    if (on) {
      device.state.onDuration = num(device.state.onDuration, 0) + hours;
      device.state.dailyDuration = num(device.state.dailyDuration, 0) + hours;
    }
    device.state.at = t;
    device.state.on = on;
    device.state.level = level;
    const faulty = num(device.state.faultUntil, 0) > t;
    const current = on ? (activePower / (voltage * powerFactor)) * 1000 : 2;
    const elevation = sunElevation(at, device.place.lng, device.place.lat);
    const values: Values = {
      on: on ? 1 : 0,
      level,
      runStatus: faulty ? 2 : device.state.overCurrent ? 1 : 0,
      voltage: round(voltage),
      current: round(device.state.overCurrent ? current * 1.8 : current),
      activePower: round(activePower),
      powerFactor: round(powerFactor, 2),
      leakageCurrent: round(clamp(0.5 + jitter(0.3), 0, 30), 2),
      reactivePower: round(activePower * Math.tan(Math.acos(powerFactor))),
      ambientBrightness: Math.round(clamp(1 + (elevation + 6) / 6, 1, 12)),
      energyTotal: round(num(device.state.energyTotal, 0), 3),
      onDuration: round(num(device.state.onDuration, 0), 2),
      energy: round(energy, 5),
      dailyEnergy: round(num(device.state.dailyEnergy, 0), 3),
      dailyDuration: round(num(device.state.dailyDuration, 0), 2),
      colorTemperature: 4000,
      temperature: round(25 + (on ? 15 * (level / 100) : 0) + jitter(2)),
      tilt: round(clamp(1 + jitter(0.5), 0, 180), 1),
      deviceTime: deviceTime(device, at),
    };
    values.raw = `LCU ${device.equipmentId} L${level} P${values.activePower} E${values.energyTotal}`;
    return values;
  },
  events: (device, values, at) => {
    const out: SimEvent[] = [...((device.state.queued as SimEvent[] | undefined) ?? [])];
    device.state.queued = [];
    const t = at.getTime();
    const faultUntil = num(device.state.faultUntil, 0);
    if (faultUntil && faultUntil <= t) {
      device.state.faultUntil = 0;
      out.push({ code: LIGHTING_EVENT.lampFault, type: 'restore', level: 'alarm', detail: { triggerType: 'other' } });
    } else if (!faultUntil && device.state.on && Math.random() < 1 / 4000) {
      device.state.faultUntil = t + (30 + Math.random() * 60) * 60_000;
      out.push({
        code: LIGHTING_EVENT.lampFault,
        type: 'occur',
        level: 'alarm',
        detail: { triggerType: 'other', triggerDetail: 'current', channel: 1, value: 0 },
      });
    }
    const current = Number(values?.current ?? 0);
    if (device.state.overCurrent && Math.random() < 0.2) {
      device.state.overCurrent = false;
      out.push({
        code: LIGHTING_EVENT.overCurrent,
        type: 'restore',
        level: 'alarm',
        detail: { triggerDetail: 'current' },
      });
    } else if (!device.state.overCurrent && device.state.on && Math.random() < 1 / 8000) {
      device.state.overCurrent = true;
      out.push({
        code: LIGHTING_EVENT.overCurrent,
        type: 'occur',
        level: 'alarm',
        detail: { triggerType: 'other', triggerDetail: 'current', channel: 1, value: round(current * 1.8) },
      });
    }
    // A communication fault now and then: the lamp goes quiet for a few minutes, then says so.
    if (device.state.commFault) {
      device.state.commFault = false;
      out.push({
        code: LIGHTING_EVENT.communicationFault,
        type: 'occur',
        level: 'alarm',
        detail: { triggerType: 'other' },
      });
      out.push({
        code: LIGHTING_EVENT.communicationFault,
        type: 'restore',
        level: 'alarm',
        detail: { triggerType: 'other' },
      });
    } else if (Math.random() < 1 / 20000) {
      device.state.commFault = true;
      device.silentUntil = t + (2 + Math.random() * 5) * 60_000;
    }
    return out;
  },
  commands: {
    realdata: (device, _args, ctx) => {
      const values = ctx.report();
      return { ok: true, result: { values, deviceTime: deviceTime(device, ctx.now), raw: values?.raw ?? null } };
    },
    time: (device, _args, ctx) => ({ ok: true, result: { deviceTime: deviceTime(device, ctx.now) } }),
    poweron: setLevel(() => 100, LIGHTING_EVENT.on),
    poweroff: setLevel(() => 0, LIGHTING_EVENT.off),
    dim: setLevel((a) => num(Number(a.level), 100), LIGHTING_EVENT.dim),
    eco: setLevel((a) => num(Number(a.level), 50), LIGHTING_EVENT.dim),
    reset: (device, args, ctx) => {
      const hours = clamp(num(Number(args.hours), 1), 1, 12);
      device.state.unusableUntil = ctx.now.getTime() + hours * 3_600_000;
      device.state.manual = undefined;
      return { ok: true, result: { unusableHours: hours, values: ctx.report() } };
    },
    restart: (device, _args, ctx) => {
      device.state.manual = undefined;
      queue(device, { code: LIGHTING_EVENT.restart, type: 'info', level: 'info', detail: { triggerType: 'manual' } });
      return { ok: true, result: { values: ctx.report() } };
    },
    correcttime: (device, args, ctx) => {
      const target = typeof args.time === 'string' ? Date.parse(args.time) : ctx.now.getTime();
      device.state.driftMs = Number.isFinite(target) ? target - ctx.now.getTime() : 0;
      return { ok: true, result: { deviceTime: deviceTime(device, ctx.now) } };
    },
    clearsum: (device, _args, ctx) => {
      device.state.energyTotal = 0;
      device.state.onDuration = 0;
      device.state.dailyEnergy = 0;
      device.state.dailyDuration = 0;
      return { ok: true, result: { values: ctx.report() } };
    },
    runmode: (device, args, ctx) => {
      const policies = (device.state.policies as ScheduledPolicy[] | undefined) ?? [];
      if (args.policyMode === 'policy' && policies.length === 0) return { ok: false, error: 'NO_POLICY' };
      device.state.runMode = args.runMode;
      device.state.policyMode = args.policyMode;
      device.state.manual = undefined;
      return { ok: true, result: { values: ctx.report() } };
    },
    config: (device, args) => {
      device.state.config = args;
      return { ok: true, result: { stored: true } };
    },
    alarmconfig: (device, args) => {
      device.state.alarmConfig = args;
      return { ok: true, result: { stored: true } };
    },
    policydef: (device, args, ctx) => {
      const policies = Array.isArray(args.policies) ? (args.policies as ScheduledPolicy[]) : [];
      device.state.policies = policies;
      device.state.tz = num(Number(args.timezone), DEFAULT_TZ);
      device.state.manual = undefined;
      return { ok: true, result: { policies: policies.length, level: ctx.report()?.level ?? null } };
    },
  },
};
