import { describe, expect, it } from 'vitest';
import { CAMERA_ALARMS, camera, cameraEvents, cameraRecords, viewAt, viewOf } from './camera.js';
import { commandContext, simDevice } from './test-fixtures.js';

const dome = () => simDevice('camera', 'CAM1', { family: camera, props: { ptzSupported: true } });
const at = new Date(Date.UTC(2026, 10, 28, 2));
const later = (ms: number) => new Date(at.getTime() + ms);

describe('cameras', () => {
  it('pan while moving, stop where they are, and go back to a preset', async () => {
    const device = dome();
    const run = (name: string, args: Record<string, unknown>, now = at) =>
      camera.commands![name]!(device, args, commandContext(now));
    expect(await run('preset', { action: 'set', index: 1 })).toMatchObject({ ok: true });
    expect(await run('ptz', { action: 'right', speed: 8 })).toMatchObject({ ok: true, result: { pan: 0.5 } });
    expect(viewAt(device, later(1000).getTime()).pan).toBeCloseTo(0.7);
    const stopped = await run('ptz', { action: 'stop' }, later(1000));
    expect(stopped.result).toMatchObject({ pan: expect.closeTo(0.7, 5) });
    expect(viewAt(device, later(5000).getTime()).pan).toBeCloseTo(0.7);
    await run('ptz', { action: 'zoomIn', speed: 4 }, later(1000));
    expect(viewAt(device, later(2000).getTime()).zoom).toBeCloseTo(1.8);
    expect(await run('preset', { action: 'goto', index: 1 }, later(3000))).toMatchObject({
      ok: true,
      result: { pan: 0.5, zoom: 1 },
    });
    expect(viewOf(device).move).toBeNull();
    expect((await run('preset', { action: 'goto', index: 9 })).ok).toBe(false);
  });

  it('refuse PTZ without it; take 1-16 snapshots; sync their time', async () => {
    const fixed = simDevice('camera', 'CAM2', { family: camera });
    const ctx = commandContext(at);
    expect((await camera.commands!.ptz!(fixed, { action: 'left' }, ctx)).ok).toBe(false);
    const shots = await camera.commands!.snapshot!(fixed, { count: 3 }, ctx);
    expect((shots.result as { pictures: unknown[] }).pictures).toHaveLength(3);
    expect((await camera.commands!.snapshot!(fixed, { count: 17 }, ctx)).ok).toBe(false);
    expect((await camera.commands!.synctime!(fixed, { time: at.toISOString() }, ctx)).ok).toBe(true);
  });
});

describe('a camera’s card', () => {
  const cam = () => simDevice('camera', 'CAM3', { family: camera });
  const hour = Date.UTC(2026, 10, 28, 2);

  it('holds half-hour files and clips of a period, the same every time, oldest first', async () => {
    const device = cam();
    const now = hour + 5 * 3_600_000;
    const first = cameraRecords(device, { from: hour, to: hour + 3_600_000 }, now);
    expect(first.files.filter((f) => f.type === 'normal').map((f) => f.start)).toEqual([
      new Date(hour).toISOString(),
      new Date(hour + 1_800_000).toISOString(),
    ]);
    expect(first.files.some((f) => f.type === 'event')).toBe(true);
    expect(first.files.map((f) => f.start)).toEqual([...first.files.map((f) => f.start)].sort());
    expect(cameraRecords(device, { from: hour, to: hour + 3_600_000 }, now)).toEqual(first);
    const events = cameraRecords(device, { from: hour, to: hour + 3_600_000, type: 'event' }, now);
    expect(events.files.every((f) => f.type === 'event')).toBe(true);
    // Nothing not yet finished, nothing older than the card keeps.
    expect(
      cameraRecords(device, { from: now - 600_000, to: now }, now).files.every((f) => Date.parse(f.end) <= now),
    ).toBe(true);
    expect(
      cameraRecords(device, { from: hour - 8 * 86_400_000, to: hour - 8 * 86_400_000 + 3_600_000 }, hour).files,
    ).toEqual([]);
    const answer = await camera.commands!.records!(
      device,
      { from: new Date(hour).toISOString(), to: new Date(hour + 3_600_000).toISOString(), limit: 2 },
      commandContext(new Date(now)),
    );
    expect(answer).toMatchObject({ ok: true, result: { truncated: true } });
    expect((answer.result as { files: unknown[] }).files).toHaveLength(2);
    const bad = await camera.commands!.records!(device, { from: 'x', to: 'y' }, commandContext(new Date(now)));
    expect(bad.ok).toBe(false);
  });

  it('raises motion, video loss and tampering now and then, each restored later', () => {
    const device = cam();
    // Every draw under every chance: all three occur; then every draw under the restore chance: all restored.
    const occur = cameraEvents(device, () => 0);
    expect(occur.map((e) => [e.code, e.type, e.level])).toEqual([
      ['MOTION', 'occur', 'warning'],
      ['VIDEO_LOSS', 'occur', 'alarm'],
      ['TAMPER', 'occur', 'alarm'],
    ]);
    expect(cameraEvents(device, () => 0.99)).toEqual([]);
    expect(cameraEvents(device, () => 0).map((e) => e.type)).toEqual(['restore', 'restore', 'restore']);
    expect(CAMERA_ALARMS.VIDEO_LOSS).toBeLessThan(CAMERA_ALARMS.MOTION);
    expect(camera.events!(device, null, new Date())).toBeInstanceOf(Array);
  });
});
