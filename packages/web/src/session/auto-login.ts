import type { SessionUser } from '@sc/contract';
import { isApiError } from '../api/errors';
import { sessionApi } from '../api/session-api';
import { clearSession, getToken, getUser, setSession } from './store';

let checked: Promise<SessionUser | null> | null = null;

/**
 * Resolves the signed-in user once per page load: a stored token is confirmed with
 * GET /api/login.do (spec 000 §7 "automatic login"); a refused token ends the session.
 */
export function ensureSession(): Promise<SessionUser | null> {
  if (!getToken()) return Promise.resolve(null);
  checked ??= sessionApi.autoLogin().then(
    (user) => {
      setSession({ ...user, userToken: user.userToken || getToken() || '' });
      return getUser();
    },
    (error: unknown) => {
      // No answer at all: keep the stored user rather than sign out someone who is merely offline.
      if (isApiError(error) && error.status === 0) return getUser();
      clearSession();
      return null;
    },
  );
  return checked;
}

/** After an explicit sign-in the session is known good. */
export function markSessionChecked(user: SessionUser): void {
  checked = Promise.resolve(user);
}

export function resetSessionCheck(): void {
  checked = null;
}

let reading = 0;

/**
 * Reads the session user again in the language shown now (GET /api/login.do): the server names the
 * built-in administrator and root project in the caller's language, and the stored user kept the names
 * of the language the user signed in with (issue 13: "系统管理员" in the English console). A failed read
 * keeps the stored user: a language switch never signs anyone out. Of two quick switches the last wins.
 */
export async function readSessionAgain(): Promise<void> {
  if (!getToken()) return;
  const mine = ++reading;
  try {
    const user = await sessionApi.autoLogin();
    if (mine === reading && getToken()) setSession({ ...user, userToken: user.userToken || getToken() || '' });
  } catch {
    // kept as it was
  }
}
