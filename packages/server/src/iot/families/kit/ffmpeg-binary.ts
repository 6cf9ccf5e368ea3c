import { accessSync, constants } from 'node:fs';
import { createRequire } from 'node:module';
import { delimiter, join } from 'node:path';

/** Why live video is unavailable: no ffmpeg at all, or the one named does not run. */
export type FfmpegMissing = 'noFfmpeg' | 'disabled';
export type FfmpegFound = { path: string; source: 'env' | 'package' | 'path' } | { path: null; reason: FfmpegMissing };

const runnable = (path: string) => {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

/**
 * The ffmpeg the stream gateway runs: FFMPEG_PATH when set ('none' turns live video off), else the
 * binary the npm package @ffmpeg-installer/ffmpeg ships for this platform, else one on the PATH.
 */
export function findFfmpeg(env: NodeJS.ProcessEnv = process.env): FfmpegFound {
  const named = env.FFMPEG_PATH?.trim();
  if (named === 'none') return { path: null, reason: 'disabled' };
  if (named) return runnable(named) ? { path: named, source: 'env' } : { path: null, reason: 'noFfmpeg' };
  try {
    const shipped = (createRequire(import.meta.url)('@ffmpeg-installer/ffmpeg') as { path: string }).path;
    if (runnable(shipped)) return { path: shipped, source: 'package' };
  } catch {
    // The package (or its binary for this platform) is not installed: look on the PATH.
  }
  for (const dir of (env.PATH ?? '').split(delimiter).filter(Boolean)) {
    const candidate = join(dir, 'ffmpeg');
    if (runnable(candidate)) return { path: candidate, source: 'path' };
  }
  return { path: null, reason: 'noFfmpeg' };
}
