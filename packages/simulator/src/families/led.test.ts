import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { BUILT_IN, envLines, heldBy, led, NOTICE_MS, playingAt, rendered } from './led.js';
import { commandContext, simDevice } from './test-fixtures.js';

const screen = () => simDevice('led', 'LED1', { family: led });
const at = new Date(Date.UTC(2026, 10, 28, 2));

describe('LED screens', () => {
  it('report brightness, volume, power and the notice they show, in turn', () => {
    const device = screen();
    const values = led.telemetry!(device, at)!;
    expect(values).toMatchObject({ volume: 6, power: true });
    expect(values.brightness).toBeGreaterThanOrEqual(1);
    expect(BUILT_IN).toContain(values.playing);
    const shown = new Set(BUILT_IN.map((_, i) => playingAt(device, new Date(at.getTime() + i * NOTICE_MS))));
    expect(shown.size).toBe(BUILT_IN.length);
  });

  it('take control and report the new state at once; refuse what is out of range', async () => {
    const device = screen();
    let reported = 0;
    const ctx = commandContext(at, () => {
      reported += 1;
      return led.telemetry!(device, at);
    });
    const set = await led.commands!.control!(device, { brightness: 42, volume: 15 }, ctx);
    expect(set).toMatchObject({ ok: true, result: { brightness: 42, volume: 15, power: true } });
    expect(reported).toBe(1);
    const off = await led.commands!.control!(device, { power: false }, ctx);
    expect(off).toMatchObject({ ok: true, result: { power: false, playing: null } });
    expect((await led.commands!.control!(device, { brightness: 0 }, ctx)).ok).toBe(false);
    expect((await led.commands!.control!(device, { volume: 16 }, ctx)).ok).toBe(false);
    expect(led.telemetry!(device, at)).toMatchObject({ brightness: 42, volume: 15, power: false });
    expect(await led.commands!.realdata!(device, {}, ctx)).toMatchObject({ ok: true, result: { brightness: 42 } });
  });

  it('take a published program, play it (programs in turn, each for its duration) and report it', async () => {
    const device = screen();
    const ctx = commandContext(at, () => led.telemetry!(device, at));
    const layers = [{ type: 'text', text: { subtype: 'digitalClock' } }];
    const given = await led.commands!.program!(
      device,
      { programId: 4, name: '早间公告', durationSeconds: 30, layers },
      ctx,
    );
    expect(given).toMatchObject({ ok: true, result: { programId: 4, layers: 1, playing: '早间公告' } });
    await led.commands!.program!(device, { programId: 5, name: '晚间公告', durationSeconds: 10, layers }, ctx);
    const start = new Date(Math.ceil(at.getTime() / 40_000) * 40_000);
    expect(playingAt(device, start)).toBe('早间公告');
    expect(playingAt(device, new Date(start.getTime() + 35_000))).toBe('晚间公告');
    // A program published again replaces its earlier version.
    await led.commands!.program!(device, { programId: 4, name: '午间公告', durationSeconds: 30, layers }, ctx);
    expect([playingAt(device, start), playingAt(device, new Date(start.getTime() + 15_000))]).toContain('午间公告');
    expect((await led.commands!.program!(device, { name: 'x' }, ctx)).ok).toBe(false);
  });

  it('fetch each media file once, kept by checksum: a republish fetches nothing; a bad file is refused', async () => {
    const video = Buffer.alloc(200_000, 3);
    const image = Buffer.alloc(5000, 9);
    const requests: string[] = [];
    const server = createServer((req, res) => {
      requests.push(req.url!);
      if (req.url!.startsWith('/video')) res.end(video);
      else if (req.url!.startsWith('/image')) res.end(image);
      else {
        res.statusCode = 404;
        res.end();
      }
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
    const file = (resourceId: number, path: string, bytes: Buffer) => ({
      resourceId,
      url: `${origin}${path}?key=k${requests.length}`,
      sha256: sha(bytes),
      size: bytes.length,
      mime: 'video/mp4',
    });
    const device = screen();
    const ctx = commandContext(at, () => led.telemetry!(device, at));
    const layers = [{ type: 'video', resources: [1] }];
    const program = (programId: number, files: unknown[]) =>
      led.commands!.program!(device, { programId, name: `节目${programId}`, durationSeconds: 10, layers, files }, ctx);
    try {
      const first = await program(1, [file(1, '/video', video), file(2, '/image', image)]);
      expect(first).toMatchObject({ ok: true, result: { files: 2, bytes: 205_000, downloaded: 205_000 } });
      expect(requests).toHaveLength(2);
      // Published again (new keys, so new URLs), and another program with the same video: nothing fetched.
      expect(await program(1, [file(1, '/video', video), file(2, '/image', image)])).toMatchObject({
        ok: true,
        result: { files: 2, downloaded: 0 },
      });
      expect(await program(2, [file(1, '/video', video)])).toMatchObject({ ok: true, result: { downloaded: 0 } });
      expect(requests).toHaveLength(2);
      // Not there, or not the bytes announced: refused, nothing kept, the program not taken.
      const missing = await program(3, [file(3, '/gone', Buffer.alloc(10))]);
      expect(missing).toMatchObject({ ok: false, error: 'media 3: HTTP 404' });
      const wrong = await program(4, [{ ...file(4, '/image', image), sha256: sha(video).replace(/^./, '0') }]);
      expect(wrong).toMatchObject({ ok: false, error: 'media 4: checksum mismatch' });
      expect(heldBy(device)).toEqual({ files: 2, bytes: 205_000 });
      expect(playingAt(device, at)).toMatch(/^节目[12]$/);
      expect((await program(5, [{ url: 'ftp://x', sha256: 'a' }])).ok).toBe(false);
    } finally {
      server.close();
    }
  });

  it('draw the env values they receive for their env layers, the newest kept, beside their text and clock', async () => {
    const device = screen();
    const ctx = commandContext(at, () => led.telemetry!(device, at));
    const layers = [
      { type: 'env', left: 0, top: 0, width: 192, height: 64, envDeviceId: 31 },
      { type: 'text', left: 0, top: 64, width: 96, height: 32, text: { subtype: 'digitalClock', timeZone: 8 } },
      { type: 'text', left: 96, top: 64, width: 96, height: 32, text: { subtype: 'singleLine', content: '空气' } },
    ];
    // The program comes with the readings the server knew.
    const env = [{ envDeviceId: 31, at: '2026-11-28T01:59:00Z', values: { temperature: 21.5, pm25: 35 } }];
    await led.commands!.program!(device, { programId: 9, name: '空气质量', durationSeconds: 30, layers, env }, ctx);
    expect(rendered(device, at)).toEqual([['temperature 21.5 °C', 'pm25 35 μg/m³'], ['10:00:00'], ['空气']]);
    // Each report after: drawn at once; an older one does not replace a newer.
    const next = { envDeviceId: 31, at: '2026-11-28T02:00:00Z', values: { temperature: 22, noise: 48 } };
    expect(await led.commands!.env!(device, next, ctx)).toEqual({
      ok: true,
      result: { envDeviceId: 31, shown: ['temperature 22 °C', 'noise 48 dB'] },
    });
    await led.commands!.env!(device, { ...next, at: '2026-11-28T01:00:00Z', values: { temperature: 5 } }, ctx);
    expect(rendered(device, at)![0]).toEqual(['temperature 22 °C', 'noise 48 dB']);
    // Another monitor's readings are kept for its own layers only; bad readings are refused.
    await led.commands!.env!(device, { envDeviceId: 32, at: next.at, values: { temperature: 40 } }, ctx);
    expect(envLines(device, 32)).toEqual(['temperature 40 °C']);
    expect(rendered(device, at)![0]).toEqual(['temperature 22 °C', 'noise 48 dB']);
    expect((await led.commands!.env!(device, { envDeviceId: 'x', values: {} }, ctx)).ok).toBe(false);
  });
});
