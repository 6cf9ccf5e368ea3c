import { z } from 'zod';
import { AUTH_LEVEL } from '../../enums.js';
import type { FamilyEndpoints } from './calls.js';

/**
 * Live audio frames, the same bytes from a browser's microphone to the server and on to a device, and
 * back (the speakers' live broadcast, docs/nsc-live.md; the emergency call seat's call,
 * docs/device-protocol.md "Emergency call posts"): a 12-byte header (`seq` u32 little-endian,
 * `capturedAt` float64 little-endian, UNIX ms of its first sample), then 16-bit little-endian PCM, mono,
 * 16 kHz, 20 ms. Over HTTP (a device's pulled stream, its upload) each frame is preceded by its length
 * (u16 little-endian).
 */
export const PCM_FRAME_FORMAT = {
  codec: 'pcm_s16le',
  sampleRate: 16_000,
  channels: 1,
  frameMs: 20,
  headerBytes: 12,
} as const;
/** Samples, and bytes, of one frame's audio. */
export const PCM_FRAME_SAMPLES = (PCM_FRAME_FORMAT.sampleRate * PCM_FRAME_FORMAT.frameMs) / 1000;
export const PCM_FRAME_BYTES = PCM_FRAME_FORMAT.headerBytes + PCM_FRAME_SAMPLES * 2;

/** A frame's header and audio. */
export function pcmFrame(seq: number, capturedAt: number, pcm: Int16Array): Uint8Array {
  const h = PCM_FRAME_FORMAT.headerBytes;
  const out = new Uint8Array(h + pcm.length * 2);
  const view = new DataView(out.buffer);
  view.setUint32(0, seq >>> 0, true);
  view.setFloat64(4, capturedAt, true);
  for (let i = 0; i < pcm.length; i++) view.setInt16(h + i * 2, pcm[i]!, true);
  return out;
}

/** A frame read back: null when it is shorter than its header or its audio is not whole samples. */
export function readPcmFrame(bytes: Uint8Array): { seq: number; capturedAt: number; samples: Int16Array } | null {
  const h = PCM_FRAME_FORMAT.headerBytes;
  if (bytes.length < h || (bytes.length - h) % 2 !== 0) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const samples = new Int16Array((bytes.length - h) / 2);
  for (let i = 0; i < samples.length; i++) samples[i] = view.getInt16(h + i * 2, true);
  return { seq: view.getUint32(0, true), capturedAt: view.getFloat64(4, true), samples };
}

/** A level 0-100 of samples: their RMS in dBFS mapped from -60 dB (0) to 0 dB (100). */
export function pcmLevel(samples: ArrayLike<number>, full = 32768): number {
  if (!samples.length) return 0;
  let sum = 0;
  for (let i = 0; i < samples.length; i++) {
    const x = samples[i]! / full;
    sum += x * x;
  }
  const rms = Math.sqrt(sum / samples.length);
  if (rms <= 0) return 0;
  const db = 20 * Math.log10(rms);
  return Math.max(0, Math.min(100, Math.round(((db + 60) / 60) * 100)));
}

/** Frames one after the other, each preceded by its length (u16 LE): a pulled stream's or an upload's bytes. */
export function lengthPrefixed(frames: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(frames.reduce((n, f) => n + 2 + f.length, 0));
  let at = 0;
  for (const f of frames) {
    out[at] = f.length & 0xff;
    out[at + 1] = f.length >> 8;
    out.set(f, at + 2);
    at += 2 + f.length;
  }
  return out;
}

/** The whole frames of length-prefixed bytes, and what is left of an incomplete one. */
export function splitFrames(bytes: Uint8Array): { frames: Uint8Array[]; rest: Uint8Array } {
  const frames: Uint8Array[] = [];
  let at = 0;
  while (at + 2 <= bytes.length) {
    const length = bytes[at]! | (bytes[at + 1]! << 8);
    if (at + 2 + length > bytes.length) break;
    frames.push(bytes.subarray(at + 2, at + 2 + length));
    at += 2 + length;
  }
  return { frames, rest: bytes.subarray(at) };
}

/**
 * The whole frames of a pulled stream's chunks as they come (an incomplete frame waits for the next
 * chunk): a device's pull of a broadcast or a call.
 */
export async function* streamedFrames(chunks: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
  let pending = new Uint8Array(0);
  for await (const chunk of chunks) {
    const joined = new Uint8Array(pending.length + chunk.length);
    joined.set(pending);
    joined.set(chunk, pending.length);
    const { frames, rest } = splitFrames(joined);
    yield* frames;
    pending = rest.slice();
  }
}

/**
 * What happened to the command that told a device to pull live audio (sent, or the device offline,
 * silent, refusing), then whether it pulls: the operator hears each (the broadcast per speaker, the call
 * of its post).
 */
export const PULL_OUTCOMES = ['sent', 'offline', 'silent', 'failed', 'pulling', 'left'] as const;
export type PullOutcome = (typeof PULL_OUTCOMES)[number];

/**
 * A report a device carries flat in its telemetry while it plays or talks, under its `prefix`: the
 * session's id as `<prefix>` as long as it lasts, each other field as `<prefix><Field>` (a speaker's
 * `live`, `liveLevel`, `liveDelayMs`; a post's `talk`, `talkHeard`): the report, or null when there is
 * none or it does not parse.
 */
export function flatReportOf<T extends z.ZodObject<{ session: z.ZodString }>>(
  schema: T,
  values: Record<string, unknown>,
  prefix: string,
): z.infer<T> | null {
  if (typeof values[prefix] !== 'string') return null;
  const flat = (field: string) => (field === 'session' ? prefix : prefix + field[0]!.toUpperCase() + field.slice(1));
  const parsed = schema.safeParse(Object.fromEntries(Object.keys(schema.shape).map((f) => [f, values[flat(f)]])));
  return parsed.success ? parsed.data : null;
}

/**
 * The operator's socket of a live-audio call, `GET …/live` upgraded to a WebSocket (the speakers'
 * broadcast, the agent seat's call). A GET only to open the socket: what it does is speak on devices,
 * as a command would, so it asks the modify level (the catalogue's test lists it among the reads
 * granted higher); its answer is the socket, no JSON.
 */
export const liveAudioSocket = <S extends string, Q extends z.ZodObject>(
  e: FamilyEndpoints<S>,
  o: { query: Q; summary: string },
) => e.get('live', { level: AUTH_LEVEL.modify, query: o.query, response: z.object({}), summary: o.summary });
