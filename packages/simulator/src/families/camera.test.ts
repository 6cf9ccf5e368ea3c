import { describe, expect, it } from 'vitest';
import { camera, viewAt, viewOf } from './camera.js';
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
