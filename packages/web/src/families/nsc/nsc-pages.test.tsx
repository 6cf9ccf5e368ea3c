import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { familyScreens, listedSample, pageOf } from '../../test/family-page';
import { renderWithApp } from '../../test/render';
import type { NscMedia, NscMediaGroup, NscSpeaker } from './api';
import NscGroupPage from './groups-page';
import NscMediaPage from './media-page';
import NscListPage from './speakers-page';

const LIST = '/pjt/pjtdevicensclist';
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
const SPEAKERS = [
  speaker(11, '广场音柱'),
  speaker(12, '公园音柱', { activeState: 0, status: 'idle', playing: null, volume: null, reportedAt: null }),
];
const MEDIA: NscMedia[] = [
  {
    id: 1,
    projectId: 2,
    name: '国歌',
    description: '',
    fileName: 'anthem.mp3',
    size: 83_400,
    duration: 5.22,
    bitrate: 128000,
    createdAt: '2026-05-01T08:00:00Z',
  },
  {
    id: 2,
    projectId: 2,
    name: '安全提示',
    description: '',
    fileName: 'safety.mp3',
    size: 41_700,
    duration: 125,
    bitrate: 128000,
    createdAt: '2026-05-01T08:00:00Z',
  },
];
const MEDIA_GROUP: NscMediaGroup = {
  id: 5,
  groupId: 7,
  projectId: 2,
  name: '晚间节目',
  description: '',
  media: [
    { id: 2, name: '安全提示', duration: 125 },
    { id: 1, name: '国歌', duration: 5.22 },
  ],
  duration: 130.22,
  createdAt: '2026-05-01T08:00:00Z',
};

const family = familyScreens({
  screen: LIST,
  base: BASE,
  list: SPEAKERS,
  more: (call, pathname) => {
    if (pathname === `${BASE}/11/volume`)
      return { json: { command: 'volume', ok: true, result: null, durationMs: 40, attempts: 1 } };
    if (pathname === `${BASE}/groups/pages`)
      return {
        json: pageOf([
          {
            id: 3,
            name: '东门',
            no: 'G-01',
            projectId: 2,
            description: '',
            speakers: SPEAKERS.map(({ id, name, no, activeState }) => ({ id, name, no, activeState })),
            createdAt: '2026-05-01T08:00:00Z',
          },
        ]),
      };
    if (pathname === `${BASE}/groups/options`)
      return {
        json: SPEAKERS.map(({ id, name, no, activeState }, i) => ({
          id,
          name,
          no,
          activeState,
          lng: i === 0 ? 120.15 : null,
          lat: i === 0 ? 30.28 : null,
        })),
      };
    if (pathname === `${BASE}/media/pages`) return { json: pageOf(MEDIA) };
    if (pathname === `${BASE}/media/options`)
      return { json: MEDIA.map(({ id, name, duration }) => ({ id, name, duration })) };
    if (pathname === `${BASE}/mediagroups/pages`) return { json: pageOf([MEDIA_GROUP]) };
    if (pathname === `${BASE}/mediagroups` && call.method === 'POST') return { json: { ...MEDIA_GROUP, id: 6 } };
    return undefined;
  },
});

describe('speakers list', () => {
  it('shows the endpoint fields, volume and what each plays, and follows reports live', async () => {
    const { row } = await family.openList(<NscListPage />, LIST, '广场音柱');
    expect(row.textContent).toContain('00:1A:2B:3C:4D:11');
    expect(row.textContent).toContain('10.0.0.11');
    expect(row.textContent).toContain('NSC-2.3.1');
    expect(within(row).getByTestId('nsc-volume').textContent).toBe('60');
    expect(within(row).getByTestId('nsc-playing').textContent).toBe('晨间广播');
    expect(row.textContent).toContain('播放中');
    expect((await family.rowWith('公园音柱')).textContent).toContain('空闲');
    await family.goLive();
    // Sent again until it shows: on a loaded machine the list may subscribe after its first rows are drawn.
    await waitFor(async () => {
      family.pushReport(
        11,
        'nsc',
        { volume: 35, status: 'playing', playing: 'Safety notice', version: 'NSC-2.3.1' },
        '2026-05-01T20:15:00Z',
      );
      expect(within(await family.rowWith('广场音柱')).getByTestId('nsc-volume').textContent).toBe('35');
    });
    expect(within(await family.rowWith('广场音柱')).getByTestId('nsc-playing').textContent).toBe('Safety notice');
  }, 120_000);

  it('sets a speaker’s volume from its row, and hides the controls below the edit level', async () => {
    const { calls } = family.serve();
    const user = userEvent.setup();
    const { unmount } = renderWithApp(<NscListPage />, { path: LIST });
    await user.click(within(await family.rowWith('广场音柱')).getByTestId('nsc-volume-11'));
    const number = await screen.findByRole('spinbutton', { name: '音量' });
    await user.clear(number);
    await user.type(number, '25');
    await user.click(screen.getByTestId('nsc-volume-send'));
    await waitFor(() => expect(calls.some((c) => c.url.pathname === `${BASE}/11/volume`)).toBe(true));
    unmount();
    family.serve(1);
    renderWithApp(<NscListPage />, { path: LIST });
    await family.rowWith('广场音柱');
    expect(screen.queryByTestId('nsc-volume-11')).toBeNull();
  }, 120_000);
});

