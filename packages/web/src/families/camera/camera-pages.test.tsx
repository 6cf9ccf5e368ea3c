import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { deviceSample } from '../../test/family-page';
import { renderWithApp } from '../../test/render';
import { deviceScreens, listedRows } from '../kit/test-fixtures';
import { camera } from '.';
import type { CameraListRow } from './api';
import CameraPage from './camera-page';
import LiveGridPage from './live-grid-page';

const CAM = '/api/pjts/2/iot/camera';
const row = listedRows<CameraListRow>('CAM', {
  code: 'C-1',
  serialNumber: 'SN1',
  streamMode: 'hls',
  ptzSupported: true,
  parentName: '一号录像机',
  live: 'live',
});
const CAMERAS = [
  row(71, '路口球机', {}),
  row(72, '门口枪机', { ptzSupported: false, registered: false, parentName: null, streamMode: null }),
];
const PROPS = {
  code: 'C-1',
  serialNumber: 'SN1',
  streamMode: 'rtsp',
  primaryChannel: 'rtsp://10.0.0.5/main',
  ptzSupported: true,
  dssDeviceCode: 'DSS-01',
  dssChannel: 3,
  multiStream: true,
  recordSource: 'center',
  cameraIndexCode: 'ISC-9',
  iscRecordSource: 'device',
};
const DOME = deviceSample(71, '路口球机', 'CAM', { type: 'camera', modelName: 'dahuadss', props: PROPS });
const FIXED = deviceSample(72, '门口枪机', 'CAM', {
  type: 'camera',
  modelName: 'dahuadss',
  props: { streamMode: 'rtsp' },
});

const family = deviceScreens(camera, {
  list: CAMERAS,
  device: DOME,
  more: (call, pathname) => {
    if (pathname.endsWith('/devices.do/one/72')) return { json: FIXED };
    if (pathname === `${CAM}/71/live`)
      return { json: { id: 71, available: false, reason: 'noFfmpeg', state: 'idle', playlist: null, copy: null } };
    if (pathname === `${CAM}/72/live`)
      return {
        json: {
          id: 72,
          available: true,
          reason: null,
          state: 'live',
          playlist: `${CAM}/72/live/index.m3u8`,
          copy: true,
        },
      };
    if (call.method === 'POST' && pathname.startsWith(`${CAM}/71/`)) {
      const command = pathname.split('/').at(-1)!;
      const result =
        command === 'snapshot'
          ? {
              pictures: [
                { at: '2026-05-01T08:00:00Z', image: null },
                { at: '2026-05-01T08:00:01Z', image: null },
              ],
            }
          : { pan: 0.5 };
      return { json: { command, ok: true, result, durationMs: 40, attempts: 1 } };
    }
    return undefined;
  },
});

family.listTests('cameras list', { register: '门口枪机', hidden: '路口球机' }, () => {
  it('shows stream mode, PTZ in words and the recorder', async () => {
    const { row: dome } = await family.openList('路口球机');
    expect(dome.textContent).toContain('HLS');
    expect(dome.querySelector('[data-ptz="true"]')?.textContent).toBe('支持');
    expect(dome.querySelector('[data-live="live"]')?.textContent).toBe('直播中');
    expect((await family.rowWith('门口枪机')).querySelector('[data-ptz="false"]')?.textContent).toBe('不支持');
    expect(screen.getByRole('columnheader', { name: '云台' })).toBeTruthy();
    // The stream gateway's pushes change the live state in place.
    family.pushReport(71, 'camera', { live: 'idle' }, '2026-05-01T20:15:00Z');
    await waitFor(() => expect(dome.querySelector('[data-live="idle"]')?.textContent).toBe('未播放'));
    family.pushReport(71, 'camera', { live: 'bogus' }, '2026-05-01T20:15:01Z');
    expect(dome.querySelector('[data-live="idle"]')).toBeTruthy();
  });
});

