import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { talkFrame } from '@sc/contract/families/ece';
import { lengthPrefixed, splitFrames } from '@sc/contract/families/kit';
import { describe, expect, it, vi } from 'vitest';
import {
  emergencycallequipment as ece,
  hangUp,
  postOf,
  pressButton,
  RING_MS,
  voiceFrame,
} from './emergencycallequipment.js';
import { commandContext, simDevice } from './test-fixtures.js';

const NOW = Date.parse('2026-11-28T12:00:00Z');
const post = () => simDevice(ece.type, 'EQECE01', { family: ece });

describe('emergency call post simulator', () => {
  it('a press is a CALL alarm once until the call ends; hanging up restores it', () => {
    const device = post();
    expect(pressButton(device, NOW)).toEqual({ code: 'CALL', type: 'occur', level: 'alarm', detail: { channel: 1 } });
    expect(pressButton(device, NOW + 1000)).toBeNull();
    expect(hangUp(device)).toEqual({ code: 'CALL', type: 'restore', level: 'alarm' });
    expect(hangUp(device)).toBeNull();
    expect(pressButton(device, NOW + 2000)).not.toBeNull();
    expect(postOf(device).calls).toBe(2);
  });

  it('an unanswered call rings two minutes, then the caller gives up', () => {
    const device = post();
    pressButton(device, NOW);
    const quiet = vi.spyOn(Math, 'random').mockReturnValue(0.99);
    expect(ece.events!(device, null, new Date(NOW + RING_MS - 1000))).toEqual([]);
    expect(ece.events!(device, null, new Date(NOW + RING_MS + 1000))).toEqual([
      { code: 'CALL', type: 'restore', level: 'alarm' },
    ]);
    quiet.mockRestore();
  });

  it('now and then someone presses the button between reports', () => {
    const device = post();
    const pressed = vi.spyOn(Math, 'random').mockReturnValue(0);
    expect(ece.events!(device, null, new Date(NOW))).toEqual([
      expect.objectContaining({ code: 'CALL', type: 'occur' }),
    ]);
    // Ringing: no second press.
    expect(ece.events!(device, null, new Date(NOW + 1000))).toEqual([]);
    pressed.mockRestore();
  });
});

describe('a talking post', () => {
  it('hears the operator, keeps and counts it, sends its voice, reports, and hangs up when the call ends', async () => {
    let uploaded = 0;
    let release: () => void = () => undefined;
    const server = createServer((req, res) => {
      if (req.method === 'POST') {
        const chunks: Buffer[] = [];
        req.on('data', (c: Buffer) => chunks.push(c));
        req.on('end', () => {
          const n = splitFrames(new Uint8Array(Buffer.concat(chunks))).frames.length;
          uploaded += n;
          res.setHeader('content-type', 'application/json');
          res.end(JSON.stringify({ received: n }));
        });
        return;
      }
      res.writeHead(200, { 'content-type': 'application/octet-stream' });
      const voice = new Int16Array(320).fill(8000);
      res.write(lengthPrefixed(Array.from({ length: 25 }, (_, i) => talkFrame(i, Date.now(), voice))));
      release = () => res.end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const device = post();
    pressButton(device, Date.now());
    const reports: unknown[] = [];
    const ctx = {
      ...commandContext(new Date()),
      report: () => {
        const values = ece.telemetry!(device, new Date());
        reports.push(values);
        return values;
      },
    };
    const answer = await ece.commands!.talk!(
      device,
      { session: 's-1', url: `${base}/pull`, upload: `${base}/up` },
      ctx,
    );
    expect(answer).toMatchObject({ ok: true });
    await vi.waitFor(() => expect(postOf(device).talk?.heard).toBe(25), { timeout: 5000 });
    await vi.waitFor(() => expect(uploaded).toBeGreaterThan(10), { timeout: 5000 });
    await vi.waitFor(() => expect(reports).toContainEqual(expect.objectContaining({ talk: 's-1', talkHeard: 25 })), {
      timeout: 5000,
    });
    const talk = postOf(device).talk!;
    expect(talk.recorded).toBe(25 * 320);
    expect(talk.level).toBeGreaterThan(50);
    expect(talk.sent).toBeGreaterThan(0);
    // The operator hangs up: the pull ends, the post reports its hang-up next.
    release();
    await vi.waitFor(() => expect(postOf(device).talk).toBeNull(), { timeout: 5000 });
    expect(ece.events!(device, null, new Date())).toEqual([{ code: 'CALL', type: 'restore', level: 'alarm' }]);
    server.close();
  });

  it('speaks with a synthesised voice: syllables, not silence', () => {
    const frames = Array.from({ length: 50 }, (_, i) => voiceFrame(i));
    expect(frames[0]).toHaveLength(320);
    const peak = Math.max(...frames.flatMap((f) => [...f].map(Math.abs)));
    expect(peak).toBeGreaterThan(3000);
    expect(peak).toBeLessThan(32768);
  });
});
