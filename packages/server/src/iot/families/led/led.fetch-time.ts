/**
 * What a screen may fetch per second while a program's files reach it: a 4G screen sharing the server's
 * uplink with the other screens of one publishing (50 at a time) gets about this much.
 */
export const FETCH_BYTES_PER_SECOND = 256 * 1024;

/**
 * Seconds a screen needs to fetch a program's files before it answers the program command (it answers
 * once it holds them): their bytes at FETCH_BYTES_PER_SECOND (a 20 MB video: 80 s), nothing without files.
 */
export function fetchSeconds(args: Record<string, unknown>): number {
  const files = Array.isArray(args.files) ? (args.files as { size?: unknown }[]) : [];
  const bytes = files.reduce((sum, f) => sum + (typeof f.size === 'number' && f.size > 0 ? f.size : 0), 0);
  return Math.ceil(bytes / FETCH_BYTES_PER_SECOND);
}
