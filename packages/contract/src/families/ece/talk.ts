import { z } from 'zod';
import { AUTH_LEVEL } from '../../enums.js';
import type { FamilyEndpoints } from '../kit/calls.js';

/**
 * The agent seat's call with a post, both ways live (docs/device-protocol.md "Emergency call posts"):
 * the operator's microphone goes from the browser over a WebSocket to the server, which tells the post
 * (command `talk`) where to pull it and where to post its own microphone; the post's frames come back on
 * the operator's socket and play in the browser.
 *
 * A frame, the same bytes everywhere: a 12-byte header (`seq` u32 little-endian, `capturedAt` float64
 * little-endian, UNIX ms of its first sample), then 16-bit little-endian PCM, mono, 16 kHz, 20 ms. On
 * the pulled stream and in a post's upload each frame is preceded by its length (u16 little-endian).
 */
export const ECE_TALK_FORMAT = {
  codec: 'pcm_s16le',
  sampleRate: 16_000,
  channels: 1,
  frameMs: 20,
  headerBytes: 12,
} as const;
export const ECE_TALK_FRAME_SAMPLES = (ECE_TALK_FORMAT.sampleRate * ECE_TALK_FORMAT.frameMs) / 1000;
/** The command that tells a post to pull the operator's voice and send its own. */
export const ECE_TALK_COMMAND = 'talk';
/** The largest upload of a post's frames at once (bytes): a few hundred ms of audio. */
export const ECE_TALK_UPLOAD_MAX = 64 * 1024;

/** A frame's header and audio. */
export function talkFrame(seq: number, capturedAt: number, pcm: Int16Array): Uint8Array {
  const h = ECE_TALK_FORMAT.headerBytes;
  const out = new Uint8Array(h + pcm.length * 2);
  const view = new DataView(out.buffer);
  view.setUint32(0, seq >>> 0, true);
  view.setFloat64(4, capturedAt, true);
  for (let i = 0; i < pcm.length; i++) view.setInt16(h + i * 2, pcm[i]!, true);
  return out;
}

/** A frame read back: null when it is shorter than its header or its audio is not whole samples. */
export function readTalkFrame(bytes: Uint8Array): { seq: number; capturedAt: number; samples: Int16Array } | null {
  const h = ECE_TALK_FORMAT.headerBytes;
  if (bytes.length < h || (bytes.length - h) % 2 !== 0) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const samples = new Int16Array((bytes.length - h) / 2);
  for (let i = 0; i < samples.length; i++) samples[i] = view.getInt16(h + i * 2, true);
  return { seq: view.getUint32(0, true), capturedAt: view.getFloat64(4, true), samples };
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

/** What happened to the `talk` command on the post, then whether it pulls the operator's voice. */
export const ECE_TALK_OUTCOMES = ['sent', 'offline', 'silent', 'failed', 'pulling', 'left'] as const;
export type EceTalkOutcome = (typeof ECE_TALK_OUTCOMES)[number];

/** What the server says on the operator's socket (JSON text; the post's frames come as binary messages). */
export type EceTalkMessage =
  | { kind: 'started'; session: string; post: { id: number; name: string } }
  | { kind: 'outcome'; outcome: EceTalkOutcome }
  /** Frames relayed so far: the operator's to the post (`down`), the post's to the operator (`up`). */
  | { kind: 'stats'; down: number; up: number }
  | { kind: 'error'; key: string; params?: Record<string, string | number> };

/** What a post reports while it talks (flat in its telemetry): the session, frames heard and sent, level. */
export const eceTalkReport = z.object({
  session: z.string(),
  heard: z.number().int(),
  sent: z.number().int(),
  level: z.number(),
});
export type EceTalkReport = z.infer<typeof eceTalkReport>;

/** The talk report of a post's telemetry values, or null when it talks to no one. */
export function talkReportOf(values: Record<string, unknown>): EceTalkReport | null {
  if (typeof values.talk !== 'string') return null;
  const parsed = eceTalkReport.safeParse({
    session: values.talk,
    heard: values.talkHeard,
    sent: values.talkSent,
    level: values.talkLevel,
  });
  return parsed.success ? parsed.data : null;
}

/** The query of the operator's socket: the alarm answered. */
export const talkQuery = z.object({
  alarmId: z.coerce
    .number({ error: 'validation.validParam' })
    .int('validation.validParam')
    .positive('validation.validParam'),
});

/**
 * The operator's socket: a GET to open it (view level in the catalogue, as every read: the catalogue's
 * test lists the reads granted higher); the socket itself asks the seat's modify level, as the command
 * it sends to the post would.
 */
export const eceTalkCalls = <S extends string>(e: FamilyEndpoints<S>) => ({
  talk: e.get('live', {
    // A GET only to open the socket: what it does is speak on the post, as a command would.
    level: AUTH_LEVEL.modify,
    query: talkQuery,
    response: z.object({}),
    summary:
      "WebSocket: answers an alarm's call at the agent seat; the operator's microphone frames go to the post, the post's come back (docs/device-protocol.md)",
  }),
});
