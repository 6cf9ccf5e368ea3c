import { queryClient } from '../api/query-client';
import { sessionApi } from '../api/session-api';
import { resetSessionCheck } from './auto-login';
import { clearSession } from './store';

/** DELETE /api/login.do then forget everything the session loaded, even if the server is gone. */
export async function logout(): Promise<void> {
  try {
    await sessionApi.logout();
  } catch {
    // Signing out locally must not depend on the server answering.
  }
  clearSession();
  resetSessionCheck();
  sessionStorage.removeItem('sc.tabs');
  queryClient.clear();
}
