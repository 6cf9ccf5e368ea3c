import { z } from 'zod';
import type { FamilyEndpoints } from '../kit/calls.js';
import {
  flatReportOf,
  liveAudioSocket,
  PCM_FRAME_FORMAT,
  PCM_FRAME_SAMPLES,
  PULL_OUTCOMES,
  type PullOutcome,
  pcmFrame,
  readPcmFrame,
} from '../kit/live-audio.js';

/**
 * The agent seat's call with a post, both ways live (docs/device-protocol.md "Emergency call posts"):
 * the operator's microphone goes from the browser over a WebSocket to the server, which tells the post
 * (command `talk`) where to pull it and where to post its own microphone; the post's frames come back on
 * the operator's socket and play in the browser. The frames are the kit's (`kit/live-audio.ts`), the
 * speakers' live broadcast's: length-prefixed on the pulled stream and in a post's upload.
 */
export const ECE_TALK_FORMAT = PCM_FRAME_FORMAT;
export const ECE_TALK_FRAME_SAMPLES = PCM_FRAME_SAMPLES;
/** The command that tells a post to pull the operator's voice and send its own. */
export const ECE_TALK_COMMAND = 'talk';
/** The largest upload of a post's frames at once (bytes): a few hundred ms of audio. */
export const ECE_TALK_UPLOAD_MAX = 64 * 1024;

/** A frame's header and audio, and a frame read back: the kit's. */
export const talkFrame = pcmFrame;
export const readTalkFrame = readPcmFrame;
/** A pulled stream's or an upload's bytes, and their frames read back: the kit's. */
export { lengthPrefixed, splitFrames } from '../kit/live-audio.js';

/** What happened to the `talk` command on the post, then whether it pulls the operator's voice. */
export const ECE_TALK_OUTCOMES = PULL_OUTCOMES;
export type EceTalkOutcome = PullOutcome;

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
  return flatReportOf(eceTalkReport, values, 'talk');
}

/** The query of the operator's socket: the alarm answered. */
export const talkQuery = z.object({
  alarmId: z.coerce
    .number({ error: 'validation.validParam' })
    .int('validation.validParam')
    .positive('validation.validParam'),
});

/** The operator's socket: answers an alarm's call at the agent seat (the kit's `liveAudioSocket`). */
export const eceTalkCalls = <S extends string>(e: FamilyEndpoints<S>) => ({
  talk: liveAudioSocket(e, {
    query: talkQuery,
    summary:
      "WebSocket: answers an alarm's call at the agent seat; the operator's microphone frames go to the post, the post's come back (docs/device-protocol.md)",
  }),
});
