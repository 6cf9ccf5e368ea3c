import type { Lang, RealtimePush, SessionUser } from '@sc/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { FakeWebSocket } from '../api/realtime-fake';
import { setErrorSinks } from '../api/report';
import { changeLang } from '../i18n/i18n';
import { frameAnswers, TREE } from '../pages/man/projectlist/test-fixtures';
import { clearSession, setSession } from '../session/store';
import { guardRawText } from './raw-guard';
import { type Call, mockFetch, readsSettled, renderWithApp } from './render';

/**
 * The set-up the tests of a family's screens share (a family's list and device page in project 2): the
 * user signed in, a fake realtime socket, the calls of the frame, the family's list, its device, latest
 * values and events answered from the family's data, and no raw words on screen.
 */

/** The family screens' project. */
export const PROJECT_ID = 2;

export const SESSION = {
  userId: 4,
  userName: 'u',
  realName: 'U',
  projectId: PROJECT_ID,
  projectName: '子项目乙',
  userToken: 'tok',
} as SessionUser;

/** One page of rows as a paged call answers. */
export const pageOf = <T>(list: T[]) => ({ list, total: list.length, page: 1, pageSize: 50 });

/**
 * Signed in (unless `signedIn: false`, for the public screens), in Chinese, with a fake realtime socket
 * before each test; every test checked for raw words.
 */
export function familyTestSetup({ signedIn = true }: { signedIn?: boolean } = {}) {
  beforeEach(async () => {
    await changeLang('zh_CN');
    setErrorSinks({ toast: vi.fn(), toLogin: vi.fn() });
    FakeWebSocket.reset();
    vi.stubGlobal('WebSocket', FakeWebSocket);
    if (signedIn) setSession(SESSION);
  });
  afterEach(() => {
    clearSession();
    vi.unstubAllGlobals();
  });
  guardRawText();
}

export type Answer = { status?: number; json?: unknown } | undefined;

export interface FamilyData {
  /** The screen the frame's menu gives the user's level for, unless the test names another. */
  screen: string;
  /** The family's calls, `/api/pjts/2/iot/<slug>`. */
  base: string;
  /** The list's rows (`<base>/pages`, 25 a page), when the family's list is paged. */
  list?: unknown[];
  /** The device the page shows, its registry row (`…/devices.do/one/<id>`), when the family has a device page. */
  device?: { id: number };
  /** Its latest values (GET `<base>/<id>/realdata`). */
  latest?: unknown;
  /** Its events or log, a page (`<base>/<id>/<events.path>`). */
  events?: { path: string; list: unknown[] };
  /** The family's other calls. */
  more?: (call: Call, pathname: string) => Answer;
}

/**
 * The family's server: answers the screen at `path` for a user of `level` (the frame, then the test's own
 * answers `first` when it gives some, the project tree, the family's list, its device, latest values and
 * events, registering a device of the list, then the family's other calls) and records every call.
 */
export const familyServer =
  (data: FamilyData) =>
  (level = 5, path = data.screen, first?: (call: Call) => Answer) => {
    const { base, device } = data;
    return mockFetch((call) => {
      const frame = frameAnswers(path, level, call);
      if (frame) return frame;
      const own = first?.(call);
      if (own) return own;
      const { pathname } = call.url;
      if (pathname === '/api/projects.do/trees') return { json: TREE };
      if (data.list && pathname === `${base}/pages`) return { json: { ...pageOf(data.list), pageSize: 25 } };
      const registering = pathname.startsWith(`${base}/`) && /^\/(\d+)\/register$/.exec(pathname.slice(base.length));
      if (registering && call.method === 'POST')
        return { json: { id: Number(registering[1]), registered: true, delivered: false } };
      if (device) {
        if (pathname === `/api/pjts/${PROJECT_ID}/devices.do/one/${device.id}`) return { json: device };
        if (data.latest !== undefined && pathname === `${base}/${device.id}/realdata` && call.method === 'GET')
          return { json: data.latest };
        if (data.events && pathname === `${base}/${device.id}/${data.events.path}`)
          return { json: pageOf(data.events.list) };
      }
      return data.more?.(call, pathname);
    });
  };

