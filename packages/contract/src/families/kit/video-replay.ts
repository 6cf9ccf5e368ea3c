import { z } from 'zod';
import { LIVE_STATES, LIVE_UNAVAILABLE } from './live-video.js';
import { isoTime } from './responses.js';

/**
 * Replays of recorded video (a camera's own card, a recorder's file): the device is asked for the recorded
 * period as a finite stream, which the server's stream gateway (in VOD mode) copies whole into an HLS
 * playlist that can be sought, shared by everybody replaying the same recording of the device and kept
 * until nobody asked for it within the idle time. Each family declares its own calls with this answer.
 */
export const videoReplay = z.object({
  id: z.number().int(),
  available: z.boolean(),
  reason: z.enum(LIVE_UNAVAILABLE).nullable(),
  /** `live` here: the whole recording is on the gateway, ready to play and seek. */
  state: z.enum(LIVE_STATES),
  from: isoTime,
  to: isoTime,
  /** The playlist to play (sent with the session token), null unless ready. */
  playlist: z.string().nullable(),
  /** The video's length, seconds, and how many times faster than recorded it plays (null unless ready). */
  duration: z.number().nullable(),
  speed: z.number().nullable(),
});
export type VideoReplay = z.infer<typeof videoReplay>;
