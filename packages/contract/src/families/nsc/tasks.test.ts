import { describe, expect, it } from 'vitest';
import { clockOfSeconds, nscTaskBody, type TaskTiming, taskDates, tasksOverlap } from './tasks.js';

const timing = (more: Partial<TaskTiming> = {}): TaskTiming => ({
  beginDate: '2026-03-01',
  endDate: '2026-03-31',
  startTime: '08:00',
  durationSeconds: 1800,
  dateMode: 'everyday',
  weekdays: [],
  dates: [],
  ...more,
});

describe('timed task rules', () => {
  it('finds the first shared date with overlapping times, or none', () => {
    expect(tasksOverlap(timing(), timing({ startTime: '08:29' }))).toBe('2026-03-01');
    expect(tasksOverlap(timing(), timing({ startTime: '08:30' }))).toBeNull();
    // 2026-03-02 is a Monday.
    expect(tasksOverlap(timing({ dateMode: 'week', weekdays: [1] }), timing())).toBe('2026-03-02');
    expect(
      tasksOverlap(timing({ dateMode: 'week', weekdays: [1] }), timing({ dateMode: 'week', weekdays: [2] })),
    ).toBeNull();
    expect(tasksOverlap(timing({ dateMode: 'date', dates: ['2026-03-10'] }), timing())).toBe('2026-03-10');
    expect(tasksOverlap(timing(), timing({ beginDate: '2026-04-01', endDate: '2026-04-30' }))).toBeNull();
  });

  it('lists the dates a task plays on and writes its end time', () => {
    expect(taskDates(timing({ dateMode: 'week', weekdays: [1, 3] }), '2026-03-01', 7)).toEqual([
      '2026-03-02',
      '2026-03-04',
    ]);
    expect(clockOfSeconds(8 * 3600 + 90)).toBe('08:01:30');
    expect(clockOfSeconds(8 * 3600)).toBe('08:00');
  });

  it('asks for a weekday or a date, the selections of the modes, and an end the same day', () => {
    const base = {
      name: 'Morning',
      no: 'T1',
      beginDate: '2026-03-01',
      endDate: '2026-03-31',
      startTime: '23:00',
      volume: 50,
      durationSeconds: 3601,
      dateMode: 'week',
      targetMode: 'endpoint',
      sourceMode: 'media',
    };
    const r = nscTaskBody.safeParse(base);
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.message).sort()).toEqual([
      'nsc.taskRules.devicesRequired',
      'nsc.taskRules.mediaRequired',
      'nsc.taskRules.pastMidnight',
      'nsc.taskRules.weekdays',
    ]);
    expect(
      nscTaskBody.safeParse({ ...base, durationSeconds: 3600, weekdays: [1], deviceIds: [1], mediaIds: [2] }).success,
    ).toBe(true);
  });
});
