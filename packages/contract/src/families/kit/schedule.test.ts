import { describe, expect, it } from 'vitest';
import { daySchedule, levelAt, pickPolicy, type ScheduledPolicy, sunTimes, yearSchedule } from './schedule.js';

const minutes = (clock: string | null) => {
  const [h, m] = clock!.split(':').map(Number) as [number, number];
  return h * 60 + m;
};

describe('schedules with astronomical times', () => {
  // Published sunrise and sunset (timeanddate.com), local time; suncalc agrees within a couple of minutes.
  const places = [
    {
      name: 'Beijing, winter solstice',
      place: { lat: 39.9042, lng: 116.4074 },
      tz: 8,
      date: '2024-12-21',
      rise: '07:33',
      set: '16:53',
    },
    {
      name: 'Beijing, summer solstice',
      place: { lat: 39.9042, lng: 116.4074 },
      tz: 8,
      date: '2024-06-21',
      rise: '04:46',
      set: '19:46',
    },
    {
      name: 'London (UTC), summer solstice',
      place: { lat: 51.5074, lng: -0.1278 },
      tz: 0,
      date: '2024-06-21',
      rise: '03:43',
      set: '20:21',
    },
    {
      name: 'Sydney (AEDT), summer solstice',
      place: { lat: -33.8688, lng: 151.2093 },
      tz: 11,
      date: '2024-12-21',
      rise: '05:41',
      set: '20:05',
    },
  ];
  for (const p of places)
    it(`sunrise and sunset in ${p.name}`, () => {
      const s = daySchedule([], p.date, p.place, p.tz);
      expect(Math.abs(minutes(s.sunrise) - minutes(p.rise))).toBeLessThanOrEqual(3);
      expect(Math.abs(minutes(s.sunset) - minutes(p.set))).toBeLessThanOrEqual(3);
      expect(s.polar).toBeNull();
    });

  const dusk: ScheduledPolicy = {
    id: 1,
    inUse: true,
    cycle: { mode: 'everyday' },
    units: [
      { type: 'on', level: 100, start: { kind: 'sunset', offset: 15 } },
      { type: 'eco', level: 50, start: { kind: 'clock', time: '23:30' } },
      { type: 'off', level: 0, start: { kind: 'sunrise', offset: -10 } },
    ],
  };
  const beijing = { lat: 39.9042, lng: 116.4074 };

  it('gives the day of a dusk-to-dawn policy, carrying the night over midnight', () => {
    const s = daySchedule([dusk], '2024-12-21', beijing, 8);
    expect(s.startLevel).toBe(50);
    expect(s.events.map((e) => [e.type, e.level])).toEqual([
      ['off', 0],
      ['on', 100],
      ['eco', 50],
    ]);
    expect(Math.abs(s.events[0]!.minute - (minutes('07:33') - 10))).toBeLessThanOrEqual(3);
    expect(Math.abs(s.events[1]!.minute - (minutes('16:53') + 15))).toBeLessThanOrEqual(3);
    expect(s.events[2]!.time).toBe('23:30');
    // Lit from midnight to the off, and from the on to midnight.
    expect(s.litMinutes).toBe(s.events[0]!.minute + (1440 - s.events[1]!.minute));
    // 20:00 local (12:00 UTC) is full, 02:00 local eco, noon dark.
    expect(levelAt([dusk], new Date('2024-12-21T12:00:00Z'), beijing, 8)).toBe(100);
    expect(levelAt([dusk], new Date('2024-12-21T18:00:00Z'), beijing, 8)).toBe(50);
    expect(levelAt([dusk], new Date('2024-12-21T04:00:00Z'), beijing, 8)).toBe(0);
  });

  it('keeps lamps on through polar night and off through polar day, without crashing', () => {
    const tromso = { lat: 69.6492, lng: 18.9553 };
    const night = daySchedule([dusk], '2024-12-21', tromso, 1);
    expect(night.polar).toBe('night');
    expect(night.sunrise).toBeNull();
    expect(night.litMinutes).toBe(1440);
    const day = daySchedule([dusk], '2024-06-21', tromso, 2);
    expect(day.polar).toBe('day');
    // Off from midnight; only the clock-time eco step at 23:30 lights it.
    expect(day.litMinutes).toBe(30);
    const year = yearSchedule([dusk], 2024, tromso, 1);
    expect(year.days).toHaveLength(366);
    expect(year.days.some((d) => d.polar === 'night')).toBe(true);
    expect(year.days.some((d) => d.polar === 'day')).toBe(true);
    // The pole itself.
    expect(() => yearSchedule([dusk], 2025, { lat: 90, lng: 0 }, 0)).not.toThrow();
  });

  it('picks the most specific policy by cycle mode and effective dates', () => {
    const every = { ...dusk, id: 1 };
    const weekends: ScheduledPolicy = { ...dusk, id: 2, cycle: { mode: 'week', weekdays: [6, 7] } };
    const once: ScheduledPolicy = { ...dusk, id: 3, cycle: { mode: 'once', date: '2026-10-01' } };
    const summer: ScheduledPolicy = {
      ...dusk,
      id: 4,
      cycle: { mode: 'year', months: [6, 7, 8], from: '2026-01-01', to: '2026-12-31' },
    };
    const holiday: ScheduledPolicy = {
      ...dusk,
      id: 5,
      cycle: { mode: 'holiday', dates: ['2026-10-01', '2026-10-02'] },
    };
    const monthly: ScheduledPolicy = { ...dusk, id: 6, cycle: { mode: 'month', days: [15] } };
    const off: ScheduledPolicy = { ...dusk, id: 7, inUse: false, cycle: { mode: 'once', date: '2026-06-15' } };
    const all = [every, weekends, once, summer, holiday, monthly, off];
    expect(pickPolicy(all, '2026-10-01')?.id).toBe(3); // once beats holiday (a Thursday)
    expect(pickPolicy(all, '2026-10-02')?.id).toBe(5); // holiday
    expect(pickPolicy(all, '2026-06-15')?.id).toBe(6); // month day 15, the unused once ignored
    expect(pickPolicy(all, '2026-06-13')?.id).toBe(2); // a Saturday
    expect(pickPolicy(all, '2026-06-10')?.id).toBe(4); // summer Wednesday
    expect(pickPolicy(all, '2027-06-10')?.id).toBe(1); // summer policy's dates over
    expect(pickPolicy([summer], '2025-07-01')).toBeNull();
    expect(pickPolicy([], '2026-01-01')).toBeNull();
  });

  it('computes a year quickly enough for a preview', () => {
    const started = performance.now();
    const year = yearSchedule([dusk], 2026, beijing, 8);
    expect(year.days).toHaveLength(365);
    const june = year.days.find((d) => d.date === '2026-06-21')!;
    const december = year.days.find((d) => d.date === '2026-12-21')!;
    expect(june.on!).toBeGreaterThan(december.on!);
    expect(june.litMinutes).toBeLessThan(december.litMinutes);
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it('sun times at a place are in the local day', () => {
    const s = sunTimes('2024-12-21', beijing, 8);
    expect(s.sunrise!).toBeLessThan(s.sunset!);
  });
});
