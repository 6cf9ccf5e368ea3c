import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { changeLang } from '../../i18n/i18n';
import { deviceSample } from '../../test/family-page';
import { deviceScreens, listedRows } from '../kit/test-fixtures';
import { dvr } from '.';
import type { DvrListRow } from './api';

const DVR = '/api/pjts/2/iot/dvr';
const row = listedRows<DvrListRow>('DVR', {
  modelName: '大华本地',
  groupName: '东区一组',
  ip: '192.168.1.64',
  mac: 'AA:BB:CC:00:11:22',
  channelCount: 8,
  boundCount: 2,
});
const RECORDERS = [
  row(81, '东门录像机', {}),
  row(82, '西门录像机', { registered: false, ip: null, mac: null, channelCount: null, modelName: null }),
];
const DEVICE = deviceSample(81, '东门录像机', 'DVR', {
  type: 'dvr',
  modelName: '大华本地',
  props: { channelCount: 4 },
});
const cam = (id: number, name: string) => ({ id, name, no: `CAM-${id}`, activeState: 1 });
const CHANNELS = {
  id: 81,
  channelCount: 4,
  channels: [
    { channel: 1, camera: cam(71, '路口球机') },
    { channel: 2, camera: null },
    { channel: 3, camera: null },
    { channel: 4, camera: null },
  ],
};
const CAMERAS = [
  { ...cam(71, '路口球机'), channel: 1 },
  { ...cam(72, '门口枪机'), channel: null },
];
const FILES = {
  id: 81,
  from: '2026-05-01T00:00:00.000Z',
  to: '2026-05-01T06:00:00.000Z',
  truncated: false,
  files: [
    {
      channel: 1,
      camera: cam(71, '路口球机'),
      type: 'event',
      start: '2026-05-01T01:10:00.000Z',
      end: '2026-05-01T01:11:30.000Z',
      seconds: 90,
      size: 22_500_000,
    },
    {
      channel: 2,
      camera: null,
      type: 'normal',
      start: '2026-05-01T02:00:00.000Z',
      end: '2026-05-01T02:30:00.000Z',
      seconds: 1800,
      size: 450_000_000,
    },
  ],
};

const family = deviceScreens(dvr, {
  list: RECORDERS,
  device: DEVICE,
  more: (call, pathname) => {
    if (pathname === `${DVR}/81/channels`) return { json: CHANNELS };
    if (pathname === `${DVR}/81/cameras`) return { json: CAMERAS };
    if (pathname === `${DVR}/81/bind` && call.body?.get('cameraId') === '72')
      return {
        json: {
          ...CHANNELS,
          channels: CHANNELS.channels.map((c) => (c.channel === 2 ? { channel: 2, camera: cam(72, '门口枪机') } : c)),
        },
      };
    if (pathname === `${DVR}/81/unbind`)
      return { json: { ...CHANNELS, channels: CHANNELS.channels.map((c) => ({ ...c, camera: null })) } };
    if (pathname === `${DVR}/81/records`) return { json: FILES };
    // Channel 1's file replays (sped up); channel 2's recorder answers 409 with the server's words.
    if (pathname === `${DVR}/81/replay` && call.url.searchParams.get('channel') === '2')
      return {
        status: 409,
        json: { statusCode: 409, code: 'DEVICE_OFFLINE', message: '设备离线或通讯异常，请稍后重试' },
      };
    if (pathname === `${DVR}/81/replay`)
      return {
        json: {
          id: 81,
          channel: 1,
          available: true,
          reason: null,
          state: 'live',
          from: call.url.searchParams.get('from'),
          to: call.url.searchParams.get('to'),
          playlist: `${DVR}/81/replay/1-2-3/index.m3u8`,
          duration: 45,
          speed: 2,
        },
      };
    if (call.method === 'POST' && pathname.startsWith(`${DVR}/81/`)) {
      const command = pathname.split('/').at(-1)!;
      return { json: { command, ok: true, result: null, durationMs: 40, attempts: 1 } };
    }
    return undefined;
  },
});

family.listTests('recorders list', { register: '西门录像机', hidden: '东门录像机' }, () => {
  it('shows model, group, address, MAC and channel count, dashes where not set', async () => {
    const { row: east } = await family.openList('东门录像机');
    for (const text of ['大华本地', '东区一组', '192.168.1.64', 'AA:BB:CC:00:11:22'])
      expect(east.textContent).toContain(text);
    expect(within(east).getByTestId('dvr-channel-count').textContent).toBe('8');
    const west = await family.rowWith('西门录像机');
    expect(within(west).getByTestId('dvr-channel-count').textContent).toBe('—');
    for (const name of ['型号', '分组', 'IPv4 地址', 'MAC 地址', '通道数'])
      expect(screen.getByRole('columnheader', { name })).toBeTruthy();
  });
});

