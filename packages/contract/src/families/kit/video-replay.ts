import { z } from 'zod';
import { storedFile } from '../../endpoints/endpoint.js';
import type { FamilyEndpoints } from './calls.js';
import { heldName } from './held-key.js';
import { LIVE_FILE, LIVE_STATES, LIVE_UNAVAILABLE } from './live-video.js';
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

/**
 * GET …/:id/replay/:key/:file: a replay's playlist (index.m3u8) or segment (seg<n>.ts) on the gateway,
 * the replay named by its key: the id of the instance preparing it, a dot, and the recording's name
 * (`name`: the family's pattern for it, without anchors; `nameText`: what it is made of). Behind several
 * instances the request is sent to the one preparing it.
 */
export const replayFileCall = <S extends string>(e: FamilyEndpoints<S>, name: RegExp, what: string, nameText: string) =>
  e.get(':id/replay/:key/:file', {
    params: {
      key: z.string().regex(heldName(name), 'validation.validParam'),
      file: z.string().regex(LIVE_FILE, 'validation.validParam'),
    },
    response: storedFile,
    heldBy: 'key',
    summary: `The HLS playlist (index.m3u8) or a segment (seg<n>.ts) of ${what} (key: the preparing instance's id, a dot, ${nameText})`,
  });
