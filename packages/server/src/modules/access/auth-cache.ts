import { createTtlCache } from '../../platform/ttl-cache.js';
import type { SessionRow } from '../session/session.repository.js';
import type { Levels } from './access.service.js';

/** How long a server instance may keep authorising with what it read, after another instance changed it. */
export const AUTH_CACHE_TTL_MS = 3000;

/**
 * What authorising a call reads, kept for a few seconds: the token's session with its user, role and
 * project, and a role's levels. Every API call needs both; reading them took two to four queries per
 * call (docs/performance.md). A change on this instance (sign-out, password, user, role, project,
 * permissions, modules) calls `changed()` and takes effect at once; another instance sees it within
 * AUTH_CACHE_TTL_MS, as with settings (docs/security.md).
 */
export function createAuthCache(ttlMs = AUTH_CACHE_TTL_MS) {
  const sessions = createTtlCache<SessionRow | null>(ttlMs, 10_000);
  const levels = createTtlCache<Levels>(ttlMs, 1000);
  return {
    sessions,
    levels,
    changed() {
      sessions.clear();
      levels.clear();
    },
  };
}

export type AuthCache = ReturnType<typeof createAuthCache>;
