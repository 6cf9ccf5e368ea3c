import type { RealtimePush } from '@sc/contract';
import { readLiveFrame } from '@sc/contract/families/nsc';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { FakeWebSocket } from '../../../api/realtime-fake';
import { familyScreens, listedSample, pageOf } from '../../../test/family-page';
import { renderWithApp } from '../../../test/render';
import type { NscSpeaker } from '../api';
import NscControlCenterPage from './control-center-page';

/** The page's microphone: a test feeds it frames. */
const mic = vi.hoisted(() => ({
  onFrame: null as ((pcm: Int16Array, capturedAt: number) => void) | null,
  stop: vi.fn(),
}));
vi.mock('./microphone', async (original) => ({
  ...(await original<typeof import('./microphone')>()),
  openMicrophone: async (onFrame: (pcm: Int16Array, capturedAt: number) => void) => {
    mic.onFrame = onFrame;
    return { stop: mic.stop };
  },
}));

const PAGE = '/pjt/pjtnsccontrolcenter';
const BASE = '/api/pjts/2/iot/nsc';
const speaker = (id: number, name: string, more: Partial<NscSpeaker> = {}): NscSpeaker => ({
  ...listedSample(id, name, 'SP'),
  mac: `00:1A:2B:3C:4D:${id}`,
  ip: `10.0.0.${id}`,
  terminalId: `T-${id}`,
  modelName: 'nscitc',
  version: 'NSC-2.3.1',
  reportedAt: '2026-05-01T08:00:00Z',
  volume: 60,
  status: 'playing',
  playing: '晨间广播',
  ...more,
});
const SPEAKERS = [speaker(11, '广场音柱'), speaker(12, '公园音柱', { status: 'idle', playing: null, volume: 40 })];
const refs = SPEAKERS.map(({ id, name, no, activeState }) => ({ id, name, no, activeState }));
const GROUP = {
  id: 3,
  name: '东门',
  no: 'G-01',
  projectId: 2,
  description: '',
  speakers: refs,
  createdAt: '2026-05-01T08:00:00Z',
};

const VOD = {
  id: 7,
  projectId: 2,
  name: '寻人启事',
  deviceIds: [11, 12],
  groupIds: [],
  mediaIds: [1],
  volume: 70,
  repeat: 3,
  state: 'playing',
  devices: [
    { id: 11, name: '广场音柱' },
    { id: 12, name: '公园音柱' },
  ],
  groups: [],
  media: [{ id: 1, name: '国歌', duration: 5.2 }],
  durationSeconds: 15.6,
  speakers: [
    { id: 11, name: '广场音柱', state: 'playing' },
    { id: 12, name: '公园音柱', state: 'missed' },
  ],
  createdBy: 'admin',
  createdAt: '2026-05-01T08:00:00Z',
  updatedAt: '2026-05-01T08:00:00Z',
  startedAt: '2026-05-01T08:01:00Z',
  finishedAt: null,
};

const family = familyScreens({
  screen: PAGE,
  base: BASE,
  list: SPEAKERS,
  more: (call, pathname) => {
    const volume = /^\/api\/pjts\/2\/iot\/nsc\/(\d+)\/(volume|stop)$/.exec(pathname);
    if (volume && call.method === 'POST')
      return volume[1] === '12'
        ? { status: 409, json: { code: 'DEVICE_OFFLINE', message: '设备离线' } }
        : { json: { command: volume[2], ok: true, result: null, durationMs: 40, attempts: 1 } };
    if (pathname === `${BASE}/groups/pages`) return { json: pageOf([GROUP]) };
    if (pathname === `${BASE}/groups/options`) return { json: refs };
    if (pathname === `${BASE}/media/pages`) return { json: pageOf([]) };
    if (pathname === `${BASE}/media/options`) return { json: [{ id: 1, name: '国歌', duration: 5.2 }] };
    if (pathname === `${BASE}/vod/pages`) return { json: pageOf([VOD]) };
    const playback = /^\/api\/pjts\/2\/iot\/nsc\/vod\/7\/(play|pause|resume|stop)$/.exec(pathname);
    if (playback && call.method === 'POST')
      return {
        json: {
          vod: { ...VOD, state: 'paused' },
          speakers: [
            { id: 11, name: '广场音柱', outcome: 'sent' },
            { id: 12, name: '公园音柱', outcome: 'offline' },
          ],
        },
      };
    return undefined;
  },
});

