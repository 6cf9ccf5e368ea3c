import { redirect } from 'react-router';
import { isApiError } from '../api/errors';
import { sessionApi } from '../api/session-api';
import { ensureSession, resetSessionCheck } from '../session/auto-login';
import { rememberPageLevel } from '../session/page-levels';
import { clearSession, getToken } from '../session/store';

export const HOME_PATH = '/man/manmain';
export const LOGIN_PATHS = ['/index', '/man/manindex'];

export function loginRedirect(target: string): string {
  return `/man/manindex?redirect=${encodeURIComponent(target)}`;
}

/** Where the router is when a navigation starts, so that a refused one can stay there. */
export interface RouterPosition {
  initialized: boolean;
  location: { pathname: string; search: string };
}

/**
 * Loader of every page inside the frame (spec 000 §6): a signed-in user is required, then
 * /api/pageauth.do decides; a refusal cancels silently: back where the user was, or home on first load.
 */
export function pageGuard(position: () => RouterPosition) {
  return async ({ request }: { request: Request }) => {
    const url = new URL(request.url);
    const target = url.pathname + url.search;
    // With a stored token the page's permission is asked beside the session's check, not after it: on a
    // reload the two calls would otherwise be two round trips in series before the screen renders.
    const asked = getToken() ? settled(sessionApi.pageAuth(url.pathname)) : null;
    const user = await ensureSession();
    if (!user) throw redirect(loginRedirect(target));

    const auth = await (asked ? asked.then(unsettled) : sessionApi.pageAuth(url.pathname)).catch((error: unknown) => {
      // A session that ended meanwhile is not a refusal: sign in again and come back.
      if (isApiError(error) && (error.status === 401 || error.body?.code === 'SESSION_EXPIRED')) {
        clearSession();
        resetSessionCheck();
        throw redirect(loginRedirect(target));
      }
      return null;
    });
    if (auth && auth.flag === 1 && auth.authValue > 0) {
      rememberPageLevel(url.pathname, auth.authValue);
      return { denied: false };
    }
    const { initialized, location } = position();
    const here = location.pathname + location.search;
    const inFrame = initialized && !LOGIN_PATHS.includes(location.pathname);
    if (inFrame && location.pathname !== url.pathname) throw redirect(here);
    if (url.pathname !== HOME_PATH) throw redirect(HOME_PATH);
    // Home itself refused: nowhere left to go back to, the page says so instead of looping.
    return { denied: true };
  };
}

/** A call's outcome held without rejecting (no unhandled rejection while it waits), and given back. */
const settled = <T>(call: Promise<T>) =>
  call.then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  );
const unsettled = <T>(outcome: { ok: true; value: T } | { ok: false; error: unknown }): Promise<T> =>
  outcome.ok ? Promise.resolve(outcome.value) : Promise.reject(outcome.error);

/** A screen any signed-in user may see (the "not available yet" page of an unbuilt function). */
export async function signedIn({ request }: { request: Request }) {
  const url = new URL(request.url);
  if (!(await ensureSession())) throw redirect(loginRedirect(url.pathname + url.search));
  return null;
}

/** Login pages: a signed-in user goes straight on to where they were heading. */
export async function loginLoader({ request }: { request: Request }) {
  const user = await ensureSession();
  if (user) throw redirect(safeRedirect(new URL(request.url).searchParams.get('redirect')));
  return null;
}

/** Only same-site paths, never back to a login page. */
export function safeRedirect(value: string | null): string {
  if (!value?.startsWith('/') || value.startsWith('//')) return HOME_PATH;
  const path = value.split('?')[0];
  return LOGIN_PATHS.includes(path) ? HOME_PATH : value;
}
