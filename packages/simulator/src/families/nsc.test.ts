import { describe, expect, it } from 'vitest';
import { nsc, PROGRAMME } from './nsc.js';
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
