import type { PolicyStart } from '../kit/policy.js';
import {
  clockOf,
  type DaySchedule,
  daySchedule,
  levelAt,
  type Place,
  type ScheduledPolicy,
  yearSchedule,
} from '../kit/schedule.js';
import { circuitsOfMask, MTC_MAX_CIRCUITS, type MtcPolicy, type MtcPolicyUnit, maskOfCircuits } from './schemas.js';

/**
 * Cabinet policies run on the kit's schedule (families/kit/schedule.ts): each unit becomes a
 * schedule unit whose "level" is the mask of the circuits it switches on (bit n-1 for circuit n), so
 * the day, the year, the carry-over from the day before, polar days and the choice among cycles are
 * the lamps' own. Midnight-relative units are clock times (midnight + offset minutes).
 */

function startOf(policy: MtcPolicy, unit: MtcPolicyUnit): PolicyStart {
  if (policy.timeMode === 'absolute') return { kind: 'clock', time: unit.time ?? '00:00' };
  if (unit.relativeTo === 'sunrise' || unit.relativeTo === 'sunset')
    return { kind: unit.relativeTo, offset: unit.offset };
  return { kind: 'clock', time: clockOf(Math.max(0, Math.min(1439, unit.offset))) };
}

/** A cabinet policy as a lamp policy of circuit masks (for schedule.ts). */
export function asScheduledPolicy(policy: MtcPolicy): ScheduledPolicy {
  return {
    id: policy.id ?? null,
    inUse: policy.inUse,
    cycle: policy.cycle,
    units: policy.units.map((u) => {
      const level = maskOfCircuits(u.circuits);
      return { type: level > 0 ? ('on' as const) : ('off' as const), level, start: startOf(policy, u) };
    }),
  };
}

export interface MtcScheduleEvent {
  minute: number;
  time: string;
  /** Circuits on from this minute (every other one off). */
  circuits: number[];
  policyId: number | null;
}
export interface MtcDaySchedule extends Omit<DaySchedule, 'events' | 'startLevel'> {
  /** Circuits on at local midnight (carried over from the day before). */
  startCircuits: number[];
  events: MtcScheduleEvent[];
  /** Minutes each circuit is on that day (index 0 is circuit 1). */
  circuitMinutes: number[];
}

/** A date's schedule of a cabinet's policies at a place (tz: hours east of UTC). */
export function mtcDaySchedule(
  policies: readonly MtcPolicy[],
  date: string,
  place: Place,
  tz: number,
  circuitCount = MTC_MAX_CIRCUITS,
): MtcDaySchedule {
  const day = daySchedule(policies.map(asScheduledPolicy), date, place, tz);
  const circuits = (mask: number) => circuitsOfMask(mask, circuitCount);
  const minutes = new Array<number>(circuitCount).fill(0);
  let mask = day.startLevel;
  let last = 0;
  const credit = (until: number) => {
    for (const n of circuits(mask)) minutes[n - 1]! += until - last;
  };
  for (const e of day.events) {
    credit(e.minute);
    mask = e.level;
    last = e.minute;
  }
  credit(1440);
  const { events, startLevel, ...rest } = day;
  return {
    ...rest,
    startCircuits: circuits(startLevel),
    events: events.map((e) => ({ minute: e.minute, time: e.time, circuits: circuits(e.level), policyId: e.policyId })),
    circuitMinutes: minutes,
  };
}

/** The circuits the policies have on at an instant: what a cabinet in policy mode runs. */
export function mtcCircuitsAt(
  policies: readonly MtcPolicy[],
  at: Date,
  place: Place,
  tz: number,
  circuitCount = MTC_MAX_CIRCUITS,
): number[] {
  return circuitsOfMask(levelAt(policies.map(asScheduledPolicy), at, place, tz), circuitCount);
}

/** Every date of a year with the minute the first circuit comes on and the minute all go off (lamps' year chart). */
export function mtcYearSchedule(policies: readonly MtcPolicy[], year: number, place: Place, tz: number) {
  return yearSchedule(policies.map(asScheduledPolicy), year, place, tz);
}
