/** What a lamp does at a step of its schedule: on at a level, off, or dimmed (eco) to a level. */
export type StepAction = 'on' | 'off' | 'eco';

/** One step of a day, at a local clock time at the lamp ('HH:mm'). */
export interface ScheduleStep {
  at: string;
  action: StepAction;
  /** 0-100; off is 0. */
  level: number;
}

/** A computed day: its steps in time order, and the sun's times at the lamp (null in polar day or night). */
export interface DaySchedule {
  date: string;
  steps: ScheduleStep[];
  sunrise?: string | null;
  sunset?: string | null;
  /** The level at midnight, carried over from the day before (else the day's last step is assumed). */
  startLevel?: number | null;
}

/** A day of the year chart: when the lamps go on and off (null: not that day). */
export interface YearDay {
  date: string;
  on: string | null;
  off: string | null;
}

/** A stretch of the day in one state. */
export interface Segment {
  /** Minutes after midnight. */
  from: number;
  to: number;
  action: StepAction;
  level: number;
}

export const DAY_MINUTES = 24 * 60;

/** Minutes after midnight of 'HH:mm' (or 'HH:mm:ss'); null when not a time. */
export function minutesOf(time: string | null | undefined): number | null {
  const m = time ? /^(\d{1,2}):(\d{2})/.exec(time) : null;
  if (!m) return null;
  const minutes = Number(m[1]) * 60 + Number(m[2]);
  return minutes >= 0 && minutes <= DAY_MINUTES ? minutes : null;
}

/** 'HH:mm' of minutes after midnight. */
export const clockOf = (minutes: number) =>
  `${String(Math.floor(minutes / 60) % 24).padStart(2, '0')}:${String(Math.round(minutes % 60)).padStart(2, '0')}`;

/** What a bare level means: off at 0, on at 100, dimmed between. */
const levelAction = (level: number): StepAction => (level <= 0 ? 'off' : level >= 100 ? 'on' : 'eco');

/**
 * The day as stretches from 00:00 to 24:00. Before the day's first step the lamp is at `startLevel`
 * (when known), else in the state of the day's last step (a daily schedule); without steps it stays there.
 */
export function daySegments(steps: readonly ScheduleStep[], startLevel?: number | null): Segment[] {
  const timed = steps
    .map((s) => ({ ...s, minute: minutesOf(s.at) }))
    .filter((s): s is ScheduleStep & { minute: number } => s.minute !== null)
    .sort((a, b) => a.minute - b.minute);
  if (timed.length === 0) {
    const level = startLevel ?? 0;
    return [{ from: 0, to: DAY_MINUTES, action: levelAction(level), level }];
  }
  const segments: Segment[] = [];
  const last = timed[timed.length - 1]!;
  let from = 0;
  let current =
    startLevel === null || startLevel === undefined
      ? { action: last.action, level: last.action === 'off' ? 0 : last.level }
      : { action: levelAction(startLevel), level: startLevel };
  for (const step of timed) {
    if (step.minute > from) segments.push({ from, to: step.minute, ...current });
    from = step.minute;
    current = { action: step.action, level: step.action === 'off' ? 0 : step.level };
  }
  if (from < DAY_MINUTES) segments.push({ from, to: DAY_MINUTES, ...current });
  // Neighbours in the same state are one stretch.
  return segments.reduce<Segment[]>((out, s) => {
    const prev = out[out.length - 1];
    if (prev && prev.action === s.action && prev.level === s.level) prev.to = s.to;
    else out.push({ ...s });
    return out;
  }, []);
}

/** Hours lit over the day (eco counts as lit) and the energy share against full power all those hours. */
export function dayTotals(segments: readonly Segment[]) {
  let lit = 0;
  let weighted = 0;
  for (const s of segments) {
    if (s.action === 'off' || s.level <= 0) continue;
    lit += s.to - s.from;
    weighted += ((s.to - s.from) * s.level) / 100;
  }
  return { litHours: lit / 60, fullPowerHours: weighted / 60 };
}

/** The clock a sun-relative step usually falls at, for ordering steps without a place or a date. */
const USUAL_SUN = { sunset: 18 * 60, sunrise: 6 * 60 } as const;

/** About when a policy's step starts: its clock time, or sunset/sunrise at their usual 18:00/06:00 ± offset. */
export function usualMinuteOf(start: {
  kind: 'clock' | 'sunset' | 'sunrise';
  time?: string | null;
  offset?: number | null;
}): number | null {
  if (start.kind === 'clock') return minutesOf(start.time);
  return USUAL_SUN[start.kind] + (start.offset ?? 0);
}

/**
 * A policy's steps in the order a night runs them, from noon to the next noon (sunset on, the midnight
 * dimming, sunrise off), whatever order they were entered in; steps without a time keep their place last.
 */
export function inNightOrder<T>(steps: readonly T[], minuteOf: (step: T) => number | null): T[] {
  const key = (step: T) => {
    const minute = minuteOf(step);
    return minute === null
      ? Number.POSITIVE_INFINITY
      : (((minute - DAY_MINUTES / 2) % DAY_MINUTES) + DAY_MINUTES) % DAY_MINUTES;
  };
  return steps
    .map((step, i) => ({ step, i, key: key(step) }))
    .sort((a, b) => a.key - b.key || a.i - b.i)
    .map((x) => x.step);
}
