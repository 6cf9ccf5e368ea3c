import { z } from 'zod';
import { msg } from '../../../validation/message.js';

/**
 * The rules of a media file (spec 001 §9 "Upload: … mp3 under 10MB"), for the server and the console's
 * upload form: kept apart from the family's manifest so that they load with the media screen only.
 */

/** A media file (spec 001 §9 "Upload: … mp3 under 10MB"): at most this many bytes. */
export const NSC_MEDIA_MAX_BYTES = 10 * 1024 * 1024;
/** The name of an mp3 file (the console picks only these; the server reads the content). */
export const isMp3Name = (name: string) => /\.mp3$/i.test(name.trim());

/**
 * Why a file may not be sent, before the server reads it (empty, too large, not named .mp3); null when
 * it may. The server reads the content itself (an mp3 decoder): a file named .mp3 that is not one is
 * refused there with `nsc.media.notMp3`.
 */
export function mediaFileProblem(file: { name: string; size: number }): 'empty' | 'tooLarge' | 'notMp3' | null {
  if (file.size === 0) return 'empty';
  if (file.size > NSC_MEDIA_MAX_BYTES) return 'tooLarge';
  if (!isMp3Name(file.name)) return 'notMp3';
  return null;
}
/** The parameters of the media messages (`{max}`). */
export const mediaProblemParams = { max: '10 MB' } as const;

/** The console's file field of an upload: a file is chosen, and may be sent (`mediaFileProblem`). */
export const nscMediaFile = z
  .custom<{ name: string; size: number }>(
    (v) => typeof v === 'object' && v !== null && 'name' in v && 'size' in v,
    'nsc.media.fileRequired',
  )
  .superRefine((file, ctx) => {
    const problem = mediaFileProblem(file);
    if (problem) ctx.addIssue({ code: 'custom', message: msg(`nsc.media.${problem}`, mediaProblemParams) });
  });

/** A media name from a file's name: its letters, digits and Chinese characters (the name rule), 32 at most. */
export const mediaNameOf = (fileName: string) =>
  fileName
    .replace(/\.[^.]*$/, '')
    .replace(/[^0-9A-Za-z\u4e00-\u9fa5]/g, '')
    .slice(0, 32);

/**
 * Silent MPEG-1 Layer III frames (128 kbit/s, 44.1 kHz, stereo; 417 bytes each, about 26 ms): a real mp3
 * every decoder reads, for tests and the simulator's media. 200 frames last 5.2 s.
 */
export function silentMp3(frames = 200): Uint8Array {
  const frame = 417;
  const out = new Uint8Array(frame * frames);
  for (let i = 0; i < frames; i++) out.set([0xff, 0xfb, 0x90, 0x64], i * frame);
  return out;
}
