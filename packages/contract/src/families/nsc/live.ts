import { z } from 'zod';
import { AUTH_LEVEL } from '../../enums.js';
import { type FamilyEndpoints, familyPublicEndpoints } from '../kit/calls.js';
import { idList } from '../kit/forms.js';

/**
 * The live broadcast of the control center (spec 001 §2 "realtime broadcast"; docs/nsc-live.md): the
 * operator's microphone, captured in the browser, sent as frames over a WebSocket to the server, which
 * tells each chosen speaker (command `live`) where to pull the stream from; each speaker pulls it over
 * HTTP, plays it and reports its level and delay.
 *
 * A frame, the same bytes from the browser to the server and on to the speaker: a 12-byte header
 * (`seq` u32 little-endian, `capturedAt` float64 little-endian, UNIX ms when the browser captured its
 * first sample), then 16-bit little-endian PCM, mono, `NSC_LIVE_FORMAT.sampleRate` Hz, 20 ms. On the
 * pull stream each frame is preceded by its length (u16 little-endian).
 */
export const NSC_LIVE_FORMAT = {
  codec: 'pcm_s16le',
  sampleRate: 16_000,
  channels: 1,
  frameMs: 20,
  headerBytes: 12,
} as const;
/** Samples, and bytes, of one frame's audio. */
export const NSC_LIVE_FRAME_SAMPLES = (NSC_LIVE_FORMAT.sampleRate * NSC_LIVE_FORMAT.frameMs) / 1000;
export const NSC_LIVE_FRAME_BYTES = NSC_LIVE_FORMAT.headerBytes + NSC_LIVE_FRAME_SAMPLES * 2;

/** The speakers a live broadcast reaches at most (its targets, groups unfolded). */
export const NSC_LIVE_MAX_SPEAKERS = 1000;
/** The command that tells a speaker to pull a live broadcast, and the name it reports while it plays one. */
export const NSC_LIVE_COMMAND = 'live';
export const NSC_LIVE_PLAYING = 'Live broadcast';

/** A frame's header and audio, as built by the browser and read by a speaker. */
export function liveFrame(seq: number, capturedAt: number, pcm: Int16Array): Uint8Array {
  const out = new Uint8Array(NSC_LIVE_FORMAT.headerBytes + pcm.length * 2);
  const view = new DataView(out.buffer);
  view.setUint32(0, seq >>> 0, true);
  view.setFloat64(4, capturedAt, true);
  for (let i = 0; i < pcm.length; i++) view.setInt16(NSC_LIVE_FORMAT.headerBytes + i * 2, pcm[i]!, true);
  return out;
}

/** A frame read back: null when it is shorter than its header or its audio is not whole samples. */
export function readLiveFrame(bytes: Uint8Array): { seq: number; capturedAt: number; samples: Int16Array } | null {
  const h = NSC_LIVE_FORMAT.headerBytes;
  if (bytes.length < h || (bytes.length - h) % 2 !== 0) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const samples = new Int16Array((bytes.length - h) / 2);
  for (let i = 0; i < samples.length; i++) samples[i] = view.getInt16(h + i * 2, true);
  return { seq: view.getUint32(0, true), capturedAt: view.getFloat64(4, true), samples };
}

/** A level 0-100 of samples: their RMS in dBFS mapped from -60 dB (0) to 0 dB (100). */
export function liveLevel(samples: ArrayLike<number>, full = 32768): number {
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

/**
 * What a speaker reports of the live broadcast it plays, as the consoles get it (its telemetry carries
 * it flat: `live` the broadcast's id, `liveLevel`, `liveDelayMs`, `liveFrames`, `liveLost`).
 */
export const nscLiveReport = z.object({
  session: z.string(),
  /** 0-100, the last half second. */
  level: z.number(),
  /** ms from capture in the browser to arrival at the speaker, the last half second's mean. */
  delayMs: z.number(),
  frames: z.number().int(),
  lost: z.number().int(),
});
export type NscLiveReport = z.infer<typeof nscLiveReport>;

/** The live report of a speaker's telemetry values, or null when it plays none. */
export function liveReportOf(values: Record<string, unknown>): NscLiveReport | null {
  if (typeof values.live !== 'string') return null;
  const parsed = nscLiveReport.safeParse({
    session: values.live,
    level: values.liveLevel,
    delayMs: values.liveDelayMs,
    frames: values.liveFrames,
    lost: values.liveLost,
  });
  return parsed.success ? parsed.data : null;
}

/** The query of the operator's broadcast socket: the chosen speakers and terminal groups. */
export const nscLiveQuery = z.object({
  deviceIds: idList({ max: NSC_LIVE_MAX_SPEAKERS, tooMany: 'nsc.live.tooMany', duplicate: 'nsc.live.duplicate' }),
  groupIds: idList({ max: NSC_LIVE_MAX_SPEAKERS, tooMany: 'nsc.live.tooMany', duplicate: 'nsc.live.duplicate' }),
});

/** What the server says on the operator's socket (JSON text messages; the browser sends only frames). */
/** What happened to the `live` command on a speaker, then whether it pulls the stream. */
export const NSC_LIVE_OUTCOMES = ['sent', 'offline', 'silent', 'failed', 'pulling', 'left'] as const;
export type NscLiveOutcome = (typeof NSC_LIVE_OUTCOMES)[number];

/** What the server says on the operator's socket (JSON text messages; the browser sends only frames). */
export type NscLiveMessage =
  /** The broadcast exists: its speakers (the chosen ones and their groups' members), being told. */
  | { kind: 'started'; session: string; speakers: { id: number; name: string }[] }
  /** A speaker's `live` command answered (sent, offline, silent, failed), or its pull began or ended. */
  | { kind: 'outcome'; id: number; outcome: NscLiveOutcome }
  /** A refusal after the socket opened: an i18n key of the family's texts, with its parameters; it closes. */
  | { kind: 'error'; key: string; params?: Record<string, string | number> };

/** The pull stream's params: the broadcast, and the speaker's own key (given in its `live` command). */
const streamParams = { session: z.string().regex(/^[0-9a-f-]{36}$/, 'validation.validParam') };

/** The control center's live broadcast: the operator's socket, and the stream the speakers pull. */
export const nscLiveCalls = <S extends string>(e: FamilyEndpoints<S>) => ({
  broadcast: e.get('live', {
    // A GET only to open the socket: what it does is play on the speakers, as a command would.
    level: AUTH_LEVEL.modify,
    query: nscLiveQuery,
    response: z.object({}),
    summary:
      'WebSocket: the operator sends microphone frames, the chosen speakers and groups are told to pull them (docs/nsc-live.md)',
  }),
});

const pub = familyPublicEndpoints('nsc', 'nsc');
/** The stream a speaker pulls (no sign-in: the key its `live` command carried, for this broadcast only). */
export const NSC_STREAM_API = {
  stream: pub.get('live/:session', {
    params: streamParams,
    query: z.object({ key: z.string().min(16).max(64) }),
    response: z.string(),
    summary: 'The live broadcast a speaker pulls: length-prefixed frames while it lasts (docs/nsc-live.md)',
  }),
};
