import { getPosition, getTimes } from 'suncalc';
import type { CycleMode, PolicyCycle, PolicyStart, UnitType } from './policy.js';

/**
 * What timed policies switch, and when, at a place (spec 001 §3 "Lighting policy"): the lamps' levels,
 * the cabinets' circuits (as a mask in `level`). Pure: the console previews with it, the server computes
 * "should be lit" with it, the simulated devices run their policies with it. Sun times come from suncalc
 * (no astronomy of our own).
 *
 * Times are local to the project's timezone (`tz` hours east of UTC, the system setting `timezone`): a
 * unit at clock 18:30 switches at 18:30 of that offset, a unit at sunset+15 fifteen minutes after the
 * sun sets at the lamp's coordinates that local day. A day's events are sorted by minute; before the
 * first one the lamp keeps the level the day before ended with.
 *
 * Polar night (the sun never rises): sunset counts as 00:00 and sunrise as never, so a dusk-to-dawn
 * policy keeps the lamps on all day. Polar day: sunrise counts as 00:00 and sunset as never (off all
 * day). A start pushed past the day by its offset is held at 00:00 or 23:59.
 *
 * Which policy rules a day: among the lamp's in-use policies whose cycle matches the date (and whose
 * effective dates include it), the most specific: once, then holiday, month, week, year, every day;
 * among equals the first listed.
 */

export interface Place {
  lat: number;
  lng: number;
}

/** One step of a policy: what it switches to (`level`, 0 off) and when. */
export interface ScheduleUnit {
  type: UnitType;
  level: number;
  start: PolicyStart;
}

/** A policy as the schedule needs it (a stored policy answers more). */
export interface ScheduledPolicy {
  id?: number | null;
  units: readonly ScheduleUnit[];
  cycle: PolicyCycle;
  inUse?: boolean;
}

export interface ScheduleEvent {
  minute: number;
  time: string;
  type: UnitType;
  level: number;
  policyId: number | null;
}

export interface DaySchedule {
  date: string;
  policyId: number | null;
  polar: 'day' | 'night' | null;
  sunrise: string | null;
  sunset: string | null;
  startLevel: number;
  events: ScheduleEvent[];
  litMinutes: number;
}

const DAY_MINUTES = 1440;
const SPECIFICITY: Record<CycleMode, number> = { once: 6, holiday: 5, month: 4, week: 3, year: 2, everyday: 1 };

const pad = (n: number) => String(n).padStart(2, '0');
/** 'HH:mm' of minutes after midnight. */
export const clockOf = (minute: number) => `${pad(Math.floor(minute / 60))}:${pad(minute % 60)}`;
const parseDate = (date: string) => {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return { y, m, d };
};
/** yyyy-MM-dd of a UTC day number (ms at 00:00 UTC). */
const dateOfUtc = (ms: number) => new Date(ms).toISOString().slice(0, 10);
export const addDays = (date: string, n: number) => {
  const { y, m, d } = parseDate(date);
  return dateOfUtc(Date.UTC(y, m - 1, d + n));
};
/** Local midnight of `date` in a timezone `tz` hours east of UTC, as an instant. */
export const localMidnight = (date: string, tz: number) => {
  const { y, m, d } = parseDate(date);
  return new Date(Date.UTC(y, m - 1, d) - tz * 3_600_000);
};
/** The local date and minute of an instant. */
export const localClock = (at: Date, tz: number) => {
  const shifted = at.getTime() + tz * 3_600_000;
  const date = dateOfUtc(shifted - (((shifted % 86_400_000) + 86_400_000) % 86_400_000));
  const minute = Math.floor((((shifted % 86_400_000) + 86_400_000) % 86_400_000) / 60_000);
  return { date, minute };
};

/** Whether a policy's cycle (and effective dates) covers a local date. */
export function policyApplies(policy: ScheduledPolicy, date: string): boolean {
  if (policy.inUse === false) return false;
  const c = policy.cycle;
  if (c.mode === 'once') return c.date === date;
  if (c.from && date < c.from) return false;
  if (c.to && date > c.to) return false;
  const { y, m, d } = parseDate(date);
  switch (c.mode) {
    case 'everyday':
      return true;
    case 'year':
      return (c.months ?? []).includes(m);
    case 'month':
      return (c.days ?? []).includes(d);
    case 'week': {
      const weekday = new Date(Date.UTC(y, m - 1, d)).getUTCDay() || 7;
      return (c.weekdays ?? []).includes(weekday);
    }
    case 'holiday':
      return (c.dates ?? []).includes(date);
  }
  return false;
}

/** The policy that rules a date, or null when none matches ("no matching policy"). */
export function pickPolicy<P extends ScheduledPolicy>(policies: readonly P[], date: string): P | null {
  let best: P | null = null;
  for (const p of policies)
    if (policyApplies(p, date) && (!best || SPECIFICITY[p.cycle.mode] > SPECIFICITY[best.cycle.mode])) best = p;
  return best;
}