/** The table row showing `text`, once it is there. */
export const rowWith = (text: string) =>
  waitFor(
    () => {
      const row = screen.getAllByRole('row').find((r) => r.textContent?.includes(text));
      if (!row) throw new Error(`no row with ${text}`);
      return row;
    },
    { timeout: 20_000 },
  );

/**
 * Waits until the latest values of the card `testId` show the reading `key` as `text` (its label, then its
 * value and unit, as the user reads them); returns the card.
 */
export async function expectReading(testId: string, key: string, text: string) {
  const card = await screen.findByTestId(testId, undefined, { timeout: 20_000 });
  await waitFor(() => expect(card.querySelector(`[data-reading="${key}"]`)?.textContent).toBe(text));
  return card;
}

/**
 * Opens the page's realtime socket and waits for what its live screens read again then (a push sent
 * before the socket opened would otherwise be missed).
 */
export async function goLive() {
  act(() => FakeWebSocket.last!.open());
  await readsSettled();
}

/** Opens the page's realtime socket and pushes `push` to it. */
export function pushLive(push: RealtimePush) {
  const socket = FakeWebSocket.last!;
  if (socket.readyState !== FakeWebSocket.OPEN) act(() => socket.open());
  act(() => socket.push(push));
}

/** Pushes a report of the device `deviceId` (of the device type `type`) in the screens' project. */
export function pushReport(deviceId: number, type: string, values: Record<string, unknown>, at: string) {
  pushLive({ kind: 'telemetry', deviceId, projectId: PROJECT_ID, type, values, at });
}

/** A family's server (familyServer). */
export type FamilyServe = ReturnType<typeof familyServer>;

/** Serves the family (for a user of `level`), renders its list `page` at `path` and waits for the row showing `name`. */
export async function openList(serve: FamilyServe, page: ReactNode, path: string, name: string, level?: number) {
  const { calls } = serve(level);
  const view = renderWithApp(page, { path });
  return { calls, view, row: await rowWith(name) };
}

/** Registers the device of the row showing `name` after a confirmation; expects its POST to `registerPath`. */
export async function registerFromRow(calls: Call[], name: string, registerPath: string) {
  fireEvent.click(within(await rowWith(name)).getByRole('button', { name: '注册' }));
  fireEvent.click(await screen.findByRole('button', { name: /确\s*定/ }, { timeout: 20_000 }));
  await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
  expect(calls.find((c) => c.method === 'POST')!.url.pathname).toBe(registerPath);
}

/** Below the edit level, the list `page` at `path` shows the row of `name` without a register button. */
export async function expectNoRegistration(serve: FamilyServe, page: ReactNode, path: string, name: string) {
  await openList(serve, page, path, name, 1);
  expect(screen.queryByRole('button', { name: '注册' })).toBeNull();
}

/**
 * Serves the family at its device page (for a user of `level`, answering with `first` first), renders
 * `page` at `path` (the screen's path and the device's id) and waits for the device's name (`<ns>-name`),
 * expected to be `named` when given.
 */
export async function openDevice(
  serve: FamilyServe,
  page: ReactNode,
  path: string,
  ns: string,
  { level = 5, first, named }: { level?: number; first?: (call: Call) => Answer; named?: string } = {},
) {
  const { calls } = serve(level, path.split('?')[0], first);
  const user = userEvent.setup();
  renderWithApp(page, { path });
  const name = await screen.findByTestId(`${ns}-name`);
  if (named !== undefined) expect(name.textContent).toBe(named);
  return { calls, user, name };
}

/** In `lang`, serves the family at the device page `path`, renders `page` there and waits for its card `testId`. */
export async function openCard(serve: FamilyServe, page: ReactNode, path: string, testId: string, lang: Lang) {
  await changeLang(lang);
  const { calls } = serve(5, path.split('?')[0]);
  const user = userEvent.setup();
  renderWithApp(page, { path });
  return { calls, user, card: await screen.findByTestId(testId, undefined, { timeout: 20_000 }) };
}

/** A command of the device page at `path` (its `button`) refused for an offline device: the server's `message` is shown. */
export async function expectOfflineReason(
  serve: FamilyServe,
  page: ReactNode,
  path: string,
  button: RegExp,
  message: string,
) {
  serve(5, path.split('?')[0], (call) =>
    call.method === 'POST' ? { status: 409, json: { statusCode: 409, code: 'DEVICE_OFFLINE', message } } : undefined,
  );
  const user = userEvent.setup();
  renderWithApp(page, { path });
  await user.click(await screen.findByRole('button', { name: button }));
  expect(await screen.findByText(message)).toBeTruthy();
}