describe('camera page', () => {
  family.pageTest(
    'shows the stream, DSS and ISC fields in words, moves with the pad and takes snapshots',
    async ({ calls, user }) => {
      const dss = screen.getByTestId('camera-dss');
      expect(dss.textContent).toContain('DSS-01');
      expect(dss.textContent).toContain('中心录像');
      expect(dss.textContent).toContain('是');
      expect(screen.getByTestId('camera-isc').textContent).toContain('设备录像');
      expect(screen.getByTestId('camera-stream').textContent).toContain('rtsp://10.0.0.5/main');
      const pad = screen.getByTestId('camera-ptz');
      await user.pointer([{ keys: '[MouseLeft>]', target: within(pad).getByTestId('ptz-left') }]);
      await waitFor(() => expect(calls.some((c) => c.url.pathname === `${CAM}/71/ptz`)).toBe(true));
      expect(calls.find((c) => c.url.pathname === `${CAM}/71/ptz`)!.body?.get('action')).toBe('left');
      await user.pointer([{ keys: '[/MouseLeft]', target: within(pad).getByTestId('ptz-left') }]);
      await waitFor(() =>
        expect(calls.filter((c) => c.url.pathname === `${CAM}/71/ptz`).map((c) => c.body?.get('action'))).toEqual([
          'left',
          'stop',
        ]),
      );
      await user.click(within(pad).getByTestId('ptz-preset-goto'));
      await waitFor(() => expect(calls.some((c) => c.url.pathname === `${CAM}/71/preset`)).toBe(true));
      const shots = screen.getByTestId('camera-snapshot');
      await user.type(within(shots).getByTestId('snapshot-count'), '2');
      await user.click(within(shots).getByTestId('snapshot-take'));
      await waitFor(() =>
        expect(calls.find((c) => c.url.pathname === `${CAM}/71/snapshot`)?.body?.get('count')).toBe('2'),
      );
      expect(await screen.findByText('已抓拍 2 张')).toBeTruthy();
    },
  );

  it('says a camera without PTZ has none', async () => {
    await family.openDevice(<CameraPage />, '/pjt/pjtdevicecamera?id=72', 'camera', { named: '门口枪机' });
    expect(screen.getByTestId('ptz-unsupported').textContent).toBe('该摄像机不支持云台控制');
  }, 120_000);

  family.guardTests({
    offline: { button: /调\s*用/, message: '设备离线或通讯异常，请稍后重试' },
    readOnly: { ns: 'camera', table: 'camera-dss', buttons: [/重\s*启/, /抓\s*拍/] },
  });
});

describe('live grid', () => {
  const GRID = '/pjt/pjtcameralivegrid';

  it('puts cameras picked from the tree into tiles, says why video is unavailable, and switches to 3x3', async () => {
    family.serve(1, GRID);
    const user = userEvent.setup();
    renderWithApp(<LiveGridPage />, { path: GRID });
    const tree = await screen.findByTestId('grid-tree', undefined, { timeout: 20_000 });
    await user.click(await within(tree).findByText('路口球机', undefined, { timeout: 20_000 }));
    await user.click(within(tree).getByText('门口枪机'));
    const tiles = screen.getAllByTestId('grid-tile');
    expect(tiles).toHaveLength(4);
    expect(tiles[0]!.dataset.camera).toBe('路口球机');
    expect(await within(tiles[0]!).findByText(/服务器上没有 ffmpeg/)).toBeTruthy();
    // jsdom has no Media Source Extensions: the player says so in words.
    expect(await within(tiles[1]!).findByText('浏览器不支持播放该视频')).toBeTruthy();
    expect(within(tiles[1]!).getByText('正常')).toBeTruthy();
    await user.click(within(screen.getByTestId('grid-layout')).getByText('3×3'));
    expect(screen.getAllByTestId('grid-tile')).toHaveLength(9);
    await user.dblClick(screen.getAllByTestId('grid-tile')[0]!);
    expect(await screen.findByRole('dialog')).toBeTruthy();
  }, 120_000);
});
