import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { changeLang } from '../../i18n/i18n';
import { deviceSample, familyScreens } from '../../test/family-page';
import { renderWithApp } from '../../test/render';
import { listedRows } from '../kit/test-fixtures';
import type { CameraListRow } from './api';
import RecordPage from './record-page';

const PAGE = '/pjt/pjtdevicecamerarecord';
const CAM = '/api/pjts/2/iot/camera';
const row = listedRows<CameraListRow>('CAM', {
  code: null,
  serialNumber: null,
  streamMode: 'hls',
  ptzSupported: false,
  parentName: null,
  live: 'idle',
});
const MIN = 60_000;
const iso = (ms: number) => new Date(ms).toISOString();
/** The card's records of a search from `from`: a continuous file begun before it, a motion clip in it. */
const filesFrom = (from: number) => [
  { type: 'normal', start: iso(from - 10 * MIN), end: iso(from + 20 * MIN), seconds: 1800, size: 2.3e8 },
  { type: 'event', start: iso(from + 12 * MIN), end: iso(from + 13 * MIN + 10_000), seconds: 70, size: 8.9e6 },
];

/** Camera 71 answers its records and replays; camera 72 is offline (409 with the server's words). */
const family = familyScreens({
  screen: PAGE,
  base: CAM,
  list: [row(71, '路口球机'), row(72, '门口枪机')],
  device: deviceSample(71, '路口球机', 'CAM', { type: 'camera', modelName: 'dahuadss', props: {} }),
  more: (call, pathname) => {
    if (pathname === `${CAM}/72/records`)
      return {
        status: 409,
        json: { statusCode: 409, code: 'DEVICE_OFFLINE', message: '设备离线或通讯异常，请稍后重试' },
      };
    if (pathname === `${CAM}/71/records`) {
      const from = call.url.searchParams.get('from')!;
      const to = call.url.searchParams.get('to')!;
      const type = call.url.searchParams.get('type');
      const files = filesFrom(Date.parse(from)).filter((f) => !type || f.type === type);
      return { json: { id: 71, from, to, files, truncated: false } };
    }
    if (pathname === `${CAM}/71/replay`)
      return {
        json: {
          id: 71,
          available: true,
          reason: null,
          state: 'live',
          from: call.url.searchParams.get('from'),
          to: call.url.searchParams.get('to'),
          playlist: `${CAM}/71/replay/1-2/index.m3u8`,
          duration: 60,
          speed: 30,
        },
      };
    return undefined;
  },
});

/** The page at `path` in `lang`, the cameras loaded. */
async function open(path = PAGE) {
  const { calls } = family.serve(1, PAGE);
  const user = userEvent.setup();
  renderWithApp(<RecordPage />, { path });
  await screen.findByTestId('camera-records-page', undefined, { timeout: 20_000 });
  return { calls, user };
}

describe('camera recordings', () => {
  it('searches a camera’s records of the period and replays one at its speed', async () => {
    const { calls, user } = await open(`${PAGE}?id=71`);
    expect(screen.getByText('选择摄像机和时段（最长 120 分钟）后查询摄像机本地录像')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('records-camera').textContent).toContain('路口球机'));
    await user.click(screen.getByTestId('records-search'));
    const table = screen.getByTestId('camera-records');
    expect(await within(table).findByText('普通录像')).toBeTruthy();
    expect(within(table).getByText('事件录像')).toBeTruthy();
    expect(within(table).getByText('共 2 段录像')).toBeTruthy();
    const asked = calls.find((c) => c.url.pathname === `${CAM}/71/records`)!;
    const from = Date.parse(asked.url.searchParams.get('from')!);
    const to = Date.parse(asked.url.searchParams.get('to')!);
    // The last hour by default.
    expect(to - from).toBe(60 * 60_000);
    // The event clip is replayed for its own period; the player says how fast.
    await user.click(within(table).getAllByTestId('record-replay')[1]!);
    await waitFor(() => expect(calls.some((c) => c.url.pathname === `${CAM}/71/replay`)).toBe(true));
    const replay = calls.find((c) => c.url.pathname === `${CAM}/71/replay`)!;
    expect(replay.url.searchParams.get('from')).toBe(iso(from + 12 * MIN));
    expect(replay.url.searchParams.get('to')).toBe(iso(from + 13 * MIN + 10_000));
    expect((await screen.findByTestId('replay-speed')).textContent).toBe('30 倍速');
    // jsdom has no Media Source Extensions: the player says so in words.
    expect(await screen.findByText('浏览器不支持播放该视频')).toBeTruthy();
    // The continuous file begun before the search is replayed from the search's start.
    await user.click(within(table).getAllByTestId('record-replay')[0]!);
    await waitFor(() => expect(calls.filter((c) => c.url.pathname === `${CAM}/71/replay`)).toHaveLength(2));
    const second = calls.filter((c) => c.url.pathname === `${CAM}/71/replay`)[1]!;
    expect(second.url.searchParams.get('from')).toBe(iso(from));
    expect(second.url.searchParams.get('to')).toBe(iso(from + 20 * MIN));
  }, 120_000);

  it('asks for the chosen type only', async () => {
    const { calls, user } = await open(`${PAGE}?id=71`);
    await waitFor(() => expect(screen.getByTestId('records-camera').textContent).toContain('路口球机'));
    await user.click(within(screen.getByTestId('records-type')).getByRole('combobox'));
    await user.click(await screen.findByTitle('事件录像'));
    await user.click(screen.getByTestId('records-search'));
    await waitFor(() => expect(calls.some((c) => c.url.pathname === `${CAM}/71/records`)).toBe(true));
    expect(calls.find((c) => c.url.pathname === `${CAM}/71/records`)!.url.searchParams.get('type')).toBe('event');
    expect(await within(screen.getByTestId('camera-records')).findByText('共 1 段录像')).toBeTruthy();
  }, 120_000);

  it('asks for a camera first, and says an offline camera’s refusal in words', async () => {
    const { calls, user } = await open();
    await user.click(screen.getByTestId('records-search'));
    expect(screen.getByTestId('records-invalid').textContent).toBe('请选择摄像机');
    expect(calls.some((c) => c.url.pathname.endsWith('/records'))).toBe(false);
    await user.click(within(screen.getByTestId('records-camera')).getByRole('combobox'));
    await user.click(await screen.findByTitle('门口枪机'));
    await user.click(screen.getByTestId('records-search'));
    expect((await screen.findByTestId('records-error')).textContent).toContain('设备离线或通讯异常，请稍后重试');
  }, 120_000);

  it('speaks English', async () => {
    await changeLang('en_US');
    await open(`${PAGE}?id=71`);
    expect(
      await screen.findByText(
        "Choose a camera and a period (at most 120 minutes) to search the camera's own recordings",
      ),
    ).toBeTruthy();
    expect(screen.getByText('Choose a recording in the list to replay it')).toBeTruthy();
  }, 120_000);
});
