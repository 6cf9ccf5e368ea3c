import { describe, expect, it } from 'vitest';
import { nextChange, nsc, PROGRAMME, taskPlayAt } from './nsc.js';
import { commandContext, simDevice, TEST_PLACE } from './test-fixtures.js';

/** An instant at a solar hour of the test place (Beijing, 116.4° E) on 1 June 2026. */
const solar = (hour: number) => new Date(Date.UTC(2026, 5, 1) + (hour - TEST_PLACE.lng / 15) * 3_600_000);
const speaker = (props: Record<string, unknown> = {}) => simDevice('nsc', 'EQNSC01', { props, family: nsc });
const ctxAt = (device: ReturnType<typeof speaker>, at: Date) => commandContext(at, () => nsc.telemetry!(device, at));

describe('network speaker simulator', () => {
  it('reports its volume, version and its own programme at the programme hours, idle otherwise', () => {
    const device = speaker({ volume: 55 });
    expect(nsc.telemetry!(device, solar(10))).toEqual({
      volume: 55,
      status: 'idle',
      playing: null,
      version: 'NSC-2.3.1',
    });
    expect(nsc.telemetry!(device, solar(7.2))).toMatchObject({ status: 'playing', playing: PROGRAMME[0]![2] });
    expect(nsc.telemetry!(device, solar(18.1))).toMatchObject({ playing: 'Evening music' });
    expect(Number(nsc.telemetry!(speaker(), solar(10))!.volume)).toBeGreaterThanOrEqual(40);
  });

  it('sets its volume and reports it at once; refuses one out of range', async () => {
    const device = speaker();
    const answer = await nsc.commands!.volume!(device, { volume: 20 }, ctxAt(device, solar(10)));
    expect(answer).toMatchObject({ ok: true, result: { values: { volume: 20 } } });
    expect(nsc.telemetry!(device, solar(11))!.volume).toBe(20);
    expect((await nsc.commands!.volume!(device, { volume: 101 }, ctxAt(device, solar(10)))).ok).toBe(false);
  });

  it('plays a media file for its duration, then goes back to idle', async () => {
    const device = speaker();
    const at = solar(10);
    const played = await nsc.commands!.play!(
      device,
      { mediaId: 3, name: 'Safety notice', duration: 60 },
      ctxAt(device, at),
    );
    expect(played).toMatchObject({ ok: true, result: { values: { status: 'playing', playing: 'Safety notice' } } });
    expect(nsc.telemetry!(device, new Date(at.getTime() + 59_000))!.playing).toBe('Safety notice');
    expect(nsc.telemetry!(device, new Date(at.getTime() + 61_000))).toMatchObject({ status: 'idle', playing: null });
    expect((await nsc.commands!.play!(device, { mediaId: 3 }, ctxAt(device, at))).ok).toBe(false);
  });

  it('stops what it plays, its programme too until the next slot', async () => {
    const device = speaker();
    const at = solar(7.1);
    await nsc.commands!.play!(device, { mediaId: 1, name: 'Anthem', duration: 600 }, ctxAt(device, at));
    const stopped = await nsc.commands!.stop!(device, {}, ctxAt(device, at));
    expect(stopped).toMatchObject({ ok: true, result: { values: { status: 'idle', playing: null } } });
    expect(nsc.telemetry!(device, solar(7.3))!.status).toBe('idle');
    expect(nsc.telemetry!(device, solar(12.1))).toMatchObject({ playing: 'Noon chime' });
  });
});

