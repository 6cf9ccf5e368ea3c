import { screen } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, vi } from 'vitest';
import { FakeWebSocket } from '../../api/realtime-fake';
import { setErrorSinks } from '../../api/report';
import { changeLang } from '../../i18n/i18n';
import { frameAnswers, TREE } from '../../pages/man/projectlist/test-fixtures';
import { clearSession, setSession } from '../../session/store';
import { type Answer, SESSION } from '../../test/family-page';
import { guardRawText } from '../../test/raw-guard';
import { type Call, mockFetch, renderWithApp } from '../../test/render';

/**
 * The set-up of a family's screen tests that answer calls themselves: signed in to project 2, in
 * Chinese, with a fake realtime socket; the frame's calls and the project tree answered before theirs.
 */

/** Before each test: signed in, in Chinese, a fake realtime socket, errors nowhere. */
export async function signedInSetUp() {
  await changeLang('zh_CN');
  setErrorSinks({ toast: vi.fn(), toLogin: vi.fn() });
  FakeWebSocket.reset();
  vi.stubGlobal('WebSocket', FakeWebSocket);
  setSession(SESSION);
}

/** After each test: signed out, the globals and mocks restored. */
export function signedInTearDown() {
  clearSession();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
}

/** Answers the frame (at the user's `level`, its running parameters with `running`) and the project tree, then `handler`. */
export function serveScreen(
  path: string,
  handler: (call: Call) => Answer,
  options: { level?: number; running?: Record<string, unknown> } = {},
) {
  return mockFetch((call) => {
    const frame = frameAnswers(path, options.level ?? 5, call);
    if (frame && options.running && call.url.pathname === '/api/pub/runningparams.do')
      return { json: { ...(frame.json as object), ...options.running } };
    if (frame) return frame;
    if (call.url.pathname === '/api/projects.do/trees') return { json: TREE };
    return handler(call);
  });
}

/** Each test of the file set up and torn down as given (signed in by default), and checked for raw words on screen. */
export function screenTests(setUp: () => unknown = signedInSetUp, tearDown: () => unknown = signedInTearDown) {
  beforeEach(setUp);
  afterEach(tearDown);
  guardRawText();
}

/** Renders a device page and, once its name (`<ns>-name`) is shown, opens its tab named `tab`. */
export async function openDeviceTab(
  user: ReturnType<typeof userEvent.setup>,
  page: ReactNode,
  path: string,
  ns: string,
  tab: string,
) {
  renderWithApp(page, { path });
  await screen.findByTestId(`${ns}-name`);
  await user.click(screen.getByRole('tab', { name: tab }));
}
