import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  flatReportOf,
  lengthPrefixed,
  PCM_FRAME_BYTES,
  PCM_FRAME_SAMPLES,
  pcmFrame,
  pcmLevel,
  readPcmFrame,
  splitFrames,
  streamedFrames,
} from './live-audio.js';

const pcm = (value: number) => new Int16Array(PCM_FRAME_SAMPLES).fill(value);

async function* chunksOf(bytes: Uint8Array, size: number) {
  for (let at = 0; at < bytes.length; at += size) yield bytes.slice(at, at + size);
}

describe('PCM frames', () => {
  it('reads back the sequence, capture time and samples a frame was built with', () => {
    const frame = pcmFrame(7, 1_700_000_000_123.5, pcm(-1234));
    expect(frame.length).toBe(PCM_FRAME_BYTES);
    const read = readPcmFrame(frame)!;
    expect(read.seq).toBe(7);
    expect(read.capturedAt).toBe(1_700_000_000_123.5);
    expect([...read.samples]).toEqual([...pcm(-1234)]);
    expect(readPcmFrame(frame.subarray(0, 11))).toBeNull();
    expect(readPcmFrame(frame.subarray(0, 13))).toBeNull();
  });

  it('gives silence level 0 and a full-scale wave 100', () => {
    expect(pcmLevel(pcm(0))).toBe(0);
    expect(pcmLevel(pcm(32767))).toBe(100);
    expect(pcmLevel(pcm(16))).toBe(0);
    expect(pcmLevel(pcm(328))).toBe(33);
  });

  it('splits length-prefixed frames, keeping an incomplete one as the rest', () => {
    const frames = [pcmFrame(0, 0, pcm(1)), pcmFrame(1, 20, pcm(2)), pcmFrame(2, 40, pcm(3))];
    const bytes = lengthPrefixed(frames);
    expect(bytes.length).toBe(3 * (2 + PCM_FRAME_BYTES));
    const cut = splitFrames(bytes.subarray(0, bytes.length - 5));
    expect(cut.frames.map((f) => readPcmFrame(f)!.seq)).toEqual([0, 1]);
    expect(cut.rest.length).toBe(2 + PCM_FRAME_BYTES - 5);
  });

  it('yields the whole frames of a stream whose chunks cut them anywhere', async () => {
    const bytes = lengthPrefixed(Array.from({ length: 10 }, (_, i) => pcmFrame(i, i * 20, pcm(i))));
    const seen: number[] = [];
    for await (const frame of streamedFrames(chunksOf(bytes, 97))) seen.push(readPcmFrame(frame)!.samples[0]!);
    expect(seen).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });
});

describe('a report carried flat in telemetry', () => {
  const report = z.object({ session: z.string(), level: z.number(), delayMs: z.number() });

  it('is read while its session lasts, and none without a session or with a value of the wrong kind', () => {
    const values = { talk: 'abc', talkLevel: 40, talkDelayMs: 12, other: 1 };
    expect(flatReportOf(report, values, 'talk')).toEqual({ session: 'abc', level: 40, delayMs: 12 });
    expect(flatReportOf(report, { ...values, talk: undefined }, 'talk')).toBeNull();
    expect(flatReportOf(report, { ...values, talkLevel: 'loud' }, 'talk')).toBeNull();
  });
});