describe('timed tasks on the speaker', () => {
  /** A task at 08:00 (UTC+8) for 20 s on weekdays Monday and Monday only, of two media (5 s and 10 s). */
  const task = (more: Record<string, unknown> = {}) => ({
    taskId: 4,
    name: 'Morning',
    beginDate: '2026-06-01',
    endDate: '2026-06-30',
    startTime: '08:00',
    durationSeconds: 20,
    dateMode: 'week',
    weekdays: [1],
    dates: [],
    priority: 5,
    volume: 35,
    playMode: 'cycle',
    tz: 8,
    media: [
      { id: 1, name: 'Bells', duration: 5 },
      { id: 2, name: 'Chime', duration: 10 },
    ],
    ...more,
  });
  /** 1 June 2026 (a Monday) at 08:00 UTC+8, plus `s` seconds. */
  const at = (s: number) => new Date(Date.UTC(2026, 5, 1, 0, 0, s));

  it('plays a task given to it at its start time, its media in order with the position, at its volume, for its duration', async () => {
    const device = speaker({ volume: 55 });
    expect((await nsc.commands!.task!(device, task(), ctxAt(device, at(-60)))).ok).toBe(true);
    expect(nsc.telemetry!(device, at(-1))).toMatchObject({ status: 'idle', volume: 55 });
    expect(nsc.telemetry!(device, at(2))).toMatchObject({
      status: 'playing',
      playing: 'Bells',
      position: 2,
      volume: 35,
      taskId: 4,
    });
    expect(nsc.telemetry!(device, at(7))).toMatchObject({ playing: 'Chime', position: 2 });
    // The list again from the top once its media are played.
    expect(nsc.telemetry!(device, at(16))).toMatchObject({ playing: 'Bells', position: 1 });
    expect(nsc.telemetry!(device, at(20))).toMatchObject({ status: 'idle', volume: 55 });
    // Not on a Tuesday.
    expect(nsc.telemetry!(device, new Date(at(2).getTime() + 86_400_000))).toMatchObject({ status: 'idle' });
  });

  it('drops a task (untask), takes a whole list (tasks), refuses a bad one, and stops the occurrence it plays', async () => {
    const device = speaker();
    await nsc.commands!.task!(device, task(), ctxAt(device, at(0)));
    await nsc.commands!.untask!(device, { taskId: 4 }, ctxAt(device, at(0)));
    expect(nsc.telemetry!(device, at(2))).toMatchObject({ status: 'idle' });
    await nsc.commands!.tasks!(
      device,
      {
        tasks: [task(), task({ taskId: 5, name: 'Loud', priority: 9, media: [{ id: 3, name: 'Siren', duration: 4 }] })],
      },
      ctxAt(device, at(0)),
    );
    expect(nsc.telemetry!(device, at(2))).toMatchObject({ playing: 'Siren', taskId: 5 });
    expect((await nsc.commands!.task!(device, { taskId: 'x' }, ctxAt(device, at(0)))).ok).toBe(false);
    await nsc.commands!.stop!(device, {}, ctxAt(device, at(3)));
    expect(nsc.telemetry!(device, at(4))).toMatchObject({ playing: 'Bells', taskId: 4 });
  });

  it('brings its next reading forward to the instant a task starts or ends, so it says so at once', async () => {
    const device = speaker();
    device.nextTelemetry = at(600).getTime();
    await nsc.commands!.task!(device, task(), ctxAt(device, at(-60)));
    // Told a minute ahead: its next reading is at the start, then at the end, then none is due that day.
    expect(device.nextTelemetry).toBe(at(0).getTime());
    expect(nextChange(device, at(0))).toBe(at(20).getTime());
    device.nextTelemetry = at(60).getTime();
    expect(nsc.telemetry!(device, at(0))).toMatchObject({ status: 'playing', taskId: 4 });
    expect(device.nextTelemetry).toBe(at(20).getTime());
    expect(nextChange(device, at(20))).toBeNull();
    // Not on a Tuesday; a file played ends at its duration.
    expect(nextChange(device, new Date(at(-60).getTime() + 86_400_000))).toBeNull();
    await nsc.commands!.play!(device, { mediaId: 1, name: 'Bells', duration: 5 }, ctxAt(device, at(100)));
    expect(nextChange(device, at(100))).toBe(at(105).getTime());
  });

  it('plays its media in a random order in random play mode, each one whole', () => {
    const names = new Set<string>();
    for (let s = 0; s < 15; s++) names.add(String(taskPlayAt(task({ playMode: 'random' }) as never, at(s))?.name));
    expect([...names].sort()).toEqual(['Bells', 'Chime']);
  });
});
