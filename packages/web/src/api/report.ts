import { NETWORK_ERROR_DURATION_MS } from '@sc/contract';
import { i18n } from '../i18n/i18n';
import { clearSession } from '../session/store';
import { type ApiError, isApiError } from './errors';

/** Where the error catalogue's toasts and redirects go; the app wires antd and the router in. */
export interface ErrorSinks {
  toast: (text: string, durationSeconds?: number) => void;
  toLogin: (redirect: string) => void;
}

let sinks: ErrorSinks = {
  toast: (text) => console.error(text),
  toLogin: (redirect) => window.location.assign(`/man/manindex?redirect=${encodeURIComponent(redirect)}`),
};

export function setErrorSinks(next: ErrorSinks): void {
  sinks = next;
}

const LOGIN_PATHS = ['/index', '/man/manindex'];

function signOutToLogin() {
  clearSession();
  const { pathname, search } = window.location;
  if (LOGIN_PATHS.includes(pathname)) return;
  sinks.toLogin(pathname + search);
}

/** Spec 000 §8: what the user sees for each kind of failed call. */
export function reportApiError(error: ApiError): void {
  const { status, body } = error;
  if (status === 0) {
    const text = i18n.t('errors.network', { message: i18n.t('errors.networkDefault') });
    sinks.toast(text, NETWORK_ERROR_DURATION_MS / 1000);
    return;
  }
  if (status === 401) {
    signOutToLogin();
    return;
  }
  if (status === 403 && body?.code === 'SESSION_EXPIRED') {
    sinks.toast(body.message || i18n.t('errors.sessionExpired'));
    signOutToLogin();
    return;
  }
  if ([403, 404, 405, 500].includes(status)) {
    sinks.toast(i18n.t('errors.responseStatus', { code: status }));
    return;
  }
  sinks.toast(body?.message || i18n.t('errors.responseStatus', { code: status }));
}

/**
 * A failed call as a screen shows it (a command's outcome, an upload): the server's message (in the
 * reader's language), else what the status means. The spec's 'RESPONSE STATUS {code}' stays the toast's.
 */
export function failureText(error: unknown): string {
  if (!isApiError(error)) return error instanceof Error ? error.message : String(error);
  if (error.body?.message) return error.body.message;
  if (error.status === 0) return i18n.t('errors.network', { message: i18n.t('errors.networkDefault') });
  return i18n.t('errors.requestFailed', { code: error.status });
}