/** Below the edit level, the device page at `path` shows its name (`<ns>-name`) and its `table`, none of the `buttons`. */
export async function expectReadOnly(
  serve: FamilyServe,
  page: ReactNode,
  path: string,
  { ns, table, buttons }: { ns: string; table: string; buttons: (string | RegExp)[] },
) {
  serve(1, path.split('?')[0]);
  renderWithApp(page, { path });
  await screen.findByTestId(`${ns}-name`);
  await screen.findByTestId(table);
  for (const name of buttons) expect(screen.queryByRole('button', { name })).toBeNull();
}

/** When the samples were last seen and reported. */
export const SAMPLE_AT = '2026-05-01T08:00:00Z';

/** A sample list row's registry fields: number `<prefix>-<id>`, equipment id `EQ-<prefix><id>`, online, registered. */
export const listedSample = (id: number, name: string, prefix: string) => ({
  id,
  name,
  no: `${prefix}-${id}`,
  equipmentId: `EQ-${prefix}${id}`,
  activeState: 1,
  registered: true,
  lastActiveAt: SAMPLE_AT,
});

/** A sample device as the registry's row answers it (`devices.do/one`): listedSample's, with no parent, area, group or place. */
export const deviceSample = (
  id: number,
  name: string,
  prefix: string,
  own: { type: string; modelName: string; props: Record<string, unknown>; parentId?: number; parentName?: string },
) => ({
  ...listedSample(id, name, prefix),
  parentId: null as number | null,
  parentName: null as string | null,
  areaName: null,
  groupName: null,
  lng: null,
  lat: null,
  description: '',
  ...own,
});

/**
 * An event of `device` as its events or log answer it: `code` at `at`, occurring (unless `eventType`
 * says), with its `level` and `detail`; the list's first (unless `id` says).
 */
export const eventSample = (
  device: { id: number; name: string },
  code: string,
  at: string,
  { level, detail, eventType = 'occur', id = 1 }: { level: string; detail: unknown; eventType?: string; id?: number },
) => ({ id, deviceId: device.id, deviceName: device.name, at, code, eventType, level, detail });

/**
 * A family's screen tests: signed in with a fake realtime socket for each test of the file
 * (familyTestSetup), the family's server (familyServer) and the helpers above bound to it.
 */
export function familyScreens(data: FamilyData) {
  const serve = familyServer(data);
  familyTestSetup();
  return {
    serve,
    rowWith,
    goLive,
    pushReport,
    openList: (page: ReactNode, path: string, name: string, level?: number) => openList(serve, page, path, name, level),
    openDevice: (page: ReactNode, path: string, ns: string, options?: Parameters<typeof openDevice>[4]) =>
      openDevice(serve, page, path, ns, options),
    openCard: (page: ReactNode, path: string, testId: string, lang: Lang) => openCard(serve, page, path, testId, lang),
    /**
     * The registration tests of the list `page` at `path`: registering the device of the row `register`
     * names (its POST to the path it gives), and no registration below the edit level (on the row `hidden`).
     */
    registrationTests(page: ReactNode, path: string, rows: { register?: [string, string]; hidden?: string }) {
      const { register, hidden } = rows;
      if (register)
        it('registers a device from its row after a confirmation', async () => {
          const { calls } = await openList(serve, page, path, register[0]);
          await registerFromRow(calls, register[0], register[1]);
        }, 120_000);
      if (hidden)
        it('hides registration below the edit level', () => expectNoRegistration(serve, page, path, hidden), 120_000);
    },
    /** A device page's guards: the server's reason shown for an `offline` device, read-only below the edit level. */
    guardTests(
      page: ReactNode,
      path: string,
      guards: { offline: { button: RegExp; message: string }; readOnly: Parameters<typeof expectReadOnly>[3] },
    ) {
      it("shows the server's reason when the device is offline", () =>
        expectOfflineReason(serve, page, path, guards.offline.button, guards.offline.message));
      it('is read-only below the edit level', () => expectReadOnly(serve, page, path, guards.readOnly));
    },
  };
}
