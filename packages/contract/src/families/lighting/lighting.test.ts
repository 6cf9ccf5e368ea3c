import { describe, expect, it } from 'vitest';
import { translate } from '../../i18n/translate.js';
import { decodeMessage } from '../../validation/message.js';
import { LIGHTING_EVENT_CODES, LIGHTING_EVENTS } from './events.js';
import { daySchedule, levelAt, pickPolicy, type ScheduledPolicy, sunTimes, yearSchedule } from './schedule.js';
import {
  insidePolygon,
  LIGHTING_ALARM_DEFAULT,
  LIGHTING_CONFIG_DEFAULT,
  lightingAlarmConfigBody,
  lightingBatchBody,
  lightingConfigBody,
  lightingPolicyBody,
} from './schemas.js';

const messages = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  (r.error?.issues ?? []).map((i) => `${i.path.join('.')}:${decodeMessage(i.message).key}`);

const minutes = (clock: string | null) => {
  const [h, m] = clock!.split(':').map(Number) as [number, number];
  return h * 60 + m;
};

describe('lighting contract', () => {
  it('lists the event codes in the spec order, each labelled in both languages', () => {
    expect(LIGHTING_EVENT_CODES.slice(0, 16)).toEqual([
      '14',
      '15',
      '16',
      '17',
      '18',
      '19',
      '20',
      '21',
      '22',
      '23',
      '28',
      '36',
      '37',
      '51',
      '52',
      '99',
    ]);
    expect(LIGHTING_EVENT_CODES.slice(16)).toEqual(Array.from({ length: 15 }, (_, i) => String(1001 + i)));
    for (const { code } of LIGHTING_EVENTS) {
      const zh = translate('zh_CN', `lighting.eventCodes.${code}`);
      const en = translate('en_US', `lighting.eventCodes.${code}`);
      expect(zh).not.toBe(`lighting.eventCodes.${code}`);
      expect(en).not.toBe(`lighting.eventCodes.${code}`);
    }
    expect(translate('en_US', 'lighting.eventCodes.19')).toBe('Lamp fault');
  });

  it('checks the config ranges and cross-field rules of spec 001 §5', () => {
    expect(lightingConfigBody.safeParse(LIGHTING_CONFIG_DEFAULT).success).toBe(true);
    const bad = lightingConfigBody.safeParse({
      ...LIGHTING_CONFIG_DEFAULT,
      underCurrent: 3000,
      overCurrent: 2000,
      minCurrent: 1000,
      maxCurrent: 1000,
      illuminanceLower: 8,
      illuminanceUpper: 8,
    });
    expect(messages(bad)).toEqual([
      'underCurrent:lighting.rules.underBelowOverCurrent',
      'minCurrent:lighting.rules.minBelowMaxCurrent',
      'illuminanceLower:lighting.rules.lowerBelowUpperIlluminance',
    ]);
    expect(messages(lightingConfigBody.safeParse({ ...LIGHTING_CONFIG_DEFAULT, defaultLevel: 101 }))).toEqual([
      'defaultLevel:validation.range',
    ]);
    expect(messages(lightingConfigBody.safeParse({ ...LIGHTING_CONFIG_DEFAULT, illuminanceUpper: 13 }))).toEqual([
      'illuminanceUpper:validation.range',
    ]);
    // Form-encoded numbers are accepted.
    expect(lightingConfigBody.safeParse({ ...LIGHTING_CONFIG_DEFAULT, defaultLevel: '40' }).success).toBe(true);
  });

  it('checks the alarm ranges of spec 001 §5', () => {
    expect(lightingAlarmConfigBody.safeParse(LIGHTING_ALARM_DEFAULT).success).toBe(true);
    const cases: [string, number][] = [
      ['overCurrent', 999],
      ['overCurrent', 2501],
      ['underCurrent', 1001],
      ['overVoltage', 251],
      ['underVoltage', 179],
      ['leakage', 1001],
      ['temperature', 49],
      ['tilt', 46],
    ];
    for (const [key, value] of cases)
      expect(messages(lightingAlarmConfigBody.safeParse({ ...LIGHTING_ALARM_DEFAULT, [key]: value }))).toEqual([
        `${key}:validation.range`,
      ]);
    expect(
      messages(lightingAlarmConfigBody.safeParse({ ...LIGHTING_ALARM_DEFAULT, overVoltage: 220, underVoltage: 220 })),
    ).toEqual(['underVoltage:lighting.rules.underBelowOverVoltage']);
  });

  it('checks policies: at least one unit, at most the setting, channels, cycle details and dates', () => {
    const base = {
      name: 'Night',
      no: 'P01',
      units: [{ type: 'on', start: { kind: 'sunset', offset: 10 } }],
      cycle: { mode: 'everyday' },
    };
    const ok = lightingPolicyBody(5).parse(base);
    expect(ok.units[0]).toEqual({ type: 'on', level: 100, start: { kind: 'sunset', offset: 10 } });
    expect(ok.range).toBe('all');
    expect(messages(lightingPolicyBody(5).safeParse({ ...base, units: [] }))).toEqual([
      'units:lighting.rules.unitsMin',
    ]);
    const three = { ...base, units: [base.units[0], base.units[0], base.units[0]] };
    const over = lightingPolicyBody(2).safeParse(three);
    expect(messages(over)).toEqual(['units:lighting.rules.unitsMax']);
    expect(decodeMessage(over.error!.issues[0]!.message).params).toEqual({ max: 2 });
    expect(messages(lightingPolicyBody(5).safeParse({ ...base, channelControl: true }))).toEqual([
      'channels:lighting.rules.noChannel',
    ]);
    expect(messages(lightingPolicyBody(5).safeParse({ ...base, cycle: { mode: 'week' } }))).toEqual([
      'cycle.weekdays:lighting.rules.cycle.weekdays',
    ]);
    expect(
      messages(
        lightingPolicyBody(5).safeParse({ ...base, cycle: { mode: 'everyday', from: '2026-05-01', to: '2026-04-01' } }),
      ),
    ).toEqual(['cycle.to:lighting.rules.effectiveDates']);
    expect(
      messages(
        lightingPolicyBody(5).safeParse({ ...base, units: [{ type: 'on', start: { kind: 'clock', time: '25:00' } }] }),
      ),
    ).toEqual(['units.0.start.time:lighting.rules.clockTime']);
    expect(translate('en_US', 'lighting.rules.noChannel')).toBe('No channel selected');
    expect(translate('en_US', 'lighting.errors.noPolicy')).toBe('No matching policy found, re-issue');
  });

  it('checks batch bodies with the command arguments', () => {
    expect(messages(lightingBatchBody.safeParse({ command: 'dim', args: { level: 120 }, lampIds: [1] }))).toEqual([
      'args.level:validation.range',
    ]);
    expect(messages(lightingBatchBody.safeParse({ command: 'poweron' }))).toEqual(['lampIds:lighting.rules.noLamps']);
    expect(lightingBatchBody.parse({ command: 'poweroff', lampIds: '1,2' }).lampIds).toEqual([1, 2]);
  });

  it('tells whether a point is inside a drawn area', () => {
    const square: [number, number][] = [
      [116, 39],
      [117, 39],
      [117, 40],
      [116, 40],
    ];
    expect(insidePolygon(116.5, 39.5, square)).toBe(true);
    expect(insidePolygon(117.5, 39.5, square)).toBe(false);
  });
});

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
