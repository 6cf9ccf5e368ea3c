import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { changeLang } from '../../i18n/i18n';
import { familyScreens, pushLive } from '../../test/family-page';
import { listedRows } from '../kit/test-fixtures';
import AlarmLogPage from './alarm-log-page';
import type { Alarm, EceListRow } from './api';
import EceListPage from './ece-list-page';

const LIST = '/pjt/pjtdeviceecelist';
const LOG = '/pjt/pjtdeviceece';
const ECE = '/api/pjts/2/iot/ece';
const row = listedRows<EceListRow>('ECE', {
  ip: '10.0.0.8',
  eceCode: 'ECE-001',
  deviceSerial: 'SN-001',
  linkedCamera: { id: 71, name: '东门球机', no: 'CAM-71', activeState: 1 },
  unhandled: 2,
});
const POSTS = [row(91, '东门呼叫柱', {}), row(92, '西门呼叫柱', { linkedCamera: null, unhandled: 0, ip: null })];
const alarm = (id: number, more: Partial<Alarm>): Alarm => ({
  id,
  projectId: 2,
  device: { id: 91, name: '东门呼叫柱', no: 'ECE-91' },
  linkedCamera: { id: 71, name: '东门球机', no: 'CAM-71' },
  startTime: '2026-05-01T08:00:00.000Z',
  stopTime: '2026-05-01T08:03:00.000Z',
  eventId: `EQ91-${id}`,
  deviceIndexCode: 'ECE-001',
  channelIndexCode: 'CH-001',
  channelType: 'intercom',
  channelName: '东门呼叫柱',
  eventType: 'CALL',
  settleStatus: 'unsettled',
  settleDetail: 'init',
  settleNote: null,
  settledBy: null,
  settleTime: null,
  answeredAt: null,
  answeredBy: null,
  ...more,
});
const ALARMS = [
  alarm(1, { stopTime: null }),
  alarm(2, {
    settleStatus: 'settled',
    settleDetail: 'ignored',
    settleNote: '误触',
    settledBy: 'admin',
    settleTime: '2026-05-01T08:05:00.000Z',
  }),
];
const CONNECTION = {
  projectId: 2,
  platform: 'isc',
  clientServerIp: '127.0.0.1',
  iscPort: 443,
  iscContextPath: '/artemis',
  dssPort: 443,
  dhApiAddress: '',
  updatedBy: null,
  updatedAt: null,
};

/** The seat's calls: the post's linked camera, or none (`seat.unlinked`); the caller hung up (`seat.hungUp`). */
const seat = { unlinked: false, hungUp: false };
/** The realtime push of the post 91 calling (its CALL event occurring). */
const POST_CALLS = {
  kind: 'event',
  deviceId: 91,
  projectId: 2,
  type: 'emergencycallequipment',
  code: 'CALL',
  eventType: 'occur',
  level: 'alarm',
  at: '2026-05-01T09:00:00.000Z',
} as const;
/** The kit's live video of the linked camera: on the stream gateway, its playlist there. */
const VIDEO = '/api/pjts/2/iot/video/71/live';

const family = familyScreens({
  screen: LIST,
  base: ECE,
  list: POSTS,
  more: (call, pathname) => {
    if (pathname === `${ECE}/connection` && call.method === 'GET') return { json: CONNECTION };
    if (pathname === `${ECE}/connection` && call.method === 'PUT')
      return { json: { ...CONNECTION, ...Object.fromEntries(call.body ?? []), updatedBy: 'admin' } };
    if (pathname === `${ECE}/logs/counts`) return { json: { all: 2, unhandled: 1, handled: 1 } };
    if (pathname === `${ECE}/logs`) {
      const filter = call.url.searchParams.get('filter');
      const list = ALARMS.filter((a) =>
        filter === 'unhandled' ? a.settleDetail === 'init' : filter === 'handled' ? a.settleDetail !== 'init' : true,
      )
        .map((a) => (seat.unlinked ? { ...a, linkedCamera: null } : a))
        .map((a) => (seat.hungUp && a.stopTime === null ? { ...a, stopTime: '2026-05-01T09:01:00.000Z' } : a));
      return { json: { list, total: list.length, page: 1, pageSize: 50 } };
    }
    if (pathname === '/api/pjts/2/devices.do/one/91')
      return { json: { id: 91, name: '东门呼叫柱', lng: null, lat: null } };
    if (pathname === VIDEO)
      return {
        json: { id: 71, available: true, reason: null, state: 'live', playlist: `${VIDEO}/index.m3u8`, copy: true },
      };
    if (pathname === `${ECE}/logs/1/settle`)
      return { json: { ...ALARMS[0], settleStatus: 'settled', settleDetail: 'settled', settledBy: 'admin' } };
    return undefined;
  },
});