describe('terminal groups', () => {
  it('lists a group with its speakers online, and checks the contract rules before saving', async () => {
    const { calls } = family.serve(5, '/pjt/pjtdevicenscgroup');
    const user = userEvent.setup();
    renderWithApp(<NscGroupPage />, { path: '/pjt/pjtdevicenscgroup' });
    const row = await family.rowWith('G-01');
    expect(within(row).getByTestId('nsc-group-speakers').textContent).toBe('2 个终端 (1/2 在线)');
    await user.click(await screen.findByRole('button', { name: /新\s*建|新增|创建/ }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect((await within(dialog).findAllByText('请至少选择一个广播终端')).length).toBeGreaterThan(0);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    // Members may be picked on the map too: the speakers with a place are on it.
    await user.click(within(dialog).getByTestId('nsc-group-on-map'));
    expect(
      await within(dialog).findByText(
        '点击终端选中或取消；也可画一个区域，选中其中的全部终端（1/2 个终端有坐标）',
        {},
        { timeout: 20_000 },
      ),
    ).toBeTruthy();
    expect(within(dialog).getByTestId('area-map')).toBeTruthy();
  }, 120_000);
});

describe('media and media groups', () => {
  it('lists media with their duration, and refuses a file not named .mp3 before sending it', async () => {
    family.serve(5, '/pjt/pjtnscmediagroup');
    const user = userEvent.setup({ applyAccept: false });
    renderWithApp(<NscMediaPage />, { path: '/pjt/pjtnscmediagroup' });
    expect(within(await family.rowWith('anthem.mp3')).getByTestId('nsc-media-duration').textContent).toBe('0:05');
    expect(within(await family.rowWith('safety.mp3')).getByTestId('nsc-media-duration').textContent).toBe('2:05');
    expect(within(await family.rowWith('晚间节目')).getByTestId('nsc-group-media').textContent).toBe('安全提示 → 国歌');
    await user.click(screen.getByRole('button', { name: /上传 MP3/ }));
    const dialog = await screen.findByRole('dialog');
    const input = dialog.querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(input, new File(['RIFF....WAVE'], 'bell.wav', { type: 'audio/wav' }));
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect((await within(dialog).findAllByText('文件不是有效的 MP3 音频')).length).toBeGreaterThan(0);
    // The name was filled from the file's.
    expect((within(dialog).getByRole('textbox', { name: '名称' }) as HTMLInputElement).value).toBe('bell');
  }, 120_000);

  it('makes a media group with its media in the order chosen', async () => {
    const { calls } = family.serve(5, '/pjt/pjtnscmediagroup');
    const user = userEvent.setup();
    renderWithApp(<NscMediaPage />, { path: '/pjt/pjtnscmediagroup' });
    await family.rowWith('晚间节目');
    const create = await screen.findAllByRole('button', { name: /新\s*建|新增|创建/ });
    await user.click(create.at(-1)!);
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('spinbutton'), '9');
    await user.type(within(dialog).getByRole('textbox', { name: '名称' }), '早间节目');
    const add = async (label: string) => {
      await user.click(within(dialog).getByRole('combobox'));
      await user.click(await screen.findByText(label));
    };
    await add('国歌 (0:05)');
    await add('安全提示 (2:05)');
    await user.click(within(dialog).getAllByRole('button', { name: '上移' })[1]!);
    expect(within(dialog).getByTestId('nsc-media-order').textContent).toMatch(/1\. 安全提示.*2\. 国歌/);
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const body = calls.find((c) => c.method === 'POST')!.body!;
    expect(body.get('groupId')).toBe('9');
    expect(body.getAll('mediaIds').join(',') || body.get('mediaIds')).toBe('2,1');
  }, 120_000);
});
