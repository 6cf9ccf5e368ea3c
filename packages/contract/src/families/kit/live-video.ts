import { z } from 'zod';
import { storedFile } from '../../endpoints/endpoint.js';
import { type FamilyEndpoints, familyEndpoints } from './calls.js';

/**
 * Live video (spec 001 §7 "camera: live, HLS restart and stop"): a device's stream pulled by the
 * server's stream gateway (ffmpeg on demand, HLS out, shared by every viewer, stopped when unwatched).
 * A family whose devices stream lists the trait `liveVideoCalls(e)` in its table; any other family's
 * screen plays such a device by its id with the shared `LIVE_VIDEO_API` (the console's `CameraLive`),
 * without naming the streaming family: the family that streams provides its devices to the server kit.
 */

/** A stream on the gateway: not playing, connecting, live, or the device's stream could not be taken. */
export const LIVE_STATES = ['idle', 'starting', 'live', 'failed'] as const;
export type LiveState = (typeof LIVE_STATES)[number];
/** Why this server has no live video: no ffmpeg found, or turned off (FFMPEG_PATH=none). */
export const LIVE_UNAVAILABLE = ['noFfmpeg', 'disabled'] as const;
export type LiveUnavailable = (typeof LIVE_UNAVAILABLE)[number];
/** The files of a live stream: its playlist and its segments. */
export const LIVE_FILE = /^(index\.m3u8|seg\d{1,9}\.ts)$/;

/** A device's live stream on the stream gateway, as the viewer is answered. */
export const liveVideo = z.object({
  id: z.number().int(),
  /** Whether this server can run live video at all. */
  available: z.boolean(),
  reason: z.enum(LIVE_UNAVAILABLE).nullable(),
  state: z.enum(LIVE_STATES),
  /** The HLS playlist to play (sent with the session token), null unless live. */
  playlist: z.string().nullable(),
  /** Whether the stream is copied as the device sends it (H.264) rather than encoded again. */
  copy: z.boolean().nullable(),
});
export type LiveVideo = z.infer<typeof liveVideo>;

/** `GET …/:id/live`: opens the stream for a viewer (a read), answering where its playlist is. */
const liveCall = <S extends string>(e: FamilyEndpoints<S>, device: string) =>
  // A GET (a viewer's read): opening the video starts the gateway's stream on demand, nothing else.
  e.get(':id/live', {
    response: liveVideo,
    summary: `Opens a ${device}'s live video for a viewer: the stream gateway pulls its stream with ffmpeg (shared by every viewer of the ${device}, copied when H.264) and answers once the HLS playlist is there; it stops a while (setting cameraLiveIdle) after the last viewer's last request`,
  });

/** The live-video trait of a streaming family: watching, and restart and stop for its editors. */
export const liveVideoCalls = <S extends string>(e: FamilyEndpoints<S>, device: string) => ({
  live: liveCall(e, device),
  liveFile: e.get(':id/live/:file', {
    params: { file: z.string().regex(LIVE_FILE, 'validation.validParam') },
    response: storedFile,
    summary: `The HLS playlist (index.m3u8) or a segment (seg<n>.ts) of a ${device}'s live stream`,
  }),
  liveRestart: e.post(':id/live/restart', {
    response: liveVideo,
    summary: `Restarts a ${device}'s live stream (the ${device} is asked for its stream again)`,
  }),
  liveStop: e.post(':id/live/stop', { response: liveVideo, summary: `Stops a ${device}'s live stream now` }),
});

/**
 * Any device's live video by its id, for the screens of other families (the emergency call seat shows
 * its post's linked camera): `…/iot/video/:id/live`. The server answers it as the streaming family's
 * own `live` (the device in the caller's project, 404 otherwise; a device that does not stream: 400),
 * with the same stream and its playlist; a screen grants it with `grantsOf(LIVE_VIDEO_API)`.
 */
export const LIVE_VIDEO_API = { live: liveCall(familyEndpoints('video'), 'device') };