describe('recorder page', () => {
  family.pageTest(
    'lists the channels with their cameras, binds a camera to a free channel and frees one',
    async ({ calls, user }) => {
      const card = screen.getByTestId('dvr-channels');
      await within(card).findByText('路口球机');
      expect(within(card).getByTestId('dvr-channels-summary').textContent).toBe('1 / 4 个通道已绑定');
      expect(within(card).getAllByText('空闲')).toHaveLength(3);
      const second = within(card).getAllByRole('row')[2]!;
      await user.click(within(second).getByRole('button', { name: /绑\s*定/ }));
      const dialog = await screen.findByRole('dialog');
      expect(within(dialog).getByText('绑定通道 2')).toBeTruthy();
      await user.click(within(dialog).getByRole('combobox'));
      // The camera already on channel 1 is shown so and not offered.
      const taken = await screen.findByText('(已在通道 1)');
      expect(taken.closest('.ant-select-item-option')?.getAttribute('aria-disabled')).toBe('true');
      await user.click(await screen.findByText('门口枪机'));
      await user.click(within(dialog).getByTestId('dvr-bind-ok'));
      await waitFor(() => expect(calls.some((c) => c.url.pathname === `${DVR}/81/bind`)).toBe(true));
      const bind = calls.find((c) => c.url.pathname === `${DVR}/81/bind`)!;
      expect([bind.body?.get('channel'), bind.body?.get('cameraId')]).toEqual(['2', '72']);
      expect(await screen.findByText('摄像机“门口枪机”已绑定到通道 2')).toBeTruthy();
      await within(card).findByText('门口枪机');

      const first = within(card).getAllByRole('row')[1]!;
      await user.click(within(first).getByRole('button', { name: /解\s*绑/ }));
      expect(await screen.findByText('确定解除通道 1 与摄像机“路口球机”的绑定？')).toBeTruthy();
      await user.click(screen.getByRole('button', { name: /确\s*定/ }));
      await waitFor(() =>
        expect(calls.find((c) => c.url.pathname === `${DVR}/81/unbind`)?.body?.get('channel')).toBe('1'),
      );
      expect(await screen.findByText('通道 1 已解绑')).toBeTruthy();
    },
  );

  it("shows the server's reason when a binding is refused, in the dialog", async () => {
    const message = '请选择录像机所在项目的摄像机';
    const { user } = await family.openPage({
      first: (call) =>
        call.url.pathname === `${DVR}/81/bind`
          ? { status: 400, json: { statusCode: 400, code: 'VALIDATION', message } }
          : undefined,
    });
    const card = screen.getByTestId('dvr-channels');
    await within(card).findByText('路口球机');
    await user.click(within(within(card).getAllByRole('row')[3]!).getByRole('button', { name: /绑\s*定/ }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('combobox'));
    await user.click(await screen.findByText('门口枪机'));
    await user.click(within(dialog).getByTestId('dvr-bind-ok'));
    expect((await within(dialog).findByTestId('dvr-bind-error')).textContent).toBe(message);
  }, 120_000);

  it('searches record files of a period by type and channel, in words', async () => {
    const { calls, user } = await family.openPage();
    const card = screen.getByTestId('dvr-records');
    expect(within(card).getByText('选择时间段（最长 24 小时）后查询，录像机返回其保存的录像文件')).toBeTruthy();
    await user.click(within(card).getByRole('combobox', { name: '录像类型' }));
    await user.click(await screen.findByText('事件录像', { selector: '.ant-select-item-option-content' }));
    await user.click(within(card).getByTestId('dvr-records-search'));
    await waitFor(() => expect(calls.some((c) => c.url.pathname === `${DVR}/81/records`)).toBe(true));
    const body = calls.find((c) => c.url.pathname === `${DVR}/81/records`)!.body!;
    expect(body.get('type')).toBe('event');
    const span = Date.parse(body.get('to')!) - Date.parse(body.get('from')!);
    expect(span).toBe(6 * 3_600_000);
    const event = await within(card).findByText('路口球机');
    const eventRow = event.closest('tr')!;
    expect(within(eventRow).getByText('事件录像')).toBeTruthy();
    expect(eventRow.textContent).toContain('1 分钟 30 秒');
    expect(eventRow.textContent).toContain('21.5 MB');
    expect(within(card).getByText('普通录像')).toBeTruthy();
    expect(within(card).getByTestId('dvr-records-count').textContent).toBe('共 2 个文件');
  }, 120_000);

  it('plays a file of the list in the replay player, and says a refusal in words', async () => {
    const { calls, user } = await family.openPage();
    const card = screen.getByTestId('dvr-records');
    await user.click(within(card).getByTestId('dvr-records-search'));
    const eventRow = (await within(card).findByText('路口球机')).closest('tr')!;
    await user.click(within(eventRow).getByTestId('dvr-record-play'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('录像回放 · 通道 1 · 路口球机')).toBeTruthy();
    await waitFor(() => expect(calls.some((c) => c.url.pathname === `${DVR}/81/replay`)).toBe(true));
    // The file itself: its channel, start and end.
    const asked = calls.find((c) => c.url.pathname === `${DVR}/81/replay`)!.url.searchParams;
    expect([asked.get('channel'), asked.get('from'), asked.get('to')]).toEqual([
      '1',
      '2026-05-01T01:10:00.000Z',
      '2026-05-01T01:11:30.000Z',
    ]);
    expect((await within(dialog).findByTestId('replay-speed')).textContent).toBe('2 倍速');
    expect(within(dialog).getByTestId('replay-period').textContent).toContain(' 至 ');
    // jsdom has no Media Source Extensions: the player says so in words.
    expect((await within(dialog).findByTestId('replay-error')).textContent).toBe('浏览器不支持播放该视频');
    await user.click(within(dialog).getByRole('button', { name: /close|关闭/i }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // Channel 2's file, the recorder offline: the server's words over the picture.
    const normalRow = within(card).getByText('普通录像').closest('tr')!;
    await user.click(within(normalRow).getByTestId('dvr-record-play'));
    const second = await screen.findByRole('dialog');
    expect(within(second).getByText('录像回放 · 通道 2')).toBeTruthy();
    expect((await within(second).findByTestId('replay-error')).textContent).toContain('设备离线或通讯异常，请稍后重试');
    expect(
      calls.filter((c) => c.url.pathname === `${DVR}/81/replay`).map((c) => c.url.searchParams.get('channel')),
    ).toEqual(['1', '2']);
  }, 120_000);

  it('says a recorder without a channel count has no channels to bind', async () => {
    await family.openPage({
      first: (call) =>
        call.url.pathname === `${DVR}/81/channels` ? { json: { id: 81, channelCount: 0, channels: [] } } : undefined,
    });
    const card = screen.getByTestId('dvr-channels');
    expect(await within(card).findByText('录像机未设置通道数，请先在设备编辑中填写通道数')).toBeTruthy();
    expect(within(card).queryByRole('button', { name: /绑\s*定/ })).toBeNull();
  }, 120_000);

  it('lets a viewer search the record files and play one, without binding or commands', async () => {
    const { calls, user } = await family.openPage({ level: 1 });
    const card = screen.getByTestId('dvr-records');
    await user.click(within(card).getByTestId('dvr-records-search'));
    const eventRow = (await within(card).findByText('路口球机')).closest('tr')!;
    await user.click(within(eventRow).getByTestId('dvr-record-play'));
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(calls.some((c) => c.url.pathname === `${DVR}/81/replay`)).toBe(true));
    expect(await within(dialog).findByTestId('replay-error')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: /close|关闭/i }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByRole('button', { name: /绑\s*定/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /重\s*启/ })).toBeNull();
  }, 120_000);

  it('is in English too', async () => {
    await changeLang('en_US');
    const { user } = await family.openPage();
    expect(await screen.findByText('Channels and cameras')).toBeTruthy();
    expect(screen.getByText('Record files')).toBeTruthy();
    expect(screen.getByTestId('dvr-channels-summary').textContent).toBe('1 of 4 channels bound');
    await user.click(within(screen.getByTestId('dvr-records')).getByTestId('dvr-records-search'));
    await user.click((await screen.findAllByTestId('dvr-record-play'))[0]!);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Replay · channel 1 · 路口球机')).toBeTruthy();
    expect((await within(dialog).findByTestId('replay-speed')).textContent).toBe('2× speed');
    expect((await within(dialog).findByTestId('replay-error')).textContent).toBe('This browser cannot play the video');
  }, 120_000);

  family.guardTests({
    offline: { button: /查\s*询/, message: '设备离线或通讯异常，请稍后重试' },
    readOnly: { ns: 'dvr', table: 'dvr-channels', buttons: [/重\s*启/, /绑\s*定/, /校\s*时/] },
  });
});