describe('emergency call posts list', () => {
  it('shows address, code, linked camera in words and unhandled alarms', async () => {
    const { row: east } = await family.openList(<EceListPage />, LIST, '东门呼叫柱');
    for (const text of ['10.0.0.8', 'ECE-001', '东门球机']) expect(east.textContent).toContain(text);
    expect(within(east).getByTestId('ece-unhandled').textContent).toBe('2');
    const west = await family.rowWith('西门呼叫柱');
    expect(within(west).getByTestId('ece-camera').textContent).toBe('未联动');
    for (const name of ['呼叫设备编码', 'IPv4 地址', '联动摄像机', '未处理报警'])
      expect(screen.getByRole('columnheader', { name })).toBeTruthy();
  }, 120_000);

  it('edits the connection parameters with the contract rules, in words', async () => {
    const { calls } = await family.openList(<EceListPage />, LIST, '东门呼叫柱');
    fireEvent.click(screen.getByTestId('ece-connection-open'));
    const dialog = await screen.findByRole('dialog', {}, { timeout: 20_000 });
    const path = within(dialog).getByLabelText('ISC 上下文路径');
    fireEvent.change(path, { target: { value: 'artemis' } });
    const address = within(dialog).getByLabelText('大华 API 地址');
    fireEvent.change(address, { target: { value: 'http://x/api' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await within(dialog).findByText('留空，或以 / 开头，3-16 个字符')).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    fireEvent.change(path, { target: { value: '' } });
    fireEvent.change(address, { target: { value: 'wss://dss.example.com/api' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true), { timeout: 20_000 });
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.body?.get('dhApiAddress')).toBe('wss://dss.example.com/api');
    expect(await screen.findByText('连接参数已保存')).toBeTruthy();
  }, 120_000);
});

describe('alarm log', () => {
  it('lists the alarms in words with counts, filters them and settles one with a note', async () => {
    const { calls } = family.serve(10, LOG);
    const { renderWithApp } = await import('../../test/render');
    renderWithApp(<AlarmLogPage />, { path: LOG });
    const log = await screen.findByTestId('ece-log', {}, { timeout: 20_000 });
    await within(log).findAllByText('东门呼叫柱', {}, { timeout: 20_000 });
    expect(within(log).getByText('呼叫中')).toBeTruthy();
    expect(within(log).getByText('已忽略')).toBeTruthy();
    expect(within(log).getByText('待处理')).toBeTruthy();
    expect(await screen.findByText('全部 (2)')).toBeTruthy();
    expect(screen.getByText('未处理 (1)')).toBeTruthy();

    fireEvent.click(screen.getByText('已处理 (1)'));
    await waitFor(() => expect(calls.some((c) => c.url.searchParams.get('filter') === 'handled')).toBe(true));
    await waitFor(() => expect(within(log).queryByText('呼叫中')).toBeNull());

    fireEvent.click(screen.getByText('全部 (2)'));
    fireEvent.click(await within(log).findByTestId('ece-settle', {}, { timeout: 20_000 }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: '已派人到场' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(calls.some((c) => c.url.pathname === `${ECE}/logs/1/settle`)).toBe(true));
    const settle = calls.find((c) => c.url.pathname === `${ECE}/logs/1/settle`)!;
    expect([settle.body?.get('result'), settle.body?.get('note')]).toEqual(['settled', '已派人到场']);
    expect(await screen.findByText('报警已处理')).toBeTruthy();
  }, 120_000);

  it('reads the log again when a post calls, and offers no settle below the check level', async () => {
    const { calls } = family.serve(5, LOG);
    const { renderWithApp } = await import('../../test/render');
    renderWithApp(<AlarmLogPage />, { path: LOG });
    const log = await screen.findByTestId('ece-log', {}, { timeout: 20_000 });
    await within(log).findAllByText('东门呼叫柱', {}, { timeout: 20_000 });
    expect(within(log).queryByTestId('ece-settle')).toBeNull();
    const before = calls.filter((c) => c.url.pathname === `${ECE}/logs`).length;
    pushLive(POST_CALLS);
    await waitFor(() => expect(calls.filter((c) => c.url.pathname === `${ECE}/logs`).length).toBeGreaterThan(before));
  }, 120_000);

  it('speaks English', async () => {
    await act(() => changeLang('en_US'));
    family.serve(10, LOG);
    const { renderWithApp } = await import('../../test/render');
    renderWithApp(<AlarmLogPage />, { path: LOG });
    const log = await screen.findByTestId('ece-log', {}, { timeout: 20_000 });
    await within(log).findAllByText('东门呼叫柱', {}, { timeout: 20_000 });
    expect(within(log).getByText('Calling')).toBeTruthy();
    expect(within(log).getByText('Ignored')).toBeTruthy();
    expect(await screen.findByText('Unhandled (1)')).toBeTruthy();
    await act(() => changeLang('zh_CN'));
  }, 120_000);
});

describe('agent seat', () => {
  const SEAT = '/pjt/pjtdeviceeceagentseat';

  it('rings for a call, says when the microphone cannot open, and settles the call', async () => {
    const { calls } = family.serve(10, SEAT);
    const { renderWithApp } = await import('../../test/render');
    const { default: AgentSeatPage } = await import('./agent-seat-page');
    renderWithApp(<AgentSeatPage />, { path: SEAT });
    const banner = await screen.findByTestId('ece-seat-ringing', {}, { timeout: 20_000 });
    expect(banner.textContent).toContain('东门呼叫柱 正在呼叫');
    const panel = await screen.findByTestId('ece-seat-panel');
    expect(within(panel).getByTestId('ece-camera-live').textContent).toContain('东门球机');
    expect(within(panel).getByTestId('ece-camera-live').getAttribute('href')).toBe('/pjt/pjtdevicecamera?id=71');
    // The linked camera plays beside the map (the kit's live video); jsdom has no Media Source
    // Extensions, and the player says so in words.
    const video = within(panel).getByTestId('ece-seat-video');
    expect(video.dataset.camera).toBe('71');
    expect(await within(video).findByText('浏览器不支持播放该视频')).toBeTruthy();
    expect(calls.some((c) => c.url.pathname === VIDEO)).toBe(true);
    expect(within(panel).getByText('联动摄像机实时视频 · 东门球机')).toBeTruthy();
    // No microphone in this page: the call does not start, and the seat says why.
    fireEvent.click(within(panel).getByTestId('ece-answer'));
    expect((await screen.findByTestId('ece-seat-ended')).textContent).toContain('无法打开麦克风');
    fireEvent.click(within(panel).getByTestId('ece-seat-settle'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(calls.some((c) => c.url.pathname === `${ECE}/logs/1/settle`)).toBe(true));
  }, 120_000);

  it('says the post has no linked camera instead of a video, in both languages', async () => {
    seat.unlinked = true;
    try {
      const { calls } = family.serve(10, SEAT);
      const { renderWithApp } = await import('../../test/render');
      const { default: AgentSeatPage } = await import('./agent-seat-page');
      renderWithApp(<AgentSeatPage />, { path: SEAT });
      const panel = await screen.findByTestId('ece-seat-panel', {}, { timeout: 20_000 });
      const none = within(panel).getByTestId('ece-seat-no-video');
      expect(none.textContent).toBe('该设备未联动摄像机，没有实时视频。可在设备信息中设置“联动摄像机”。');
      expect(within(panel).queryByTestId('ece-seat-video')).toBeNull();
      expect(within(panel).getByText('未联动摄像机')).toBeTruthy();
      await act(() => changeLang('en_US'));
      expect(within(panel).getByTestId('ece-seat-no-video').textContent).toBe(
        'This post is linked to no camera, so there is no live video. Set its linked camera in the device details.',
      );
      expect(calls.some((c) => c.url.pathname.includes('/iot/video/'))).toBe(false);
    } finally {
      seat.unlinked = false;
      await act(() => changeLang('zh_CN'));
    }
  }, 120_000);

  it('notifies a ringing call even without its push, keeps it while it rings, and takes it away once the caller hangs up', async () => {
    const { calls } = family.serve(10, SEAT);
    const { renderWithApp } = await import('../../test/render');
    const { default: AgentSeatPage } = await import('./agent-seat-page');
    renderWithApp(<AgentSeatPage />, { path: SEAT });
    const notices = () => [...document.querySelectorAll('.ant-notification-notice')].map((n) => n.textContent ?? '');
    try {
      // The call is found by the seat's read (its push came before the socket): notified all the same.
      await screen.findByTestId('ece-seat-ringing', {}, { timeout: 20_000 });
      await waitFor(() => expect(notices()).toEqual([expect.stringContaining('东门呼叫柱 正在呼叫')]));
      // Its push arriving afterwards does not notify it twice.
      pushLive(POST_CALLS);
      // Longer than a notification's usual 4.5 s: a ringing call's stays.
      await act(() => new Promise((resolve) => setTimeout(resolve, 5_000)));
      expect(notices()).toEqual([expect.stringContaining('东门呼叫柱 正在呼叫')]);
      // A language switch says it again in the new language, still once.
      await act(() => changeLang('en_US'));
      await waitFor(() => expect(notices()).toEqual([expect.stringContaining('东门呼叫柱 is calling')]));
      // The caller hangs up: the seat's next read of the calls finds none ringing.
      seat.hungUp = true;
      const reads = calls.filter((c) => c.url.pathname === `${ECE}/logs`).length;
      await waitFor(() => expect(calls.filter((c) => c.url.pathname === `${ECE}/logs`).length).toBeGreaterThan(reads), {
        timeout: 20_000,
      });
      await waitFor(() => expect(notices().join()).not.toContain('calling'), { timeout: 10_000 });
    } finally {
      seat.hungUp = false;
      await act(() => changeLang('zh_CN'));
    }
  }, 120_000);

  it('offers neither answer nor settle to a viewer', async () => {
    family.serve(1, SEAT);
    const { renderWithApp } = await import('../../test/render');
    const { default: AgentSeatPage } = await import('./agent-seat-page');
    renderWithApp(<AgentSeatPage />, { path: SEAT });
    const panel = await screen.findByTestId('ece-seat-panel', {}, { timeout: 20_000 });
    expect(within(panel).queryByTestId('ece-answer')).toBeNull();
    expect(within(panel).queryByTestId('ece-seat-settle')).toBeNull();
  }, 120_000);
});
