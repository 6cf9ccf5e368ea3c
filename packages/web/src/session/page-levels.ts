import type { AuthLevel } from '@sc/contract';

/** The authValue /api/pageauth.do granted for each visited path, for hiding buttons. */
const levels = new Map<string, AuthLevel>();

export function rememberPageLevel(path: string, level: AuthLevel): void {
  levels.set(path, level);
}

export function pageLevel(path: string): AuthLevel | undefined {
  return levels.get(path);
}