/** Sunrise and sunset of a local date at a place, in minutes after local midnight (null: none that day). */
export function sunTimes(date: string, place: Place, tz: number) {
  const midnight = localMidnight(date, tz).getTime();
  const times = getTimes(new Date(midnight + 12 * 3_600_000), place.lat, place.lng);
  const minuteOf = (t: Date | null) => {
    if (!t || Number.isNaN(t.getTime())) return null;
    return Math.min(DAY_MINUTES - 1, Math.max(0, Math.round((t.getTime() - midnight) / 60_000)));
  };
  let sunrise = minuteOf(times.sunrise);
  let sunset = minuteOf(times.sunset);
  let polar: 'day' | 'night' | null = null;
  if (sunrise === null || sunset === null) {
    polar = times.alwaysUp ? 'day' : times.alwaysDown ? 'night' : null;
    // Without the flags, tell by the sun's height at noon.
    if (!polar) polar = getPosition(times.solarNoon, place.lat, place.lng).altitude > 0 ? 'day' : 'night';
    if (polar === 'night') {
      sunset = sunset ?? 0;
    } else {
      sunrise = sunrise ?? 0;
    }
  }
  return { sunrise, sunset, polar };
}

function unitMinute(unit: ScheduleUnit, sun: { sunrise: number | null; sunset: number | null }): number | null {
  const s = unit.start;
  if (s.kind === 'clock') {
    const [h, m] = s.time.split(':').map(Number) as [number, number];
    return h * 60 + m;
  }
  const base = s.kind === 'sunrise' ? sun.sunrise : sun.sunset;
  if (base === null) return null;
  return Math.min(DAY_MINUTES - 1, Math.max(0, base + (s.offset ?? 0)));
}

/** The events one policy gives on a date at a place, by minute. */
export function policyEvents(
  policy: ScheduledPolicy,
  date: string,
  place: Place,
  tz: number,
  sun = sunTimes(date, place, tz),
): ScheduleEvent[] {
  const events: ScheduleEvent[] = [];
  for (const unit of policy.units) {
    const minute = unitMinute(unit, sun);
    if (minute === null) continue;
    events.push({ minute, time: clockOf(minute), type: unit.type, level: unit.level, policyId: policy.id ?? null });
  }
  return events.sort((a, b) => a.minute - b.minute);
}

/** The level a date ends with (the last event of the last day that had one, up to a week back), else off. */
function endLevel(policies: readonly ScheduledPolicy[], date: string, place: Place, tz: number): number {
  for (let back = 0; back < 7; back++) {
    const day = addDays(date, -back);
    const policy = pickPolicy(policies, day);
    if (!policy) continue;
    const events = policyEvents(policy, day, place, tz);
    if (events.length) return events[events.length - 1]!.level;
  }
  return 0;
}

/** A date's schedule: the ruling policy's events, the level carried in, and the minutes lit. */
export function daySchedule(policies: readonly ScheduledPolicy[], date: string, place: Place, tz: number): DaySchedule {
  const sun = sunTimes(date, place, tz);
  const policy = pickPolicy(policies, date);
  const events = policy ? policyEvents(policy, date, place, tz, sun) : [];
  const startLevel = endLevel(policies, addDays(date, -1), place, tz);
  let level = startLevel;
  let last = 0;
  let lit = 0;
  for (const e of events) {
    if (level > 0) lit += e.minute - last;
    level = e.level;
    last = e.minute;
  }
  if (level > 0) lit += DAY_MINUTES - last;
  return {
    date,
    policyId: policy?.id ?? null,
    polar: sun.polar,
    sunrise: sun.polar === 'day' || sun.sunrise === null ? null : clockOf(sun.sunrise),
    sunset: sun.polar === 'night' || sun.sunset === null ? null : clockOf(sun.sunset),
    startLevel,
    events,
    litMinutes: lit,
  };
}

/** The level (0-100) the policies ask for at an instant: what a lamp runs, what "should be lit" means. */
export function levelAt(policies: readonly ScheduledPolicy[], at: Date, place: Place, tz: number): number {
  const { date, minute } = localClock(at, tz);
  const policy = pickPolicy(policies, date);
  let level = endLevel(policies, addDays(date, -1), place, tz);
  if (!policy) return level;
  for (const e of policyEvents(policy, date, place, tz)) {
    if (e.minute > minute) break;
    level = e.level;
  }
  return level;
}

export interface YearDay {
  date: string;
  /** Minute the lamps first light from dark that day (null: they do not). */
  on: number | null;
  /** Minute they first go dark that day (null: they do not). */
  off: number | null;
  litMinutes: number;
  polar: 'day' | 'night' | null;
}

/** Every date of a year with its on and off minutes: the chart of on and off times by date. */
export function yearSchedule(policies: readonly ScheduledPolicy[], year: number, place: Place, tz: number) {
  const days: YearDay[] = [];
  for (let date = `${year}-01-01`; date.startsWith(String(year)); date = addDays(date, 1)) {
    const s = daySchedule(policies, date, place, tz);
    let level = s.startLevel;
    let on: number | null = null;
    let off: number | null = null;
    for (const e of s.events) {
      if (level === 0 && e.level > 0 && on === null) on = e.minute;
      if (level > 0 && e.level === 0 && off === null) off = e.minute;
      level = e.level;
    }
    days.push({ date, on, off, litMinutes: s.litMinutes, polar: s.polar });
  }
  return { year, days };
}
