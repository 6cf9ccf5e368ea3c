import { describe, expect, it } from 'vitest';
import { keptTimer, type NscTimerArgs, nscTimerBody, timerActiveAt } from './timers.js';
import { nscVodBody, vodReportOf } from './vod.js';

const messages = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.error?.issues.map((i) => i.message) ?? [];

describe('on-demand task rules', () => {
  it('needs a speaker or group and a media file; repeat defaults to once', () => {
    const ok = nscVodBody.parse({ name: '午间点播', groupIds: '3', mediaIds: [4, 2], volume: '60' });
    expect(ok).toMatchObject({ deviceIds: [], groupIds: [3], mediaIds: [4, 2], volume: 60, repeat: 1 });
    expect(messages(nscVodBody.safeParse({ name: '午间点播', mediaIds: [1], volume: 5 }))).toEqual([
      'nsc.vodRules.targetsRequired',
    ]);
    expect(messages(nscVodBody.safeParse({ name: '午间点播', deviceIds: [1], volume: 5 }))).toEqual([
      'nsc.vodRules.mediaRequired',
    ]);
    expect(
      messages(nscVodBody.safeParse({ name: 'ab', deviceIds: [1], mediaIds: [1], volume: 5, repeat: 100 })),
    ).toHaveLength(1);
  });

  it("reads a speaker's report of it", () => {
    expect(vodReportOf({ vodId: 7, vodState: 'paused', vodRound: 2 })).toEqual({ id: 7, state: 'paused', round: 2 });
    expect(vodReportOf({ status: 'idle' })).toBeNull();
  });
});

describe('timer broadcast rules', () => {
  const timer = { name: '晨间', type: 'file', mode: 'week', startTime: '07:30', durationSeconds: 60, volume: 50 };
  it('checks weekdays, date, targets and the media of a file timer; keeps what the type and mode use', () => {
    expect(messages(nscTimerBody.safeParse({ ...timer, deviceIds: [1] }))).toEqual([
      'nsc.timerRules.weekdays',
      'nsc.timerRules.mediaRequired',
    ]);
    expect(messages(nscTimerBody.safeParse({ ...timer, mode: 'single', type: 'mic', date: '' }))).toEqual([
      'nsc.timerRules.date',
      'nsc.timerRules.targetsRequired',
    ]);
    expect(messages(nscTimerBody.safeParse({ ...timer, startTime: '7:30' }))).toContain('nsc.timerRules.startTime');
    const parsed = nscTimerBody.parse({ ...timer, type: 'mic', weekdays: [5, 1], deviceIds: [1], mediaIds: [3] });
    expect(keptTimer(parsed)).toMatchObject({ startTime: '07:30:00', weekdays: [1, 5], mediaIds: [] });
  });

  it('plays from its start for its duration on its days, past midnight too', () => {
    const t: NscTimerArgs = {
      timerId: 1,
      name: 'Night',
      type: 'mic',
      mode: 'single',
      weekdays: [],
      date: '2026-03-02',
      startTime: '23:59:00',
      durationSeconds: 120,
      volume: 40,
      tz: 8,
      media: [],
    };
    const at = (iso: string) => new Date(iso);
    expect(timerActiveAt(t, at('2026-03-02T15:59:30Z'))).toEqual({ elapsed: 30, key: '1:2026-03-02' });
    expect(timerActiveAt(t, at('2026-03-02T16:00:30Z'))).toEqual({ elapsed: 90, key: '1:2026-03-02' });
    expect(timerActiveAt(t, at('2026-03-02T16:01:00Z'))).toBeNull();
    expect(timerActiveAt(t, at('2026-03-03T15:59:30Z'))).toBeNull();
  });
});
