import { z } from 'zod';
import { type FamilyEndpoints, familyPublicEndpoints } from '../kit/calls.js';
import { idList } from '../kit/forms.js';
import { heldKeyParam } from '../kit/held-key.js';
import {
  flatReportOf,
  liveAudioSocket,
  PCM_FRAME_BYTES,
  PCM_FRAME_FORMAT,
  PCM_FRAME_SAMPLES,
  PULL_OUTCOMES,
  type PullOutcome,
  pcmFrame,
  pcmLevel,
  readPcmFrame,
} from '../kit/live-audio.js';

/**
 * The live broadcast of the control center (spec 001 §2 "realtime broadcast"; docs/nsc-live.md): the
 * operator's microphone, captured in the browser, sent as frames over a WebSocket to the server, which
 * tells each chosen speaker (command `live`) where to pull the stream from; each speaker pulls it over
 * HTTP, plays it and reports its level and delay. The frames are the kit's (`kit/live-audio.ts`, the
 * emergency call seat's too), length-prefixed on the pull stream.
 */
export const NSC_LIVE_FORMAT = PCM_FRAME_FORMAT;
/** Samples, and bytes, of one frame's audio. */
export const NSC_LIVE_FRAME_SAMPLES = PCM_FRAME_SAMPLES;
export const NSC_LIVE_FRAME_BYTES = PCM_FRAME_BYTES;

/** The speakers a live broadcast reaches at most (its targets, groups unfolded). */
export const NSC_LIVE_MAX_SPEAKERS = 1000;
/** The command that tells a speaker to pull a live broadcast, and the name it reports while it plays one. */
export const NSC_LIVE_COMMAND = 'live';
export const NSC_LIVE_PLAYING = 'Live broadcast';

/** A frame's header and audio (built by the browser), a frame read back (by a speaker), its level: the kit's. */
export const liveFrame = pcmFrame;
export const readLiveFrame = readPcmFrame;
export const liveLevel = pcmLevel;

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
  return flatReportOf(nscLiveReport, values, 'live');
}

/** The query of the operator's broadcast socket: the chosen speakers and terminal groups. */
export const nscLiveQuery = z.object({
  deviceIds: idList({ max: NSC_LIVE_MAX_SPEAKERS, tooMany: 'nsc.live.tooMany', duplicate: 'nsc.live.duplicate' }),
  groupIds: idList({ max: NSC_LIVE_MAX_SPEAKERS, tooMany: 'nsc.live.tooMany', duplicate: 'nsc.live.duplicate' }),
});

/** What happened to the `live` command on a speaker, then whether it pulls the stream. */
export const NSC_LIVE_OUTCOMES = PULL_OUTCOMES;
export type NscLiveOutcome = PullOutcome;

/** What the server says on the operator's socket (JSON text messages; the browser sends only frames). */
export type NscLiveMessage =
  /** The broadcast exists: its speakers (the chosen ones and their groups' members), being told. */
  | { kind: 'started'; session: string; speakers: { id: number; name: string }[] }
  /** A speaker's `live` command answered (sent, offline, silent, failed), or its pull began or ended. */
  | { kind: 'outcome'; id: number; outcome: NscLiveOutcome }
  /** A refusal after the socket opened: an i18n key of the family's texts, with its parameters; it closes. */
  | { kind: 'error'; key: string; params?: Record<string, string | number> };

/** The pull stream's params: the broadcast, and the speaker's own key (given in its `live` command). */
const streamParams = { session: heldKeyParam() };

/** The control center's live broadcast: the operator's socket, and the stream the speakers pull. */
export const nscLiveCalls = <S extends string>(e: FamilyEndpoints<S>) => ({
  broadcast: liveAudioSocket(e, {
    query: nscLiveQuery,
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
