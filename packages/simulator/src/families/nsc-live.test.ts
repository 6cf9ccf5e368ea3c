import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { liveFrame, NSC_LIVE_FRAME_SAMPLES } from '@sc/contract/families/nsc';
import { describe, expect, it } from 'vitest';
import { liveProbe, nsc } from './nsc.js';
import { commandContext, simDevice } from './test-fixtures.js';
import type { Values } from './types.js';

describe('network speaker simulator, live broadcast', () => {
  it('pulls the stream it is told, reports level, delay and frames lost, and stops when it ends', async () => {
    const tone = new Int16Array(NSC_LIVE_FRAME_SAMPLES).map((_, i) => Math.round(16000 * Math.sin(i / 2)));
    // Frames 0-9 then 12-36 (two lost), length-prefixed, 40 ms apart, then the end: a second of frames after
    // the gap, so a half-second report counts it however late its timer runs.
    const server = createServer(async (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/octet-stream' });
      for (const seq of [...Array(10).keys(), ...Array.from({ length: 25 }, (_, i) => 12 + i)]) {
        const frame = liveFrame(seq, Date.now(), tone);
        const length = Buffer.alloc(2);
        length.writeUInt16LE(frame.length);
        res.write(Buffer.concat([length, frame]));
        await new Promise((r) => setTimeout(r, 40));
      }
      res.end();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/live`;
    const device = simDevice('nsc', 'EQNSCLIVE', { family: nsc });
    const reports: Values[] = [];
    const ctx = commandContext(new Date(), () => {
      const values = nsc.telemetry!(device, new Date())!;
      reports.push(values);
      return values;
    });
    // A measurement's hook hears every frame with its delay.
    const probed: { seq: number; delayMs: number }[] = [];
    liveProbe.heard = (d, seq, delayMs) => {
      if (d === device) probed.push({ seq, delayMs });
    };
    const answer = await nsc.commands!.live!(device, { session: 'abc', url, key: 'k' }, ctx);
    expect(answer.ok).toBe(true);
    expect(reports[0]).toMatchObject({ status: 'playing', playing: 'Live broadcast', live: 'abc' });
    // It ends with the stream, and says so.
    await expect.poll(() => reports.at(-1)?.live, { timeout: 5000 }).toBeUndefined();
    server.close();
    const measured = reports.filter((r) => typeof r.liveLevel === 'number');
    expect(measured.length).toBeGreaterThan(0);
    const last = measured.at(-1)!;
    expect(Number(last.liveLevel)).toBeGreaterThan(50);
    expect(Number(last.liveDelayMs)).toBeLessThan(1000);
    expect(last.liveLost).toBe(2);
    liveProbe.heard = null;
    expect(probed.map((p) => p.seq)).toEqual([...Array(10).keys(), ...Array.from({ length: 25 }, (_, i) => 12 + i)]);
    expect(probed.every((p) => p.delayMs >= 0 && p.delayMs < 1000)).toBe(true);
    expect(reports.at(-1)).toMatchObject({ version: 'NSC-2.3.1' });
    expect((await nsc.commands!.live!(device, { session: 'x', url: 'ftp://no' }, ctx)).ok).toBe(false);
  });
});