/** The page's realtime channel (not the broadcast's socket). */
const realtimeSocket = () => FakeWebSocket.instances.find((s) => s.url.includes('/api/ws'))!;
const liveSocket = () => FakeWebSocket.instances.find((s) => s.url.includes('/iot/nsc/live'));
const say = (socket: FakeWebSocket, message: unknown) =>
  act(() => socket.onmessage?.(new MessageEvent('message', { data: JSON.stringify(message) })));
const push = (message: RealtimePush) => {
  const socket = realtimeSocket();
  act(() => {
    if (socket.readyState !== 1) socket.open();
    socket.push(message);
  });
};
/** A 20 ms tone at about half scale. */
const tone = () => Int16Array.from({ length: 320 }, (_, i) => Math.round(16000 * Math.sin(i / 3)));

describe('control center', () => {
  it('shows every speaker live, and sets a group’s volume on each member with one summary', async () => {
    const { calls } = family.serve(5, PAGE);
    const user = userEvent.setup();
    renderWithApp(<NscControlCenterPage />, { path: PAGE });
    const row = await family.rowWith('广场音柱');
    expect(within(row).getByTestId('nsc-control-playing').textContent).toBe('晨间广播');
    push({
      kind: 'telemetry',
      deviceId: 12,
      projectId: 2,
      type: 'nsc',
      values: { volume: 70, status: 'idle' },
      at: '2026-05-01T20:00:00Z',
    });
    await waitFor(async () =>
      expect(within(await family.rowWith('公园音柱')).getByTestId('nsc-control-volume').textContent).toBe('70'),
    );
    await user.click(within(screen.getByTestId('nsc-control-group')).getByRole('combobox'));
    await user.click(await screen.findByText('东门 (2 个终端)'));
    await user.click(screen.getByTestId('nsc-control-group-volume'));
    await waitFor(() =>
      expect(calls.filter((c) => /\/(11|12)\/volume$/.test(c.url.pathname)).map((c) => c.url.pathname)).toHaveLength(2),
    );
    // One summary naming the speaker that refused, not a toast per speaker.
    expect(await screen.findByText('东门：1 个终端未执行（公园音柱）')).toBeTruthy();
  }, 120_000);

  it('broadcasts the microphone to the chosen speakers and shows what each receives, then stops', async () => {
    family.serve(5, PAGE);
    const user = userEvent.setup();
    renderWithApp(<NscControlCenterPage />, { path: `${PAGE}?tab=broadcast` });
    await user.click(within(await screen.findByTestId('nsc-live-speakers')).getByRole('combobox'));
    await user.click(await screen.findByTitle('广场音柱'));
    await user.click(screen.getByTestId('nsc-live-start'));
    await waitFor(() => expect(liveSocket()).toBeTruthy());
    const socket = liveSocket()!;
    expect(socket.url).toContain(`${BASE}/live?deviceIds=11`);
    expect(socket.url).toContain('lang=zh_CN');
    const sent: Uint8Array[] = [];
    socket.send = ((data: Uint8Array) => sent.push(data)) as never;
    act(() => socket.open());
    say(socket, { kind: 'started', session: 'b1', speakers: [{ id: 11, name: '广场音柱' }] });
    const t0 = Date.now();
    act(() => {
      for (let i = 0; i < 5; i++) mic.onFrame!(tone(), t0 + i * 20);
    });
    expect(sent).toHaveLength(5);
    expect(readLiveFrame(sent[4]!)).toMatchObject({ seq: 4, capturedAt: t0 + 80 });
    say(socket, { kind: 'outcome', id: 11, outcome: 'pulling' });
    push({
      kind: 'telemetry',
      deviceId: 11,
      projectId: 2,
      type: 'nsc',
      values: { status: 'playing', live: { session: 'b1', level: 62, delayMs: 118.4, frames: 25, lost: 0 } },
      at: '2026-05-01T20:00:00Z',
    });
    const row = await screen.findByTestId('nsc-live-row-11');
    await waitFor(() => expect(within(row).getByTestId('nsc-live-delay').textContent).toBe('118 ms'));
    expect(row.textContent).toContain('正在接收');
    expect(screen.getByTestId('nsc-live-phase').textContent).toBe('正在广播');
    await waitFor(() => {
      act(() => mic.onFrame!(tone(), Date.now()));
      expect(Number(screen.getByTestId('nsc-live-mic-level').dataset.level)).toBeGreaterThan(50);
    });
    await user.click(screen.getByTestId('nsc-live-stop'));
    expect(socket.readyState).toBe(3);
    expect(mic.stop).toHaveBeenCalled();
    expect(screen.getByTestId('nsc-live-phase').textContent).toBe('未广播');
  }, 120_000);

  it('says the server’s refusal in words, and lets a viewer watch but not broadcast', async () => {
    family.serve(5, PAGE);
    const user = userEvent.setup();
    const { unmount } = renderWithApp(<NscControlCenterPage />, { path: `${PAGE}?tab=broadcast` });
    await user.click(screen.getByTestId('nsc-live-start'));
    expect(await screen.findByText('请至少选择一个广播终端或终端分组')).toBeTruthy();
    await user.click(within(screen.getByTestId('nsc-live-groups')).getByRole('combobox'));
    await user.click(await screen.findByTitle('东门'));
    await user.click(screen.getByTestId('nsc-live-start'));
    await waitFor(() => expect(liveSocket()).toBeTruthy());
    say(liveSocket()!, { kind: 'error', key: 'nsc.live.noSpeakers' });
    expect(await screen.findByText('所选分组中没有广播终端')).toBeTruthy();
    unmount();
    family.serve(1, PAGE);
    renderWithApp(<NscControlCenterPage />, { path: `${PAGE}?tab=broadcast` });
    expect(await screen.findByText('您对广播控制中心只有查看权限，不能发起广播')).toBeTruthy();
    expect((screen.getByTestId('nsc-live-start') as HTMLButtonElement).disabled).toBe(true);
  }, 120_000);

  it('plays the on-demand queue: pause says which speakers it missed, and the end is said when it comes', async () => {
    const { calls } = family.serve(5, PAGE);
    const user = userEvent.setup();
    renderWithApp(<NscControlCenterPage />, { path: `${PAGE}?tab=vod` });
    const row = await screen.findByTestId('nsc-vod-row-7');
    expect(within(row).getByTestId('nsc-vod-state').textContent).toBe('播放中');
    expect(row.textContent).toContain('3 次');
    expect(within(row).getByTestId('nsc-vod-speakers').textContent).toBe('2 个终端 (0/2 已结束)');
    await user.click(within(row).getByTestId('nsc-vod-pause-7'));
    await waitFor(() => expect(calls.some((c) => c.url.pathname === `${BASE}/vod/7/pause`)).toBe(true));
    // Spec 001 §8 "error while executing", naming the speaker not reached.
    expect(await screen.findByText('执行出错: 1 个终端未执行（公园音柱） (1/2 个终端已执行)')).toBeTruthy();
    push({
      kind: 'batch',
      batchId: 'nsc-vod-7',
      projectId: 2,
      type: 'nsc',
      command: 'vod',
      total: 1,
      acknowledged: 1,
      failed: 0,
      pending: 0,
      done: true,
      at: '2026-05-01T08:02:00Z',
    });
    expect(await screen.findByText('寻人启事 已结束')).toBeTruthy();
  }, 120_000);

  it('makes an on-demand task only with its media, checked before sending', async () => {
    const { calls } = family.serve(5, PAGE);
    const user = userEvent.setup();
    renderWithApp(<NscControlCenterPage />, { path: `${PAGE}?tab=vodTasks` });
    await family.rowWith('寻人启事');
    await user.click(await screen.findByRole('button', { name: /新\s*建|新增|创建/ }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox', { name: '名称' }), '午间通知');
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect((await within(dialog).findAllByText('请至少选择一个媒体')).length).toBeGreaterThan(0);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  }, 120_000);
});
